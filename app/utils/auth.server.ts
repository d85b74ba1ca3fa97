import { redirect } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { ErrorBody } from '~/api/errors'
import type { Me as MeSchema } from '~/api/platform/auth'
import type { UserType } from '~/db/schema'
import { callApi, readBody, requireSession, type Answer, type PageArgs } from './api-client.server'
import { readJwtClaims } from './jwt.server'
import { createSession, type Tokens } from './session.server'

/** Where each kind of user works. Owners have no area yet, so they land on the home page. */
export const HOME_OF: Record<UserType, string> = {
  property_manager: '/app/',
  resident: '/rc/',
  maintenance_technician: '/mt/',
  property_owner: '/',
}

export type SignedIn = Tokens & { user_type: UserType }

/** A failed login, carrying the API's answer so the form can show it. */
export class LoginFailed extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.detail)
  }
}

/** The UI signs in through the API's login call, like any other client. */
export const authenticator = new Authenticator<SignedIn>()
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const response = await callApi('login/', {
      method: 'POST',
      body: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      request,
    })
    const body = await readBody<SignedIn & ErrorBody>(response)
    if (!response.ok) throw new LoginFailed(response.status, body)
    return body
  }),
  'form',
)

/** Opens a browser session for tokens the API issued and sends the person to their area. */
export async function signInAndRedirect(request: Request, signedIn: SignedIn, redirectTo?: string | null) {
  const userId = String(readJwtClaims(signedIn.access).sub)
  const cookie = await createSession(userId, signedIn, request.headers.get('user-agent'))
  const home = HOME_OF[signedIn.user_type]
  const target = redirectTo && isSafeRedirect(redirectTo) && redirectTo.startsWith(home) ? redirectTo : home
  return redirect(target, { headers: { 'set-cookie': cookie } })
}

/** Only paths on this site: never `//evil.example` or an absolute URL. */
export function isSafeRedirect(to: string) {
  return to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\')
}

/** The signed-in person, their company, permissions and settings, as GET auth/me/ answers. */
export type Me = Answer<typeof MeSchema>

/** The signed-in person of this area, or a redirect to their own area (or to login). */
export async function requireArea(page: PageArgs, userType: UserType) {
  const { api, session } = await requireSession(page)
  const me = await api.get<Me>('auth/me/')
  if (me.user.user_type !== userType) throw redirect(HOME_OF[me.user.user_type])
  return { api, me, session }
}
