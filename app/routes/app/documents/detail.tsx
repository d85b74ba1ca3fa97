import { Download } from 'lucide-react'
import { Instant } from '~/components/instant'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { AttachedLink, documentDownloadPath, typeLabel, type DocumentItem } from '~/components/resource/attachments'
import { attachedTo } from '~/components/resource/attachments.server'
import { buttonVariants } from '~/components/ui/button'
import { requireSession } from '~/utils/api-client.server'
import { formatBytes } from '~/utils/file-types'
import { title } from '~/utils/misc'
import type { Route } from './+types/detail'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.document.name ?? 'Page not found') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const document = await api.get<DocumentItem>(`documents/${params.id}/`)
  return { document, about: attachedTo(document) }
}

export default function Document({ loaderData }: Route.ComponentProps) {
  const { document, about } = loaderData
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Documents', href: '/app/documents/' }, { label: document.name }]} />
      <PageHeader title={document.name}>
        <a href={documentDownloadPath(document.id)} className={buttonVariants({ variant: 'secondary' })}>
          <Download aria-hidden className="size-4" /> Download
        </a>
      </PageHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Type</dt>
        <dd>{typeLabel(document.document_type)}</dd>
        <dt className="font-medium">About</dt>
        <dd>
          <AttachedLink to={about} />
        </dd>
        <dt className="font-medium">Size</dt>
        <dd>{formatBytes(document.size_bytes)}</dd>
        <dt className="font-medium">Uploaded by</dt>
        <dd>{document.uploaded_by_name}</dd>
        <dt className="font-medium">Uploaded</dt>
        <dd>
          <Instant at={document.created_at} />
        </dd>
      </dl>
    </div>
  )
}
