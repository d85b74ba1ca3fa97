import type { LoaderFunctionArgs } from 'react-router'
import { fileResponse } from '~/components/resource/attachments.server'
import { requireSession } from '~/utils/api-client.server'

/** /rc/work-orders/:workOrderId/photos/:photoId: a photo of one of the signed-in resident's work orders, shown in the page. */
export async function loader({ request, params, url }: LoaderFunctionArgs) {
  const { api } = await requireSession({ request, url })
  return fileResponse(api, `resident-center/work-orders/${encodeURIComponent(params.workOrderId ?? '')}/photos/${encodeURIComponent(params.photoId ?? '')}/download/`)
}
