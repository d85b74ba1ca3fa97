import { redirect } from 'react-router'
import { callApi } from '~/utils/api-client.server'
import { destroySession, readSession } from '~/utils/session.server'
import type { Route } from './+types/logout'

/** Ends the login at the API and in the browser, then goes home (SPEC.md §4). */
export async function action({ request }: Route.ActionArgs) {
  const session = await readSession(request)
  if (session) await callApi('logout/', { method: 'POST', body: { refresh: session.refreshToken }, request })
  return redirect('/', { headers: { 'set-cookie': await destroySession(request) } })
}

export const loader = () => redirect('/')
