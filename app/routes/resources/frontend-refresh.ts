import { parseWithZod } from '@conform-to/zod/v4'
import { FrontendCacheRefresh } from '~/api/platform/workspace'
import { readSession } from '~/utils/session.server'
import { sessionApi } from '~/utils/api-client.server'
import type { Route } from './+types/frontend-refresh'

/** Records that this browser reloaded onto a new version (fired by the root's version check). */
export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: FrontendCacheRefresh })
  if (submission.status !== 'success') return new Response(null, { status: 400 })
  const session = await readSession(request)
  if (session) await sessionApi({ request, url }, session).send('POST', 'record-frontend-cache-refresh/', submission.value)
  return new Response(null, { status: 204 })
}
