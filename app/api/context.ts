import type { PermissionColumn } from '~/domain/permissions'
import type { UserType } from '~/db/schema'
import type { HandOver } from './body'

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
   * Passed with each request by its caller: the HTTP server (server/http.ts) or the UI's in-process
   * call (utils/api-client). `body` is a JSON body already read off the socket or never written to
   * one; `clientIp` the address the HTTP server saw; `handOver` where an in-process caller is handed
   * its JSON answer (body.ts).
   */
  Bindings: { clientIp?: string; body?: string; handOver?: HandOver }
  Variables: {
    principal: Principal
  }
}
