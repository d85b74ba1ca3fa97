import { redirect } from 'react-router'
import { callApi } from '~/utils/api-client.server'
import type { Route } from './+types/sign-document'

/**
 * The lease a signing link sends to sign, as its PDF, for the signer to read before signing. A link
 * that cannot show it (unknown, or its request canceled) goes back to its page, which says why.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await callApi(`sign/${encodeURIComponent(params.token)}/document/`, { request })
  if (!response.ok) throw redirect(`/sign/${encodeURIComponent(params.token)}/`, 303)
  return new Response(response.body, {
    headers: { 'content-type': 'application/pdf', 'content-disposition': response.headers.get('content-disposition') ?? 'inline', 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' },
  })
}
