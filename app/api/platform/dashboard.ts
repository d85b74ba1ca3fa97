import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { preparedStatement } from '~/db/prepared.server'
import { users } from '~/db/schema'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'

const Dashboard = z
  .object({
    team: z
      .object({ property_managers: z.number().int(), maintenance_technicians: z.number().int(), invited: z.number().int() })
      .nullable()
      .openapi({ description: 'Present with the Management Company permission' }),
  })
  .openapi('Dashboard')

// The staff home page asks for this on every visit; the company is the placeholder, so the tenant filter is built in.
const teamCounts = preparedStatement((db) => {
  const active = and(eq(users.isActive, true), isNotNull(users.passwordHash))
  return db
    .select({
      managers: sql<number>`count(*) filter (where ${users.userType} = 'property_manager' and ${active})`.mapWith(Number),
      technicians: sql<number>`count(*) filter (where ${users.userType} = 'maintenance_technician' and ${active})`.mapWith(Number),
      invited: sql<number>`count(*) filter (where ${users.isActive} and ${isNull(users.passwordHash)} and ${users.userType} in ('property_manager', 'maintenance_technician'))`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.companyId, sql.placeholder('companyId')))
    .prepare('dashboard_team_counts')
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
    let team: z.infer<typeof Dashboard>['team'] = null
    if (principal.permissions.hasManagementCompanyPermissions) {
      const [row] = await teamCounts().execute({ companyId: principal.companyId })
      team = { property_managers: row.managers, maintenance_technicians: row.technicians, invited: row.invited }
    }
    return c.json({ team }, 200)
  },
)
