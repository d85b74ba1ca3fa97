/**
 * The eight permission groups of SPEC.md §3. The sidebar, the command palette's
 * quick actions and the API's guards all read this one table.
 */
export const PERMISSIONS = [
  { group: 'management_company', flag: 'has_management_company_permissions', column: 'hasManagementCompanyPermissions', label: 'Management Company' },
  { group: 'leasing', flag: 'has_leasing_permissions', column: 'hasLeasingPermissions', label: 'Leasing' },
  { group: 'operations', flag: 'has_operations_permissions', column: 'hasOperationsPermissions', label: 'Operations' },
  { group: 'communications', flag: 'has_communications_permissions', column: 'hasCommunicationsPermissions', label: 'Communications' },
  { group: 'storage', flag: 'has_storage_permissions', column: 'hasStoragePermissions', label: 'Storage' },
  { group: 'accounting', flag: 'has_accounting_permissions', column: 'hasAccountingPermissions', label: 'Accounting' },
  { group: 'reporting', flag: 'has_reporting_permissions', column: 'hasReportingPermissions', label: 'Reporting' },
  { group: 'ai', flag: 'has_lintel_ai_permissions', column: 'hasAiPermissions', label: 'AI' },
] as const

export type PermissionGroup = (typeof PERMISSIONS)[number]['group']
export type PermissionFlag = (typeof PERMISSIONS)[number]['flag']
export type PermissionColumn = (typeof PERMISSIONS)[number]['column']

/** What the API answers at GET /api/user-permissions: one boolean per flag. */
export type UserPermissions = Record<PermissionFlag, boolean>

export type WorkspaceSettings = {
  has_e_signature_enabled: boolean
  has_lintel_ai_enabled: boolean
  sms: boolean
}

/** Whatever decides visibility: the permission group and, for some entries, a workspace switch. */
export type Gate = {
  permission?: PermissionGroup
  setting?: keyof WorkspaceSettings
}

export type Access = { permissions: UserPermissions; settings: WorkspaceSettings }

export function flagOf(group: PermissionGroup): PermissionFlag {
  const entry = PERMISSIONS.find((p) => p.group === group)
  if (!entry) throw new Error(`Unknown permission group ${group}`)
  return entry.flag
}

/** What the API and the pages say to someone without a group's permission (or without any of several). */
export function missingPermission(...groups: PermissionGroup[]) {
  const labels = groups.map((group) => {
    const entry = PERMISSIONS.find((p) => p.group === group)
    if (!entry) throw new Error(`Unknown permission group ${group}`)
    return entry.label
  })
  return `You need the ${labels.join(' or ')} permission to do this.`
}

export function allows(access: Access, gate: Gate): boolean {
  if (gate.permission && !access.permissions[flagOf(gate.permission)]) return false
  if (gate.setting && !access.settings[gate.setting]) return false
  return true
}

export function permissionsFromRow(row: Record<PermissionColumn, boolean>): UserPermissions {
  return Object.fromEntries(PERMISSIONS.map((p) => [p.flag, row[p.column]])) as UserPermissions
}

export function permissionColumnsFrom(flags: Partial<UserPermissions>): Partial<Record<PermissionColumn, boolean>> {
  const columns: Partial<Record<PermissionColumn, boolean>> = {}
  for (const p of PERMISSIONS) {
    const value = flags[p.flag]
    if (value !== undefined) columns[p.column] = value
  }
  return columns
}

export const ALL_PERMISSIONS: UserPermissions = Object.fromEntries(
  PERMISSIONS.map((p) => [p.flag, true]),
) as UserPermissions
