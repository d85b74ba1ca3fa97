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
}

export type AppEnv = {
  /** Passed by the HTTP server with each request (see server/http.ts); absent for in-process calls. */
  Bindings: { clientIp?: string }
  Variables: {
    principal: Principal
  }
}
