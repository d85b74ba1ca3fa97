import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  agedReceivables,
  agedReceivablesTable,
  ageLeases,
  LEASE_STATUS_FILTERS,
  RENT_ROLL_STATUSES,
  rentDelinquency,
  rentDelinquencyTable,
  rentRoll,
  rentRollTable,
  type LeaseStatusFilter,
} from '~/domain/leasing/reports'
import { openInvoicesAsOf } from '~/receivables/invoices.server'
import { depositsHeldAsOf, lastPaymentsAsOf, leasesByIds, openItemsAndCredits, receivablesBalance, unitsAsOf, type ReportScope } from '~/leasing/reports.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { tenant } from '../tenant'
import { dateInput, moneyInput } from '../values'
import { calendarOf, Format, guard, Money, propertyFilter, respond, statementResponse, tags } from './statements'

/*
 * reporting/{rent report}/: the rent roll, aged receivables and rent delinquency, as of any date,
 * computed at each request from the leases, charges and payments; JSON, or CSV or PDF with the
 * same filters (`?format=`), as the financial statements answer.
 */

export const PropertyId = z.uuid({ error: 'Choose a property.' }).optional().openapi({ description: 'Only this property’s units and leases' })
export const AsOf = dateInput('As of').optional().openapi({ description: 'At the end of this day; today by default (an earlier day reads history as it stood)' })
const MinBalance = moneyInput('Minimum balance').optional().openapi({ description: 'Only leases owing at least this much' })

/** Which unit a report row is about, and its property: every rent and vacancy report names them so. */
export const UnitOfRow = {
  rental_unit_id: z.string(),
  unit_label: z.string(),
  property_group_id: z.string(),
  property_label: z.string(),
}

export const LeaseFacts = {
  lease_id: z.string(),
  lease_label: z.string(),
  lease_status: z.string(),
  lease_status_label: z.string(),
  ...UnitOfRow,
  residents: z.string().openapi({ description: 'Who lives there under the lease, primary first (guarantors aside)' }),
}
const Aging = z.object({
  days_0_30: Money,
  days_31_60: Money,
  days_61_90: Money,
  days_91_plus: Money,
  credits: Money.openapi({ description: 'Payments not yet paying a charge, as a negative amount' }),
  total: Money,
})
export const Property = z.object({ property_group_id: z.string().nullable(), property_group_label: z.string().nullable() })

export const AgedReceivables = z
  .object({
    filters: Property,
    as_of: z.string(),
    lease_status: z.string(),
    min_balance: Money.nullable(),
    rows: z.array(z.object({ ...LeaseFacts, oldest_due_date: z.string().nullable() }).extend(Aging.shape)),
    totals: Aging,
    all_leases_total: Money.openapi({ description: 'Every lease’s total, whatever the status and minimum filters' }),
    invoices: z
      .object({
        rows: z.array(
          z
            .object({
              customer_key: z.string().openapi({ description: 'resident:{id}, owner:{id}, or customer:{name} for another customer' }),
              customer_label: z.string(),
              invoice_count: z.number().int(),
              oldest_due_date: z.string(),
            })
            .extend(Aging.omit({ credits: true }).shape),
        ),
        totals: Aging.omit({ credits: true }),
      })
      .openapi({ description: 'Invoices still owed beside the leases’ charges, by customer and days past due (whatever the lease filters)' }),
    receivables_account_balance: Money.openapi({ description: 'The receivable accounts’ balance on the day: the control figure' }),
    other_receivables: Money.openapi({ description: 'What of the control figure no charge, payment or invoice explains: journal entries typed on a receivable account' }),
  })
  .openapi('AgedReceivables')

const Figure = Money.nullable()
export const RentRoll = z
  .object({
    filters: Property,
    as_of: z.string(),
    status: z.string().nullable(),
    rows: z.array(
      z.object({
        ...UnitOfRow,
        unit_type: z.string(),
        bedrooms: z.number().int().nullable(),
        area_sq_ft: z.number().int().nullable(),
        status: z.string(),
        status_label: z.string(),
        lease_id: z.string().nullable(),
        lease_label: z.string().nullable(),
        residents: z.string(),
        move_in_date: z.string().nullable(),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        notice_date: z.string().nullable(),
        move_out_date: z.string().nullable(),
        market_rent: Figure,
        actual_rent: Money.openapi({ description: 'The schedule’s rent lines in effect on the day, per month' }),
        other_charges: Money.openapi({ description: 'Its other recurring lines (parking, pets, storage, utilities), per month' }),
        deposit_held: Money,
        balance: Money,
      }),
    ),
    totals: z.object({ market_rent: Money, actual_rent: Money, other_charges: Money, deposit_held: Money, balance: Money }),
    summary: z.object({
      units: z.number().int(),
      occupied: z.number().int().openapi({ description: 'Let, on notice or not' }),
      on_notice: z.number().int(),
      vacant: z.number().int(),
      down: z.number().int(),
      occupancy_percent: z.string(),
      area_sq_ft: z.number().int(),
      occupied_area_sq_ft: z.number().int(),
      area_occupancy_percent: z.string(),
      gross_potential_rent: Money.openapi({ description: 'Every unit’s market rent' }),
      actual_rent: Money,
      vacancy_loss: Money.openapi({ description: 'The market rent of the units not let' }),
    }),
  })
  .openapi('RentRoll')

export const RentDelinquency = z
  .object({
    filters: Property,
    as_of: z.string(),
    include_past: z.boolean(),
    min_balance: Money.nullable(),
    rows: z.array(
      z
        .object({
          ...LeaseFacts,
          rent: Money,
          last_payment_date: z.string().nullable(),
          last_payment_amount: Money.nullable(),
          oldest_due_date: z.string().nullable(),
          days_late: z.number().int().openapi({ description: 'Days since the oldest charge still unpaid fell due' }),
        })
        .extend(Aging.shape),
    ),
    lease_count: z.number().int(),
    totals: Aging,
  })
  .openapi('RentDelinquency')

export const router = createRouter()

/** The day and property a rent report reads, checked, and how they read on a download's subtitle. */
export async function scopeOf(c: Context<AppEnv>, query: { as_of?: string; property_group_id?: string }) {
  const property = await propertyFilter(c, query.property_group_id)
  const scope: ReportScope = { asOf: query.as_of ?? (await calendarOf(c)).today, propertyGroupId: property.id }
  return { scope, filters: { property_group_id: property.id, property_group_label: property.label }, subtitle: [property.label ? `Property: ${property.label}` : 'All properties'] }
}

/** Every lease's open charges by age and its credits on the day. */
async function agingsOf(c: Context<AppEnv>, scope: ReportScope) {
  const t = tenant(c)
  const { items, credits } = await openItemsAndCredits(t.db, t.companyId, scope)
  return ageLeases(items, credits, scope.asOf)
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/aged-receivables',
    tags,
    summary:
      'Aged receivables as of any date: each lease’s open charges by days since they fell due (0–30, 31–60, 61–90, 91+), its unapplied credits apart, and the total; tied to the receivable accounts’ balance on the day',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        as_of: AsOf,
        property_group_id: PropertyId,
        lease_status: z
          .enum(LEASE_STATUS_FILTERS.map((s) => s.value) as [LeaseStatusFilter, ...LeaseStatusFilter[]], { error: 'Lease status must be current, past or all.' })
          .default('all')
          .openapi({ description: 'current (active or on notice), past (ended) or all (the default)' }),
        min_balance: MinBalance,
      }),
    },
    responses: statementResponse(AgedReceivables, 'Aged receivables'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters, subtitle } = await scopeOf(c, query)
    const [agings, control, invoices] = await Promise.all([agingsOf(c, scope), receivablesBalance(t.db, t.companyId, scope), openInvoicesAsOf(t.db, t.companyId, scope.asOf, scope.propertyGroupId)])
    const leases = await leasesByIds(t.db, t.companyId, [...agings.keys()])
    const report = { filters, ...agedReceivables(agings, leases, control, { asOf: scope.asOf, leaseStatus: query.lease_status, minBalance: query.min_balance ?? null }, invoices) }
    return respond(c, query.format, 'aged-receivables', report, () => agedReceivablesTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/rent-roll',
    tags,
    summary:
      'The rent roll as of any date: every unit with the lease that held it that day, its residents and dates, market and actual rent per month, other recurring charges, deposit held and balance; with occupancy, gross potential rent and vacancy loss',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        as_of: AsOf,
        property_group_id: PropertyId,
        status: z
          .enum(RENT_ROLL_STATUSES.map((s) => s.value) as ['OCCUPIED', 'NOTICE', 'VACANT', 'DOWN'], { error: 'Status must be OCCUPIED, NOTICE, VACANT or DOWN.' })
          .optional()
          .openapi({ description: 'Only units of this status on the day (the summary still counts every unit)' }),
      }),
    },
    responses: statementResponse(RentRoll, 'The rent roll'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters, subtitle } = await scopeOf(c, query)
    const [units, agings, deposits] = await Promise.all([unitsAsOf(t.db, t.companyId, scope), agingsOf(c, scope), depositsHeldAsOf(t.db, t.companyId, scope)])
    const report = { filters, ...rentRoll(units, agings, deposits, { asOf: scope.asOf, status: query.status ?? null }) }
    return respond(c, query.format, 'rent-roll', report, () => rentRollTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/rent-delinquency',
    tags,
    summary:
      'Rent delinquency as of any date: the leases that owe, by age of what they owe, with their rent, last payment and days late; current leases unless past ones are asked for; credits and prepayments are left out',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        as_of: AsOf,
        property_group_id: PropertyId,
        include_past: z.enum(['true', 'false'], { error: 'Include past must be true or false.' }).default('false').openapi({ description: 'true: ended leases that still owe too' }),
        min_balance: MinBalance,
      }),
    },
    responses: statementResponse(RentDelinquency, 'Rent delinquency'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters, subtitle } = await scopeOf(c, query)
    const agings = await agingsOf(c, scope)
    const owing = [...agings.entries()].filter(([, a]) => a.total > 0).map(([id]) => id)
    const [leases, lastPayments] = await Promise.all([leasesByIds(t.db, t.companyId, owing), lastPaymentsAsOf(t.db, t.companyId, scope, owing)])
    const report = { filters, ...rentDelinquency(agings, leases, lastPayments, { asOf: scope.asOf, includePast: query.include_past === 'true', minBalance: query.min_balance ?? null }) }
    return respond(c, query.format, 'rent-delinquency', report, () => rentDelinquencyTable(report, subtitle))
  },
)
