import { data } from 'react-router'
import type { UserPermissionFlags } from '~/api/platform/auth'
import { flagOf, missingPermission, type PermissionGroup } from '~/domain/permissions'
import { navigationGroupOf } from '~/domain/navigation'
import { requireSession, type Answer, type Api, type PageArgs } from './api-client.server'

/**
 * A form page whose submit the API would refuse answers 403 instead of showing the
 * form (inside the staff shell, by the staff layout's error boundary). `group` is the
 * permission the API route behind the form enforces; none means any staff member.
 */
export async function requirePermission(api: Api, group: PermissionGroup | undefined) {
  if (!group) return
  // Answered from the API's per-login principal cache: no query of its own.
  const permissions = await api.get<Answer<typeof UserPermissionFlags>>('user-permissions/')
  if (!permissions[flagOf(group)]) throw data({ detail: missingPermission(group) }, { status: 403 })
}

/** A page still to come answers as the other pages of its sidebar group do: 403 to whoever lacks the group's permission. */
export async function requireGroupOfPage(page: PageArgs) {
  const group = navigationGroupOf(page.url.pathname)
  if (!group?.permission) return
  const { api } = await requireSession(page)
  await requirePermission(api, group.permission)
}
