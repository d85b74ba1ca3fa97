import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { companies, searchEntries, users } from '~/db/schema'
import { filterEntries, QUICK_ACTION, quickActions, STAFF_NAVIGATION, type PaletteEntry } from '~/domain/navigation'
import { allows, permissionsFromRow, type Access } from '~/domain/permissions'
import { REPORT_CATALOG } from '~/domain/report-catalog'
import { RESOURCES } from '~/resources'
import { pagePathOf } from '~/resources/engine/view'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { containsPattern, searchTextContains } from '../pagination'
import { tenant } from '../tenant'
import { workspaceSettingsOf } from './schemas'

export const PaletteEntrySchema = z.object({ name: z.string(), url: z.string(), object_type: z.string() }).openapi('CommandPaletteEntry')
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
    const entries: PaletteEntry[] = filterEntries([...quickActions(access), ...resourceActions(access, quickActions(access)), ...reportEntries(access)], search)
    const readable = RESOURCES.filter((r) => r.palette !== false && allows(access, { permission: r.permission }))
    if (readable.length) {
      const term = containsPattern(search)
      // One index (search_entries, trigram) over every resource's records: fast at hundreds of thousands.
      const records = await t.db
        .select({ resource: searchEntries.resource, id: searchEntries.recordId, name: searchEntries.name })
        .from(searchEntries)
        .where(
          and(
            eq(searchEntries.companyId, t.companyId),
            inArray(
              searchEntries.resource,
              readable.map((r) => r.name),
            ),
            term ? recordMatches(search, term) : undefined,
          ),
        )
        .orderBy(searchEntries.name)
        .limit(RECORD_LIMIT)
      const byName = new Map(readable.map((r) => [r.name, r]))
      for (const record of records) {
        const resource = byName.get(record.resource)!
        entries.push({ name: record.name, url: `${pagePathOf(resource)}${record.id}/`, object_type: resource.singular })
      }
    }
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

/**
 * A record's name, e-mail or phone contains the search (the stored search text, through its trigram
 * index); a search that looks like a phone number also matches the phone's bare digits, so
 * "613-555-01" finds "(613) 555-0142".
 */
function recordMatches(search: string, term: string) {
  const byText = searchTextContains(searchEntries.searchText, term)
  const digits = search.replace(/\D/g, '')
  if (!/^[\d\s().+-]+$/.test(search.trim()) || digits.length < 3 || digits === search.trim()) return byText
  return or(byText, searchTextContains(searchEntries.searchText, containsPattern(digits)!))
}

/** View and Add for every resource this person may use, where the sidebar's own quick actions do not already offer them. */
function resourceActions(access: Access, existing: PaletteEntry[]): PaletteEntry[] {
  const urls = new Set(existing.map((e) => e.url))
  // A page the sidebar hides by a workspace switch (Signature Requests without e-signature) is not offered either.
  const switchedOff = new Set(STAFF_NAVIGATION.flatMap((group) => group.links.filter((link) => link.setting && !allows(access, link)).map((link) => link.href)))
  const actions: PaletteEntry[] = []
  for (const resource of RESOURCES) {
    if (resource.palette === false || !allows(access, { permission: resource.permission })) continue
    const path = pagePathOf(resource)
    if (switchedOff.has(path)) continue
    if (resource.methods.includes('list') && !urls.has(path)) actions.push({ name: `View ${resource.plural}`, url: path, object_type: QUICK_ACTION })
    if (resource.methods.includes('create') && !urls.has(`${path}new/`)) actions.push({ name: `Add ${resource.singular}`, url: `${path}new/`, object_type: QUICK_ACTION })
  }
  return actions
}

/** The reports there are, by their names: "balance" finds the Balance Sheet. Reports still to come are not offered. */
function reportEntries(access: Access): PaletteEntry[] {
  if (!allows(access, { permission: 'reporting' })) return []
  return REPORT_CATALOG.flatMap((group) => group.reports.filter((report) => report.ready).map((report) => ({ name: report.label, url: `/app/reporting/${report.slug}/`, object_type: 'Report' })))
}
