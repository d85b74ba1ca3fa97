import { createRoute, z } from '@hono/zod-openapi'
import { AVAILABILITIES, DEFAULT_HORIZON, expiringLeases, leasingOverview, MAX_HORIZON, monthsFrom, OVERVIEW_MONTHS, vacancies, type Availability } from '~/domain/leasing/vacancies'
import { rentByMonth, vacancyUnits } from '~/leasing/vacancies.server'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { AsOf, Property, PropertyId, scopeOf, UnitOfRow } from '../reporting/rent'
import { Money } from '../reporting/statements'
import { tenant } from '../tenant'

/*
 * vacancies/ (SPEC.md §7) and the leasing pages beside it: the units vacant or becoming vacant, the
 * fixed terms ending soon, and the leasing overview; as of any date (today by default), read the
 * way the rent roll reads its units, so the two agree on which are vacant.
 */

const tags = ['Leasing']
const guard = signedIn(requireStaff('leasing'))

const withinDays = (fallback: number, min: number) => {
  const message = `Within days must be a whole number from ${min} to ${MAX_HORIZON}.`
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(MAX_HORIZON, message)
    .default(fallback)
    .openapi({ description: `How many days after the as-of day to look ahead (${fallback} by default)` })
}

const LeaseBrief = z
  .object({
    lease_id: z.string(),
    lease_label: z.string(),
    lease_type: z.string(),
    lease_type_label: z.string(),
    status: z.string(),
    status_label: z.string(),
    residents: z.string().openapi({ description: 'Who lives there under the lease, primary first (guarantors aside)' }),
    start_date: z.string(),
    end_date: z.string().nullable(),
    notice_date: z.string().nullable(),
    move_out_date: z.string().nullable(),
    rent: Money.openapi({ description: 'The lease’s rent per month' }),
  })
  .openapi('VacancyLease')

const UnitFacts = {
  ...UnitOfRow,
  unit_type: z.string(),
  bedrooms: z.number().int().nullable(),
  market_rent: Money.nullable(),
}

const Vacancy = z.object({
  ...UnitFacts,
  status: z.string().openapi({ description: 'VACANT (no lease holds it), NOTICE (notice given, with a move-out date) or LEASE_ENDING (a fixed term ending, no renewal signed)' }),
  status_label: z.string(),
  available_date: z.string().nullable().openapi({ description: 'The first day it is free: the day after its last lease’s move-out (or end); null for a unit never let' }),
  days_vacant: z.number().int().nullable().openapi({ description: 'For a vacant unit, the days it has stood empty by the as-of day; null when never let or not yet vacant' }),
  days_until_available: z.number().int().openapi({ description: 'Days from the as-of day to the day it is free (0 when vacant)' }),
  last_lease: LeaseBrief.nullable().openapi({ description: 'The lease that left it, or is leaving it' }),
  next_lease: LeaseBrief.nullable().openapi({ description: 'The next lease signed on it, starting after the as-of day' }),
})

export const Vacancies = z
  .object({
    filters: Property,
    as_of: z.string(),
    within_days: z.number().int(),
    available_by: z.string().openapi({ description: 'Units becoming vacant are free by this day' }),
    availability: z.string().nullable(),
    rows: z.array(Vacancy),
    summary: z.object({
      units: z.number().int(),
      vacant: z.number().int(),
      on_notice: z.number().int().openapi({ description: 'Units whose lease has notice given and moves out within the window' }),
      lease_ending: z.number().int().openapi({ description: 'Units whose fixed term ends within the window with no renewal signed' }),
      pre_leased: z.number().int().openapi({ description: 'Of the vacancies, those with a next lease signed' }),
      vacant_market_rent: Money.openapi({ description: 'The market rent of the units vacant now, per month' }),
    }),
  })
  .openapi('Vacancies')

export const ExpiringLeases = z
  .object({
    filters: Property,
    as_of: z.string(),
    within_days: z.number().int(),
    ends_by: z.string(),
    rows: z.array(
      LeaseBrief.extend({
        ...UnitFacts,
        days_left: z.number().int().openapi({ description: 'Days from the as-of day to the last day of the term' }),
        next_lease: LeaseBrief.nullable(),
      }),
    ),
    lease_count: z.number().int(),
    rent: Money.openapi({ description: 'The rent of the leases ending, per month' }),
    by_month: z.array(z.object({ month: z.string().openapi({ example: '2026-03' }), count: z.number().int(), rent: Money })),
  })
  .openapi('ExpiringLeases')

export const LeasingOverview = z
  .object({
    filters: Property,
    as_of: z.string(),
    occupancy: z.object({
      units: z.number().int(),
      occupied: z.number().int().openapi({ description: 'Let, on notice or not' }),
      on_notice: z.number().int(),
      vacant: z.number().int(),
      down: z.number().int(),
      occupancy_percent: z.string(),
    }),
    vacant_units: z.array(Vacancy),
    notices: z.array(LeaseBrief.extend(UnitFacts)),
    expirations_by_month: z.array(z.object({ month: z.string(), count: z.number().int() })).openapi({ description: 'Fixed terms ending with no renewal signed, in each of the next twelve months (the as-of month first)' }),
    rent_by_month: z
      .array(z.object({ month: z.string(), charged: Money, collected: Money }))
      .openapi({ description: 'Charges dated in each of the last twelve months (the as-of month last), and payments received in it and not returned by the as-of day' }),
  })
  .openapi('LeasingOverview')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/vacancies',
    tags,
    summary:
      'The units vacant on a day and those becoming vacant soon after (notice given with a move-out date, or a fixed term ending with no renewal): the day each is free, days vacant, market rent, the last lease and the next one signed',
    ...guard,
    request: {
      query: z.object({
        as_of: AsOf,
        property_group_id: PropertyId,
        within_days: withinDays(DEFAULT_HORIZON, 0),
        availability: z
          .enum(AVAILABILITIES.map((a) => a.value) as [Availability, ...Availability[]], { error: 'Availability must be now or upcoming.' })
          .optional()
          .openapi({ description: 'now: only the units vacant on the day; upcoming: only those becoming vacant; both by default' }),
      }),
    },
    responses: { 200: jsonResponse(Vacancies, 'The vacancies'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters } = await scopeOf(c, query)
    const units = await vacancyUnits(t.db, t.companyId, scope)
    return c.json({ filters, ...vacancies(units, { asOf: scope.asOf, horizon: query.within_days, availability: query.availability ?? null }) }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/leasing/expiring-leases',
    tags,
    summary: 'The fixed-term leases in force on a day whose term ends within the next days asked (60 by default) with no renewal signed, soonest first, and how many end each month',
    ...guard,
    request: { query: z.object({ as_of: AsOf, property_group_id: PropertyId, within_days: withinDays(60, 1) }) },
    responses: { 200: jsonResponse(ExpiringLeases, 'The leases expiring'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters } = await scopeOf(c, query)
    const units = await vacancyUnits(t.db, t.companyId, scope)
    return c.json({ filters, ...expiringLeases(units, { asOf: scope.asOf, horizon: query.within_days }) }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/leasing/overview',
    tags,
    summary:
      'The leasing overview on a day: occupancy as the rent roll counts it, the vacant units, the notices given, fixed terms ending in each of the next twelve months, and rent charged and collected in each of the last twelve',
    ...guard,
    request: { query: z.object({ as_of: AsOf, property_group_id: PropertyId }) },
    responses: { 200: jsonResponse(LeasingOverview, 'The leasing overview'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters } = await scopeOf(c, query)
    const [units, rent] = await Promise.all([vacancyUnits(t.db, t.companyId, scope), rentByMonth(t.db, t.companyId, scope, `${monthsFrom(scope.asOf, -OVERVIEW_MONTHS)[0]}-01`)])
    return c.json({ filters, ...leasingOverview(units, rent, scope.asOf) }, 200)
  },
)
