import { data } from 'react-router'
import { flagOf, missingPermission, type PermissionGroup, type UserPermissions } from '~/domain/permissions'
import type { Api } from './api-client.server'

/**
 * A form page whose submit the API would refuse answers 403 instead of showing the
 * form (inside the staff shell, by the staff layout's error boundary). `group` is the
 * permission the API route behind the form enforces; none means any staff member.
 */
export async function requirePermission(api: Api, group: PermissionGroup | undefined) {
  if (!group) return
  // Answered from the API's per-login principal cache: no query of its own.
  const permissions = await api.get<UserPermissions>('user-permissions/')
  if (!permissions[flagOf(group)]) throw data({ detail: missingPermission(group) }, { status: 403 })
}
