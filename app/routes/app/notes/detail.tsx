import { Instant } from '~/components/instant'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { AttachedLink, type NoteItem } from '~/components/resource/attachments'
import { attachedTo } from '~/components/resource/attachments.server'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/detail'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Note by ${loaderData.note.author_name}` : 'Page not found') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const note = await api.get<NoteItem>(`notes/${params.id}/`)
  return { note, about: attachedTo(note) }
}

export default function Note({ loaderData }: Route.ComponentProps) {
  const { note, about } = loaderData
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Notes', href: '/app/notes/' }, { label: 'Note' }]} />
      <PageHeader title={`Note by ${note.author_name}`} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">About</dt>
        <dd>
          <AttachedLink to={about} />
        </dd>
        <dt className="font-medium">Written</dt>
        <dd>
          <Instant at={note.created_at} />
        </dd>
        {note.updated_at !== note.created_at ? (
          <>
            <dt className="font-medium">Edited</dt>
            <dd>
              <Instant at={note.updated_at} />
            </dd>
          </>
        ) : null}
      </dl>
      <p className="whitespace-pre-wrap rounded-md border bg-background p-4">{note.body}</p>
    </div>
  )
}
