import { Link } from 'react-router'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { Card, CardContent } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/signature-requests-new'

/*
 * Where SPEC.md §2 puts a new signature request: one is made by sending a draft lease to sign (its
 * Send to sign online action, on the lease's page), so this page lists the drafts that can be sent
 * and leads to each.
 */

/** What this page reads of the leases' list (its definition's output: app/resources/leases.ts). */
type LeaseList = { results: { id: string; label: string; resident_names: string; can_send_to_sign: boolean }[] }

export const meta: Route.MetaFunction = () => [{ title: title('New Signature Request') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const drafts = await api.get<LeaseList>('leases/?status=DRAFT&page_size=100&ordering=label')
  return { leases: drafts.results.filter((l) => l.can_send_to_sign).map((l) => ({ id: l.id, label: l.label, residents: l.resident_names })) }
}

export default function NewSignatureRequest({ loaderData }: Route.ComponentProps) {
  const { leases } = loaderData
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Signature Requests', href: '/app/signature-requests/' }, { label: 'New' }]} />
      <PageHeader title="New Signature Request" />
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6 text-sm">
          <p>A lease is sent to sign from its own page: open a draft lease and press Send to sign online. Its residents are e-mailed their links in turn, and it becomes active once all have signed.</p>
          {leases.length ? (
            <>
              <p>Draft leases ready to send:</p>
              <ul className="flex flex-col gap-2">
                {leases.map((lease) => (
                  <li key={lease.id}>
                    <Link className="text-primary underline" to={`/app/leases/${lease.id}/`}>
                      {lease.label}
                    </Link>{' '}
                    <span className="text-muted-foreground">{lease.residents}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>
              No draft lease can be sent now: e-signature may be off in the workspace settings, or every draft is out for signature already.{' '}
              <Link className="underline" to="/app/leases/?status=DRAFT">
                Draft leases
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
