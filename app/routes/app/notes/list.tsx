import { Link } from 'react-router'
import { Instant } from '~/components/instant'
import { Breadcrumbs, EmptyState, ListToolbar, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { AttachedLink, type NoteItem } from '~/components/resource/attachments'
import { attachedTo } from '~/components/resource/attachments.server'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = () => [{ title: title('Notes') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const page = await api.get<Page<NoteItem>>(`notes/?${listQuery(url)}`)
  return { page: { ...page, results: page.results.map((note) => ({ ...note, about: attachedTo(note) })) } }
}

/** Every note of the company, newest first; a note is written on the page of the record it is about. */
export default function Notes({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Dashboard', href: '/app/' }, { label: 'Notes' }]} />
      <PageHeader title="Notes" />
      <p className="text-sm text-muted-foreground">Notes are written on the page of the record they are about: a resident, a unit, a building…</p>
      <ListToolbar placeholder="Words in the note" />
      {page.results.length === 0 ? (
        <EmptyState title="No notes match" />
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Note</Th>
              <Th>About</Th>
              <Th>Author</Th>
              <Th>Written</Th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((note) => (
              <tr key={note.id}>
                <Td className="max-w-md">
                  <Link to={`/app/notes/${note.id}/`} className="line-clamp-2 font-medium text-primary underline">
                    {note.body}
                  </Link>
                </Td>
                <Td>
                  <AttachedLink to={note.about} />
                </Td>
                <Td>{note.author_name}</Td>
                <Td>
                  <Instant at={note.created_at} />
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
