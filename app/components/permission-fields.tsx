import type { FieldMetadata } from '@conform-to/react'
import { CheckboxField } from './ui/field'
import { PERMISSIONS } from '~/domain/permissions'

const HELP: Record<string, string> = {
  management_company: 'Company details, fee schedules, managers and technicians.',
  leasing: 'Leases, vacancies, listings, applications and the waitlist.',
  operations: 'Work orders, inspections, tasks, projects, make-readies, equipment, utility meters.',
  communications: 'E-mail and SMS to residents and vendors.',
  storage: 'Storage customers, facilities, units, leases and invoices.',
  accounting: 'Accounts, journal entries, bills, invoices, rent, banking, budgets.',
  reporting: 'Financial and operational reports, scheduled reports.',
  ai: 'Chat with Lintel AI about your portfolio.',
}

/** One checkbox per permission group, from the same table the sidebar reads. */
export function PermissionFields({ fields, disabled }: { fields: Record<string, FieldMetadata<unknown>>; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">Permissions</legend>
      {PERMISSIONS.map((p) => (
        <CheckboxField key={p.flag} label={p.label} help={HELP[p.group]} meta={fields[p.flag]} />
      ))}
    </fieldset>
  )
}
