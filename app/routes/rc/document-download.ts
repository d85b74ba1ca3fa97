import type { LoaderFunctionArgs } from 'react-router'
import { fileResponse } from '~/components/resource/attachments.server'
import { requireSession } from '~/utils/api-client.server'

/** /rc/documents/download/:documentId: a document shared with the signed-in resident, saved under its name. */
export async function loader({ request, params, url }: LoaderFunctionArgs) {
  const { api } = await requireSession({ request, url })
  return fileResponse(api, `resident-center/documents/${encodeURIComponent(params.documentId ?? '')}/download/`)
}
