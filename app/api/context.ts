import type { PermissionColumn } from '~/domain/permissions'
import type { UserType } from '~/db/schema'

/** Who is calling, resolved once per request by the auth middleware. */
export type Principal = {
  userId: string
  companyId: string
  userType: UserType
  email: string
  isCompanyAdmin: boolean
  permissions: Record<PermissionColumn, boolean>
  /** Set when the call authenticated with an API key rather than a user token. */
  apiKeyId?: string
  /** The login (refresh-token family) an access token belongs to; absent for API keys. */
  sessionId?: string
}

export type AppEnv = {
  /**
   * Passed by the HTTP server with each request (see server/http.ts); absent for in-process calls.
   * `body` is a JSON body the server has already read off the socket.
   */
  Bindings: { clientIp?: string; body?: string }
  Variables: {
    principal: Principal
  }
}
