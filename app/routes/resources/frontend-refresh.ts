import { readSession } from '~/utils/session.server'
import { sessionApi } from '~/utils/api-client.server'
import type { Route } from './+types/frontend-refresh'

/** Records that this browser reloaded onto a new version (fired by the root's version check). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const session = await readSession(request)
  if (session) await sessionApi(request, session).send('POST', 'record-frontend-cache-refresh/', { timestamp: Number(form.get('timestamp')) })
  return new Response(null, { status: 204 })
}
