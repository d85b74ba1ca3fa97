import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { preparedStatement } from '~/db/prepared.server'
import { bankAccounts, buildings, companies, propertyGroups, rentalUnits, residents, users } from '~/db/schema'
import { gettingStarted } from '~/domain/getting-started'
import type { Context } from 'hono'
import { ageLeases, rentCards } from '~/domain/leasing/reports'
import { leasesByIds, rentFigures } from '~/leasing/reports.server'
import { openWorkOrderFigures } from '~/maintenance/work-order-reports.server'
import type { AppEnv } from '../context'
import { keptAnswer } from '../kept-answers'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { companyDetailsComplete } from './workspace-warnings'

const GettingStartedItem = z
  .object({
    key: z.string().openapi({ example: 'properties' }),
    label: z.string().openapi({ example: 'Add a property' }),
    done: z.boolean(),
    url: z.string().openapi({ description: 'The page where the step is done', example: '/app/property-groups/new/' }),
  })
  .openapi('GettingStartedItem')

export const Dashboard = z
  .object({
    team: z
      .object({ property_managers: z.number().int(), maintenance_technicians: z.number().int(), invited: z.number().int() })
      .nullable()
      .openapi({ description: 'Present with the Management Company permission' }),
    rent: z
      .object({
        as_of: z.string(),
        month_start: z.string(),
        units: z.number().int(),
        occupied: z.number().int().openapi({ description: 'Units let (on notice or not)' }),
        occupancy_percent: z.string(),
        charged_this_month: z.string().openapi({ description: 'Charges dated from the 1st of this month to today' }),
        collected_this_month: z.string().openapi({ description: 'Payments received this month and not returned' }),
        delinquent_balance: z.string().openapi({ description: 'What the current leases that owe, owe today (as rent delinquency counts it)' }),
        delinquent_leases: z.number().int(),
        on_notice: z.number().int().openapi({ description: 'Leases whose residents gave notice' }),
      })
      .nullable()
      .openapi({ description: 'Present with the Reporting permission' }),
    work_orders: z
      .object({
        open: z.number().int(),
        emergency: z.number().int(),
        urgent: z.number().int(),
        routine: z.number().int(),
        overdue: z.number().int().openapi({ description: 'Open, the work not done, and past the completion target of its priority' }),
        unassigned: z.number().int().openapi({ description: 'Open and assigned to no technician' }),
      })
      .nullable()
      .openapi({ description: 'Present with the Operations permission' }),
    getting_started: z.array(GettingStartedItem).nullable().openapi({
      description: 'The steps that set up a new company, with the Management Company permission, until every step is done or a manager dismisses them',
    }),
  })
  .openapi('Dashboard')

// The staff home page asks for this on every visit: one statement for the team's counts, the company
// row and, per setup step, whether the company has one such record. An EXISTS stops at the first row
// its index finds, where a count would read all of a large company's residents and units on every
// visit. Inside each subquery the unqualified columns drizzle writes name the subquery's own table.
const dashboardFacts = preparedStatement((db) => {
  const companyId = sql.placeholder('companyId')
  const has = (table: PgTable, where: SQL) => sql<boolean>`exists (select 1 from ${table} where ${where})`
  const team = (...conditions: SQL[]) => db.$count(users, and(eq(users.companyId, companyId), ...conditions))
  const active = and(eq(users.isActive, true), isNotNull(users.passwordHash))!
  return db
    .select({
      managers: team(eq(users.userType, 'property_manager'), active),
      technicians: team(eq(users.userType, 'maintenance_technician'), active),
      invited: team(eq(users.isActive, true), isNull(users.passwordHash), inArray(users.userType, ['property_manager', 'maintenance_technician'])),
      email: companies.email,
      phone: companies.phone,
      streetAddress: companies.streetAddress,
      city: companies.city,
      postalCode: companies.postalCode,
      dismissedAt: companies.gettingStartedDismissedAt,
      properties: has(propertyGroups, eq(propertyGroups.companyId, companyId)),
      buildings: has(buildings, eq(buildings.companyId, companyId)),
      rentalUnits: has(rentalUnits, eq(rentalUnits.companyId, companyId)),
      residents: has(residents, eq(residents.companyId, companyId)),
      bankAccounts: has(bankAccounts, eq(bankAccounts.companyId, companyId)),
      colleagues: has(
        users,
        and(eq(users.companyId, companyId), eq(users.isActive, true), inArray(users.userType, ['property_manager', 'maintenance_technician']), ne(users.id, sql.placeholder('userId')))!,
      ),
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .prepare('dashboard_facts')
})

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/dashboard',
    tags: ['Workspace'],
    summary: 'The figures of the property manager dashboard, each present only with its permission',
    ...signedIn(requireStaff()),
    responses: { 200: jsonResponse(Dashboard, 'Dashboard figures'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const { principal } = c.var
    const [management, rent, workOrders] = await Promise.all([
      managementCards(principal),
      principal.permissions.hasReportingPermissions ? rentCardsOf(c) : null,
      principal.permissions.hasOperationsPermissions ? openWorkOrderFigures(tenant(c).db, principal.companyId) : null,
    ])
    return c.json({ ...management, rent, work_orders: workOrders }, 200)
  },
)

/**
 * The team and the getting-started steps, with the Management Company permission: kept as the
 * shell's answers are (any write drops them), per person, since "invite a colleague" is theirs.
 */
async function managementCards(principal: AppEnv['Variables']['principal']) {
  if (!principal.permissions.hasManagementCompanyPermissions) return { team: null, getting_started: null }
  const cards = await keptAnswer(principal.companyId, `dashboard-team:${principal.userId}`, async () => {
    const [facts] = await dashboardFacts().execute({ companyId: principal.companyId, userId: principal.userId })
    return {
      team: { property_managers: facts.managers, maintenance_technicians: facts.technicians, invited: facts.invited },
      getting_started: facts.dismissedAt ? null : gettingStarted({ ...facts, companyDetails: companyDetailsComplete(facts) }),
    }
  })
  return cards!
}

/**
 * The rent cards: read as the rent reports read, so each card's figure is its report's. Every visit
 * to the home page asks for them, so they are kept for the company as its shell's answers are (any
 * write drops them), and counting a large company's units and charges is done once, not per visit.
 */
function rentCardsOf(c: Context<AppEnv>) {
  const t = tenant(c)
  return keptAnswer(t.companyId, 'dashboard-rent', async () => {
    const today = await t.today()
    const figures = await rentFigures(t.db, t.companyId, today)
    const agings = ageLeases(figures.items, figures.credits, today)
    const leases = await leasesByIds(t.db, t.companyId, [...agings.entries()].filter(([, a]) => a.total > 0).map(([id]) => id))
    return rentCards(figures, agings, leases, today)
  })
}

router.openapi(
  createRoute({
    method: 'post',
    path: '/dashboard/getting-started/dismiss',
    tags: ['Workspace'],
    summary: 'Hide the getting-started checklist from the dashboard for everyone in the company',
    ...signedIn(requireStaff('management_company')),
    responses: { 204: { description: 'Dismissed' }, ...errorResponses(401, 403) },
  }),
  async (c) => {
    const { db, companyId } = tenant(c)
    await db.update(companies).set({ gettingStartedDismissedAt: sql`now()` }).where(eq(companies.id, companyId))
    return c.body(null, 204)
  },
)
