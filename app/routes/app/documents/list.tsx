import { Link } from 'react-router'
import { Instant } from '~/components/instant'
import { Breadcrumbs, EmptyState, ListToolbar, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { AttachedLink, typeLabel, type DocumentItem } from '~/components/resource/attachments'
import { attachedTo } from '~/components/resource/attachments.server'
import { DOCUMENT_TYPES } from '~/domain/reference-data'
import { requireSession } from '~/utils/api-client.server'
import { formatBytes } from '~/utils/file-types'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = () => [{ title: title('Documents') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const page = await api.get<Page<DocumentItem>>(`documents/?${listQuery(url, ['document_type'])}`)
  return { page: { ...page, results: page.results.map((document) => ({ ...document, about: attachedTo(document) })) } }
}

/** Every document of the company, newest first; a document is uploaded on the page of the record it belongs to. */
export default function Documents({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Dashboard', href: '/app/' }, { label: 'Documents' }]} />
      <PageHeader title="Documents" />
      <p className="text-sm text-muted-foreground">Documents are uploaded on the page of the record they belong to: a resident, a unit, a building…</p>
      <ListToolbar placeholder="Document name" filters={[{ name: 'document_type', label: 'Type', options: DOCUMENT_TYPES.map((t) => ({ value: t.value, label: t.label })) }]} />
      {page.results.length === 0 ? (
        <EmptyState title="No documents match" />
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Type</Th>
              <Th>About</Th>
              <Th numeric>Size</Th>
              <Th>Uploaded</Th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((document) => (
              <tr key={document.id}>
                <Td>
                  <Link to={`/app/documents/${document.id}/`} className="font-medium text-primary underline">
                    {document.name}
                  </Link>
                </Td>
                <Td>{typeLabel(document.document_type)}</Td>
                <Td>
                  <AttachedLink to={document.about} />
                </Td>
                <Td className="text-right tabular-nums">{formatBytes(document.size_bytes)}</Td>
                <Td>
                  <Instant at={document.created_at} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}
