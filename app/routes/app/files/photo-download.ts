import type { LoaderFunctionArgs } from 'react-router'
import { fileResponse } from '~/components/resource/attachments.server'
import { requireSession } from '~/utils/api-client.server'

/** /app/photos/:id/download: a photo for the signed-in person, shown in the page. */
export async function loader({ request, params, url }: LoaderFunctionArgs) {
  const { api } = await requireSession({ request, url })
  return fileResponse(api, `photos/${encodeURIComponent(params.id ?? '')}/download/`)
}
