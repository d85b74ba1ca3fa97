import { Download } from 'lucide-react'
import { Form, Link } from 'react-router'
import { Breadcrumbs, PageHeader, PageLinks } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button, buttonVariants } from '~/components/ui/button'
import { FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { COMPARISONS, REPORT_BASES, type JournalPage, type LedgerPage } from '~/domain/ledger/reports'
import { SOURCE_TYPES } from '~/domain/ledger/entries'
import { MOVE_TYPES, UPCOMING_INCREASE_STATUSES } from '~/domain/leasing/leasing-reports'
import { CHARGE_TYPES } from '~/domain/leasing/rent'
import { PERFORMANCE_GROUPS, SUMMARY_GROUPS } from '~/domain/maintenance/work-order-reports'
import { BILLABLE_FILTERS } from '~/domain/maintenance/tech-hours'
import { LEASE_STATUS_FILTERS, RENT_ROLL_STATUSES } from '~/domain/leasing/reports'
import { PURCHASE_ORDER_STATUSES } from '~/domain/payables/purchase-orders'
import { UNIT_TYPES } from '~/domain/reference-data'
import { cn } from '~/utils/misc'

/*
 * The pieces every statement page is made of: a GET filter form (so it works without
 * JavaScript and lives in the URL), download links with the same filters, and tables
 * whose amounts are right-aligned links down to the journal lines behind them.
 */

export const REPORTS = {
  'trial-balance': 'Trial Balance',
  'balance-sheet': 'Balance Sheet',
  'income-statement': 'Income Statement',
  'general-ledger': 'General Ledger',
  'transaction-register': 'Transaction Register',
  'journal-transactions': 'Journal Transactions',
  'chart-of-accounts': 'Chart of Accounts',
  'rent-roll': 'Rent Roll',
  'aged-receivables': 'Aged Receivables',
  'aged-payables': 'Aged Payables',
  'gst-hst-return': 'GST/HST Return Worksheet',
  'po-listing': 'PO Listing',
  'rent-delinquency': 'Rent Delinquency',
  'rent-ledger': 'Rent Ledger',
  'rent-outstanding': 'Rent Outstanding',
  'rent-receipt': 'Rent Receipt',
  'loss-to-lease': 'Loss to Lease',
  'move-in-move-out': 'Move-in / Move-out',
  'time-to-lease': 'Time to Lease',
  'upcoming-rent-increase': 'Upcoming Rent Increases',
  'open-work-orders': 'Open Work Orders',
  'closed-work-orders': 'Closed Work Orders',
  'work-order-summary': 'Work Order Summary',
  'work-order-performance': 'Work Order Performance',
  'open-tasks': 'Open Tasks',
  'closed-tasks': 'Closed Tasks',
  'task-performance': 'Task Performance',
  'service-tech-hours': 'Service Technician Hours',
} as const
export type ReportName = keyof typeof REPORTS

export type Option = { value: string; label: string }
export type Field =
  | 'as_of'
  | 'range'
  | 'property'
  | 'basis'
  | 'compare'
  | 'account'
  | 'cash_account'
  | 'source'
  | 'is_active'
  | 'lease_status'
  | 'unit_status'
  | 'include_past'
  | 'min_balance'
  | 'lease'
  | 'resident'
  | 'month'
  | 'unit_type'
  | 'move_type'
  | 'increase_status'
  | 'charge_type'
  | 'performance_group'
  | 'summary_group'
  | 'technician'
  | 'billable'
  | 'vendor'
  | 'po_status'
/** A filter's records to pick from (a lease, a resident): the first ones matching what was searched, and whether more do. */
export type SearchChoices = { options: Option[]; more: boolean; search?: string }
export type ErrorBody = { detail: string; errors?: Record<string, string[]> }

/** A link to the general ledger with these filters (empty ones left out). */
export function ledgerHref(params: Record<string, string | null | undefined>) {
  return `/app/reporting/general-ledger/?${query(params)}`
}
export const reportHref = (report: ReportName, params: Record<string, string | null | undefined>) => `/app/reporting/${report}/?${query(params)}`
export const entryHref = (id: string) => `/app/accounting/journal/${id}/`

/** A report's link down to one journal entry, by its number. */
export function EntryLink({ id, number }: { id: string; number: number }) {
  return (
    <Link to={entryHref(id)} className="text-primary underline">
      #{number}
    </Link>
  )
}

function query(params: Record<string, string | null | undefined>) {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value) out.set(key, value)
  return out.toString()
}

/** Which lines (or entries) of a long report this page shows, with links to the pages before and after (none when it fits on one). */
function PageSummaryLinks({ pagination }: { pagination?: LedgerPage | JournalPage }) {
  if (!pagination || pagination.page_count <= 1) return null
  const { page, page_size, page_count } = pagination
  const [noun, total] = 'line_count' in pagination ? ['line', pagination.line_count] : ['entry', pagination.entry_count]
  const count = (n: number) => n.toLocaleString('en')
  return (
    <PageLinks
      summary={`${noun === 'line' ? 'Lines' : 'Entries'} ${count((page - 1) * page_size + 1)}–${count(Math.min(page * page_size, total))} of ${count(total)} (page ${page} of ${page_count}). The downloads hold every ${noun}.`}
      previous={page > 1 ? String(page - 1) : null}
      next={page < page_count ? String(page + 1) : null}
    />
  )
}

/** A long report between its page links, above and below (none when it fits on one page). */
export function PagedReport({ pagination, children }: { pagination?: LedgerPage | JournalPage; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <PageSummaryLinks pagination={pagination} />
      {children}
      <PageSummaryLinks pagination={pagination} />
    </div>
  )
}

/** An account's lines as one page of a ledger shows them (general ledger, register): where they start among all of its lines. */
type LedgerSliceOf = { first_line: number; line_count: number; lines: unknown[]; opening: string; brought_forward: string }

/**
 * The first row of an account's lines on this page: its opening balance, or the balance brought
 * forward from the page before. Date, then the label over `labelSpan` columns, two empty amount
 * columns, then the balance.
 */
export function LedgerStartRow({ slice, dateFrom, labelSpan }: { slice: LedgerSliceOf; dateFrom: string; labelSpan: number }) {
  const continued = slice.first_line > 1
  return (
    <tr>
      <Td className="tabular-nums">{continued ? null : dateFrom}</Td>
      <Td colSpan={labelSpan} className="italic">
        {continued ? `Brought forward from line ${slice.first_line - 1} of ${slice.line_count}` : 'Opening balance'}
      </Td>
      <Td />
      <Td />
      <Amount value={continued ? slice.brought_forward : slice.opening} />
    </tr>
  )
}

/** The last row of an account's lines on this page: its closing row (`children`), or a note that it goes on on the next page. */
export function LedgerEndRow({ slice, dateTo, columns, children }: { slice: LedgerSliceOf; dateTo: string; columns: number; children: React.ReactNode }) {
  const more = slice.line_count - (slice.first_line - 1 + slice.lines.length)
  if (more <= 0) return children
  return (
    <tr>
      <Td />
      <Td colSpan={columns - 1} className="italic">
        Continued on the next page: {more} more line(s) to {dateTo}
      </Td>
    </tr>
  )
}

/** The day before an ISO date. */
export const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

export function StatementPage(props: {
  name: ReportName
  fields: Field[]
  values: Record<string, string | null | undefined>
  properties: Option[]
  accounts?: Option[]
  /** The records the lease and resident filters pick from, by their query key (`lease_id`). */
  choices?: Record<string, SearchChoices>
  search: string
  error: ErrorBody | null
  extraDownloads?: React.ReactNode
  /** Filters the form keeps without showing a field for them. */
  hidden?: Record<string, string | null | undefined>
  children: React.ReactNode
}) {
  const title = REPORTS[props.name]
  const errors = props.error?.errors ?? {}
  const download = (format: string) => {
    const params = new URLSearchParams(props.search)
    params.set('format', format)
    return `/app/reporting/${props.name}/export/?${params}`
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Reporting', href: '/app/reporting/generate-report/' }, { label: title }]} />
      <PageHeader title={title}>
        <a href={download('csv')} className={buttonVariants({ variant: 'outline' })} download>
          <Download aria-hidden /> CSV
        </a>
        <a href={download('pdf')} className={buttonVariants({ variant: 'outline' })} download>
          <Download aria-hidden /> PDF
        </a>
        {props.extraDownloads}
      </PageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border bg-background p-4" aria-label={`${title} filters`}>
        {/* The record or the month a report is about comes before its other dates. */}
        {props.fields.includes('lease') ? <SearchSelectField name="lease_id" label="Lease" value={props.values.lease_id} choices={props.choices?.lease_id} blank="Choose a lease" errors={errors.lease_id} /> : null}
        {props.fields.includes('resident') ? <SearchSelectField name="resident_id" label="Resident" value={props.values.resident_id} choices={props.choices?.resident_id} blank="Choose a resident" errors={errors.resident_id} /> : null}
        {props.fields.includes('month') ? <DateField type="month" name="month" label="Month" value={props.values.month} errors={errors.month} /> : null}
        {props.fields.includes('as_of') ? <DateField name="as_of" label="As of" value={props.values.as_of} errors={errors.as_of} /> : null}
        {props.fields.includes('range') ? (
          <>
            <DateField name="date_from" label="From" value={props.values.date_from} errors={errors.date_from} />
            <DateField name="date_to" label="To" value={props.values.date_to} errors={errors.date_to} />
          </>
        ) : null}
        {props.fields.includes('account') ? <SelectField name="account_id" label="Account" value={props.values.account_id} options={props.accounts ?? []} blank="All accounts" errors={errors.account_id} /> : null}
        {props.fields.includes('cash_account') ? <SelectField name="account_id" label="Bank or cash account" value={props.values.account_id} options={props.accounts ?? []} errors={errors.account_id} /> : null}
        {props.fields.includes('property') ? <SelectField name="property_group_id" label="Property" value={props.values.property_group_id} options={props.properties} blank="All properties" errors={errors.property_group_id} /> : null}
        {props.fields.includes('vendor') ? <SearchSelectField name="vendor_id" label="Vendor" value={props.values.vendor_id} choices={props.choices?.vendor_id} blank="All vendors" errors={errors.vendor_id} /> : null}
        {props.fields.includes('po_status') ? (
          <SelectField name="status" label="Status" value={props.values.status} options={PURCHASE_ORDER_STATUSES.map(({ value, label }) => ({ value, label }))} blank="Every status" errors={errors.status} />
        ) : null}
        {props.fields.includes('basis') ? <SelectField name="basis" label="Basis" value={props.values.basis ?? 'accrual'} options={[...REPORT_BASES]} errors={errors.basis} /> : null}
        {props.fields.includes('compare') ? <SelectField name="compare" label="Compare with" value={props.values.compare} options={[...COMPARISONS]} blank="No comparison" errors={errors.compare} /> : null}
        {props.fields.includes('source') ? <SelectField name="source_type" label="Source" value={props.values.source_type} options={[...SOURCE_TYPES]} blank="All sources" errors={errors.source_type} /> : null}
        {props.fields.includes('is_active') ? (
          <SelectField
            name="is_active"
            label="Status"
            value={props.values.is_active}
            options={[
              { value: 'true', label: 'Active' },
              { value: 'false', label: 'Inactive' },
            ]}
            blank="All accounts"
            errors={errors.is_active}
          />
        ) : null}
        {props.fields.includes('unit_status') ? <SelectField name="status" label="Unit status" value={props.values.status} options={[...RENT_ROLL_STATUSES]} blank="Every unit" errors={errors.status} /> : null}
        {props.fields.includes('lease_status') ? <SelectField name="lease_status" label="Leases" value={props.values.lease_status ?? 'all'} options={[...LEASE_STATUS_FILTERS]} errors={errors.lease_status} /> : null}
        {props.fields.includes('include_past') ? (
          <SelectField
            name="include_past"
            label="Leases"
            value={props.values.include_past ?? 'false'}
            options={[
              { value: 'false', label: 'Current leases' },
              { value: 'true', label: 'Current and past leases' },
            ]}
            errors={errors.include_past}
          />
        ) : null}
        {props.fields.includes('min_balance') ? <TextField name="min_balance" label="Owing at least" value={props.values.min_balance} placeholder="0.00" errors={errors.min_balance} /> : null}
        {props.fields.includes('unit_type') ? <SelectField name="unit_type" label="Unit type" value={props.values.unit_type} options={[...UNIT_TYPES]} blank="Every type" errors={errors.unit_type} /> : null}
        {props.fields.includes('move_type') ? <SelectField name="type" label="Moves" value={props.values.type} options={[...MOVE_TYPES]} blank="Moves in and out" errors={errors.type} /> : null}
        {props.fields.includes('performance_group') ? <SelectField name="group_by" label="Group by" value={props.values.group_by} options={[...PERFORMANCE_GROUPS]} errors={errors.group_by} /> : null}
        {props.fields.includes('technician') ? <SearchSelectField name="user_id" label="Technician" value={props.values.user_id} choices={props.choices?.user_id} blank="All technicians" errors={errors.user_id} /> : null}
        {props.fields.includes('billable') ? <SelectField name="billable" label="Billable" value={props.values.billable} options={[...BILLABLE_FILTERS]} blank="Billable or not" errors={errors.billable} /> : null}
        {props.fields.includes('summary_group') ? <SelectField name="group_by" label="Group by" value={props.values.group_by} options={[...SUMMARY_GROUPS]} errors={errors.group_by} /> : null}
        {props.fields.includes('increase_status') ? <SelectField name="status" label="Status" value={props.values.status} options={[...UPCOMING_INCREASE_STATUSES]} blank="Every increase" errors={errors.status} /> : null}
        {props.fields.includes('charge_type') ? <SelectField name="charge_type" label="Charges" value={props.values.charge_type} options={CHARGE_TYPES.map(({ value, label }) => ({ value, label }))} blank="Every kind" errors={errors.charge_type} /> : null}
        {Object.entries(props.hidden ?? {}).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>
      {props.error ? <FormErrors errors={[props.error.detail]} /> : props.children}
    </div>
  )
}

/** A day, or a month (typed YYYY-MM where the browser offers no month picker). */
export function DateField({ name, label, value, errors, type = 'date' }: { name: string; label: string; value?: string | null; errors?: string[]; type?: 'date' | 'month' }) {
  const id = `filter-${name}`
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} type={type} name={name} defaultValue={value ?? ''} placeholder={type === 'month' ? 'YYYY-MM' : undefined} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-error` : undefined} className={type === 'month' ? 'w-44' : 'w-40'} />
      {errors ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[0]}
        </p>
      ) : null}
    </div>
  )
}

function TextField({ name, label, value, placeholder, errors }: { name: string; label: string; value?: string | null; placeholder?: string; errors?: string[] }) {
  const id = `filter-${name}`
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} name={name} inputMode="decimal" defaultValue={value ?? ''} placeholder={placeholder} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-error` : undefined} className="w-32" />
      {errors ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[0]}
        </p>
      ) : null}
    </div>
  )
}

export function SelectField({ name, label, value, options, blank, errors }: { name: string; label: string; value?: string | null; options: Option[]; blank?: string; errors?: string[] }) {
  const id = `filter-${name}`
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={value ?? ''} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-error` : undefined} className="max-w-72">
        {blank ? <option value="">{blank}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {errors ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[0]}
        </p>
      ) : null}
    </div>
  )
}

/**
 * A record to pick among many (a lease, a resident): a select of the first ones, and where there
 * are more, a search box that narrows them on Apply, with or without JavaScript.
 */
function SearchSelectField({ name, label, value, choices, blank, errors }: { name: string; label: string; value?: string | null; choices?: SearchChoices; blank: string; errors?: string[] }) {
  const id = `filter-${name}`
  const searchable = !!choices && (choices.more || !!choices.search)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        {searchable ? <Input type="search" name={`${name}__search`} aria-label={`Search ${label.toLowerCase()}s`} defaultValue={choices.search ?? ''} placeholder="Find…" className="w-36" /> : null}
        <Select id={id} name={name} defaultValue={value ?? ''} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-error` : undefined} className="max-w-80">
          <option value="">{blank}</option>
          {(choices?.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      {errors ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[0]}
        </p>
      ) : null}
    </div>
  )
}

export function StatementTable({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-background">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  )
}

export function Th({ children, numeric, className }: { children?: React.ReactNode; numeric?: boolean; className?: string }) {
  return (
    <th scope="col" className={cn('border-b bg-muted/60 px-3 py-2 font-semibold', numeric && 'text-right', className)}>
      {children}
    </th>
  )
}

export function Td({ children, className, colSpan }: { children?: React.ReactNode; className?: string; colSpan?: number }) {
  return (
    <td colSpan={colSpan} className={cn('border-b px-3 py-1.5', className)}>
      {children}
    </td>
  )
}

/** A right-aligned amount, linked to what it is made of when there is one. */
export function Amount({ value, href, label, strong }: { value: string | null | undefined; href?: string; label?: string; strong?: boolean }) {
  const money = useDisplayMoney()
  const text = value ? money(value) : ''
  return (
    <td className={cn('border-b px-3 py-1.5 text-right tabular-nums whitespace-nowrap', strong && 'font-semibold')}>
      {value && href ? (
        <Link to={href} className="text-primary underline-offset-2 hover:underline" aria-label={label ? `${text}: ${label}` : undefined}>
          {text}
        </Link>
      ) : (
        text
      )}
    </td>
  )
}

/** The message under a statement when the lines it read do not balance (a property filter on entries tagged on one side only). */
export function Unbalanced({ difference }: { difference: string }) {
  const money = useDisplayMoney()
  return (
    <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
      These lines are out of balance by {money(difference)}: some entries tag this property on only some of their lines.
    </p>
  )
}
