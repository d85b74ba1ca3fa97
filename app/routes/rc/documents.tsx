import { Link } from 'react-router'
import type { ResidentDocuments } from '~/api/leasing/resident-center'
import { BackLink, Documents } from '~/components/resident-center'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/documents'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.documents.resident ? `Documents of ${loaderData.documents.resident.name}` : 'Documents') }]

/** /rc/documents/: every document shared with the resident; /rc/documents/:residentId/: those of one of their own records. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const path = params.residentId ? `resident-center/residents/${encodeURIComponent(params.residentId)}/documents/` : 'resident-center/documents/'
  return { documents: await api.get<Answer<typeof ResidentDocuments>>(path) }
}

export default function ResidentDocumentsPage({ loaderData }: Route.ComponentProps) {
  const { residents, resident, results } = loaderData.documents
  return (
    <div className="flex flex-col gap-6">
      {resident ? <BackLink to="/rc/documents/" label="All documents" /> : <BackLink to="/rc/" label="Dashboard" />}
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{resident ? `Documents of ${resident.name}` : 'Documents'}</h1>
        <p className="text-sm text-muted-foreground">Papers the office keeps on your record and your leases, newest first.</p>
      </div>
      {/* Someone the office knows under more than one record (two leases, say) can narrow to one. */}
      {residents.length > 1 ? (
        <nav aria-label="Documents by record" className="flex flex-wrap gap-x-4">
          {residents.map((r) => (
            <Link key={r.id} to={`/rc/documents/${r.id}/`} className="flex min-h-11 items-center text-primary underline">
              {r.name}
            </Link>
          ))}
        </nav>
      ) : null}
      <Documents documents={results} />
    </div>
  )
}
