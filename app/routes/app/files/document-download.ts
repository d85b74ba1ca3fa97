import type { LoaderFunctionArgs } from 'react-router'
import { fileResponse } from '~/components/resource/attachments.server'
import { requireSession } from '~/utils/api-client.server'

/** /app/documents/:id/download: a document's bytes for the signed-in person, saved under its name. */
export async function loader({ request, params, url }: LoaderFunctionArgs) {
  const { api } = await requireSession({ request, url })
  return fileResponse(api, `documents/${encodeURIComponent(params.id ?? '')}/download/`)
}
