import { fileResponse } from '~/components/resource/attachments.server'
import { requireSession } from '~/utils/api-client.server'
import type { Route } from './+types/work-order-photo'

/** /mt/work-orders/:workOrderId/photos/:photoId/: a photo of one of the technician's work orders, shown inline. */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return fileResponse(api, `technician/work-orders/${encodeURIComponent(params.workOrderId)}/photos/${encodeURIComponent(params.photoId)}/download/`)
}
