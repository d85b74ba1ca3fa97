import { createRoute, z } from '@hono/zod-openapi'
import { eq, ilike, or, sql } from 'drizzle-orm'
import { companies, users } from '~/db/schema'
import { filterEntries, quickActions, type PaletteEntry } from '~/domain/navigation'
import { permissionsFromRow } from '~/domain/permissions'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { containsPattern } from '../pagination'
import { tenant } from '../tenant'
import { workspaceSettingsOf } from './schemas'

const PaletteEntrySchema = z.object({ name: z.string(), url: z.string(), object_type: z.string() }).openapi('CommandPaletteEntry')
const RECORD_LIMIT = 50

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/command-palette',
    tags: ['Workspace'],
    summary: 'Quick actions and records for the command palette, optionally filtered by name',
    ...signedIn(requireStaff()),
    request: { query: z.object({ search: z.string().trim().max(200, 'Search must be at most 200 characters.').optional() }) },
    responses: { 200: jsonResponse(z.array(PaletteEntrySchema), 'Entries'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const search = c.req.valid('query').search ?? ''
    const [company] = await t.db.select().from(companies).where(eq(companies.id, t.companyId))
    const access = {
      permissions: permissionsFromRow(t.principal.permissions),
      settings: workspaceSettingsOf(company),
    }
    const entries: PaletteEntry[] = filterEntries(quickActions(access), search)
    if (t.principal.permissions.hasManagementCompanyPermissions) {
      const term = containsPattern(search)
      const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`
      const people = await t.db
        .select({ id: users.id, name: fullName, userType: users.userType })
        .from(users)
        .where(t.where(users, or(eq(users.userType, 'property_manager'), eq(users.userType, 'maintenance_technician')), term ? ilike(fullName, term) : undefined))
        .orderBy(fullName)
        .limit(RECORD_LIMIT)
      for (const person of people) {
        const manager = person.userType === 'property_manager'
        entries.push({
          name: person.name,
          url: manager ? `/app/property-managers/${person.id}/` : `/app/maintenance-technicians/${person.id}/`,
          object_type: manager ? 'Property Manager' : 'Maintenance Technician',
        })
      }
    }
    return c.json(entries, 200)
  },
)
