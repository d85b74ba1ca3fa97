import { z } from 'zod'
import { PERMISSIONS, type PermissionFlag } from '~/domain/permissions'

/** In a form, an unticked permission box is absent: it means "no". */
export const PermissionCheckboxes = z.object(
  Object.fromEntries(PERMISSIONS.map((p) => [p.flag, z.boolean().default(false)])) as Record<PermissionFlag, z.ZodDefault<z.ZodBoolean>>,
)

export function permissionDefaults(values: Partial<Record<string, unknown>>) {
  return Object.fromEntries(PERMISSIONS.map((p) => [p.flag, values[p.flag] ? 'on' : '']))
}
