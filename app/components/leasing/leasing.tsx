import { Form, Link } from 'react-router'
import { PageTabsNav } from '~/components/layout/page-tabs'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { DateField, SelectField, type ErrorBody, type Option } from '~/components/reporting/statement'
import { Button } from '~/components/ui/button'
import { FormErrors } from '~/components/ui/field'
import { VACANCY_TABS } from '~/domain/navigation'
import { UNIT_TYPES } from '~/domain/reference-data'

/*
 * The pieces the vacancy pages and the leasing overview share: their frame (the Vacancies tabs),
 * a GET filter form (so it works without JavaScript and lives in the URL), and how they name a
 * unit, a lease and a month.
 */

/** A vacancy page: its breadcrumbs, the Vacancies tabs, its heading and what it shows. */
export function VacancyFrame({ title, description, actions, children }: { title: string; description: string; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <Breadcrumbs items={[{ label: VACANCY_TABS.label, href: VACANCY_TABS.pages[0].href }, { label: title }]} />
      <PageTabsNav tabs={VACANCY_TABS} />
      <PageHeader title={title}>{actions}</PageHeader>
      <p className="text-sm text-muted-foreground">{description}</p>
      {children}
    </div>
  )
}

/** The filters of a leasing page: the property, the day it is read as of, and how far ahead it looks where it does. */
export function LeasingFilters(props: {
  label: string
  values: Record<string, string | null>
  properties: Option[]
  error: ErrorBody | null
  within?: { options: readonly number[]; value: number }
}) {
  const errors = props.error?.errors ?? {}
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border bg-background p-4" aria-label={`${props.label} filters`}>
        <SelectField name="property_group_id" label="Property" value={props.values.property_group_id} options={props.properties} blank="All properties" errors={errors.property_group_id} />
        <DateField name="as_of" label="As of" value={props.values.as_of} errors={errors.as_of} />
        {props.within ? (
          <SelectField
            name="within_days"
            label="Within"
            value={String(props.values.within_days ?? props.within.value)}
            options={props.within.options.map((days) => ({ value: String(days), label: `${days} days` }))}
            errors={errors.within_days}
          />
        ) : null}
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>
      {props.error ? <FormErrors errors={[props.error.detail]} /> : null}
    </>
  )
}

/** "Apartment · 2 bedrooms". */
export function unitKind(unit: { unit_type: string; bedrooms: number | null }) {
  const type = UNIT_TYPES.find((t) => t.value === unit.unit_type)?.label ?? unit.unit_type
  return unit.bedrooms === null ? type : `${type} · ${unit.bedrooms === 0 ? 'studio' : `${unit.bedrooms} bd`}`
}

export function UnitLink({ unit }: { unit: { rental_unit_id: string; unit_label: string } }) {
  return (
    <Link to={`/app/rental-units/${unit.rental_unit_id}/`} className="font-medium text-primary underline">
      {unit.unit_label}
    </Link>
  )
}

/** A lease by who is on it (or its name when nobody is), linked to its page. */
export function LeaseLink({ lease }: { lease: { lease_id: string; lease_label: string; residents: string } }) {
  return (
    <Link to={`/app/leases/${lease.lease_id}/`} className="text-primary underline">
      {lease.residents || lease.lease_label}
    </Link>
  )
}

/** The next lease signed on a unit, from when; or that none is. */
export function NextLease({ lease }: { lease: { lease_id: string; lease_label: string; residents: string; start_date: string } | null }) {
  if (!lease) return <span className="text-muted-foreground">None signed</span>
  return (
    <>
      <LeaseLink lease={lease} /> <span className="whitespace-nowrap text-muted-foreground">from {lease.start_date}</span>
    </>
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "Mar 2026" from "2026-03"; `short` gives "Mar" (and the year under January, where it turns). */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`
export const monthShort = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1]
