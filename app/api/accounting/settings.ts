import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { accounts, defaultGlAccounts, ledgerSettings } from '~/db/schema'
import { ACCOUNT_ROLES, roleOf, subtypeOf } from '~/domain/ledger/chart'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { badRequest, fieldError } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * The books' settings: which account plays each role the postings need, and the
 * lock date that closes every period up to it.
 */

const tags = ['Accounting']
const guard = signedIn(requireStaff('accounting'))

export const AccountRole = z
  .object({
    value: z.string(),
    label: z.string(),
    subtypes: z.array(z.string()).openapi({ description: 'The account subtypes that can play this role' }),
    account_id: z.string().nullable().openapi({ description: 'The account playing it now' }),
    account_label: z.string().nullable(),
  })
  .openapi('AccountRole')

const DefaultGlAccounts = z.record(z.string(), z.string().nullable()).openapi('DefaultGlAccounts', { example: { ACCOUNTS_RECEIVABLE: '8f0e…', UNDEPOSITED_FUNDS: '2a41…' } })

export const LedgerSettings = z
  .object({
    lock_date: z.string().nullable().openapi({ description: 'No entry can be posted, changed or reversed on or before this date' }),
    fiscal_year_start_month: z.number().int().openapi({ description: 'The month (1 = January … 12 = December) the fiscal year starts in: where year-to-date figures and retained earnings begin' }),
    gst_number: z.string().nullable().openapi({ description: 'The company’s GST/HST registration number (123456789RT0001), printed on its invoices', example: '123456789RT0001' }),
  })
  .openapi('LedgerSettings')

const MONTH = 'Fiscal year start month must be a month number from 1 to 12.'
const GST_NUMBER = 'GST/HST registration number is 9 digits, RT and 4 digits, as 123456789RT0001.'
export const LedgerSettingsBody = z
  .object({
    lock_date: dateInput('Lock date').nullable().optional(),
    fiscal_year_start_month: z.number({ error: MONTH }).int(MONTH).min(1, MONTH).max(12, MONTH).optional(),
    // Written as the CRA prints it, with or without spaces; kept without them.
    gst_number: z
      .string({ error: GST_NUMBER })
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^(\d{9}RT\d{4})?$/, GST_NUMBER))
      .transform((v) => v || null)
      .nullable()
      .optional(),
  })
  .openapi('LedgerSettingsUpdate')

export const router = createRouter()

async function rolesOf(c: Context<AppEnv>) {
  const t = tenant(c)
  const assigned = await t.db
    .select({ role: defaultGlAccounts.role, accountId: accounts.id, label: sql<string>`${accounts.number} || ' · ' || ${accounts.name}` })
    .from(defaultGlAccounts)
    .innerJoin(accounts, eq(accounts.id, defaultGlAccounts.accountId))
    .where(eq(defaultGlAccounts.companyId, t.companyId))
  const byRole = new Map(assigned.map((a) => [a.role, a]))
  return ACCOUNT_ROLES.map((r) => ({ value: r.value, label: r.label, subtypes: [...r.subtypes], account_id: byRole.get(r.value)?.accountId ?? null, account_label: byRole.get(r.value)?.label ?? null }))
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/account-roles',
    tags,
    summary: 'The roles postings look accounts up by, and the account playing each',
    ...guard,
    responses: { 200: jsonResponse(z.array(AccountRole), 'Roles'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await rolesOf(c), 200),
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/default-gl-accounts',
    tags,
    summary: 'Say which account plays each role (`{ "ROLE": account_id }`; the roles not named keep their account)',
    ...guard,
    request: jsonBody(DefaultGlAccounts),
    responses: { 200: jsonResponse(z.array(AccountRole), 'Every role with its account'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const errors: Record<string, string[]> = {}
    const wanted = Object.entries(body).filter(([role, id]) => {
      if (!roleOf(role)) errors[role] = [`${role} is not a role. Roles: ${ACCOUNT_ROLES.map((r) => r.value).join(', ')}.`]
      else if (id !== null && !z.uuid().safeParse(id).success) errors[role] = ['Must be an account id.']
      return !errors[role]
    })
    const ids = wanted.map(([, id]) => id).filter((id): id is string => !!id)
    const found = ids.length ? await t.db.select().from(accounts).where(and(eq(accounts.companyId, t.companyId), inArray(accounts.id, ids))) : []
    for (const [role, id] of wanted) {
      if (id === null) {
        errors[role] = ['Every role needs an account; choose another instead of none.']
        continue
      }
      const account = found.find((a) => a.id === id)
      const allowed: readonly string[] = roleOf(role)!.subtypes
      if (!account) errors[role] = ['No such account.']
      else if (!account.isActive) errors[role] = [`${account.name} is inactive.`]
      else if (!allowed.includes(account.subtype)) errors[role] = [`${roleOf(role)!.label} must be a ${allowed.map((s) => subtypeOf(s)!.label.toLowerCase()).join(' or ')} account; ${account.name} is not.`]
    }
    if (Object.keys(errors).length) throw badRequest('Please correct the highlighted roles.', errors)
    await t.db.transaction(async (tx) => {
      for (const [role, id] of wanted) {
        await tx
          .insert(defaultGlAccounts)
          .values({ companyId: t.companyId, role, accountId: id! })
          .onConflictDoUpdate({ target: [defaultGlAccounts.companyId, defaultGlAccounts.role], set: { accountId: id!, updatedAt: new Date() } })
      }
    })
    return c.json(await rolesOf(c), 200)
  },
)

async function settingsOf(c: Context<AppEnv>) {
  const t = tenant(c)
  const [row] = await t.db
    .select({ lockDate: ledgerSettings.lockDate, fiscalYearStartMonth: ledgerSettings.fiscalYearStartMonth, gstNumber: ledgerSettings.gstNumber })
    .from(ledgerSettings)
    .where(eq(ledgerSettings.companyId, t.companyId))
  return { lock_date: row?.lockDate ?? null, fiscal_year_start_month: row?.fiscalYearStartMonth ?? 1, gst_number: row?.gstNumber ?? null }
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/ledger-settings',
    tags,
    summary: 'The lock date of the books, the month their fiscal year starts in, and the company’s GST/HST registration number',
    ...guard,
    responses: { 200: jsonResponse(LedgerSettings, 'Settings'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await settingsOf(c), 200),
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/accounting/ledger-settings',
    tags,
    summary: 'Close the books through a date (or reopen them with null), set the month the fiscal year starts in and the GST/HST registration number; a field left out stays as it is',
    ...guard,
    request: jsonBody(LedgerSettingsBody),
    responses: { 200: jsonResponse(LedgerSettings, 'Settings'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const { lock_date, fiscal_year_start_month, gst_number } = c.req.valid('json')
    const t = tenant(c)
    // Books close on days that have happened: a lock date ahead would refuse postings for days still open.
    if (lock_date && lock_date > (await t.today())) throw fieldError('lock_date', 'Lock date cannot be after today.')
    const changes = {
      ...(lock_date !== undefined ? { lockDate: lock_date } : {}),
      ...(fiscal_year_start_month !== undefined ? { fiscalYearStartMonth: fiscal_year_start_month } : {}),
      ...(gst_number !== undefined ? { gstNumber: gst_number } : {}),
    }
    // The same row posting locks: a posting in flight finishes first, and none slips in before the new date.
    await t.db
      .insert(ledgerSettings)
      .values({ companyId: t.companyId, ...changes })
      .onConflictDoUpdate({ target: ledgerSettings.companyId, set: { ...changes, updatedAt: new Date() } })
    return c.json(await settingsOf(c), 200)
  },
)
