import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { alias } from 'drizzle-orm/pg-core'
import { bankAccounts, bankReconciliations, bankStatementLines, journalEntries, journalLines } from '~/db/schema'
import { MATCH_WINDOW_DAYS, parseStatement, suggestMatches } from '~/domain/ledger/banking'
import { formatMoney } from '~/domain/money'
import { hasControlCharacters } from '~/domain/text'
import { bankAccountOf, tickStatementMatches } from '~/ledger/banking.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { ApiError, badRequest, conflict, fieldError, notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, page, pageOf } from '../pagination'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'
import { numberFormatInput } from '../values'

/*
 * Bank statements imported from CSV or OFX into a bank account's statement
 * lines (a line the bank already sent, by its FITID or the hash of its CSV row,
 * is not added twice), each shown with the register lines it may be, and matched
 * to one when someone confirms.
 */

const tags = ['Accounting']
const MAX_BYTES = 5 * 1024 * 1024
const tooLarge = () => new ApiError(413, `The statement is larger than ${MAX_BYTES / 1024 / 1024} MB; export a shorter period.`)
const guard = signedIn(
  requireStaff('accounting'),
  bodyLimit({
    maxSize: MAX_BYTES + 64 * 1024,
    onError: () => {
      throw tooLarge()
    },
  }),
)
const readGuard = signedIn(requireStaff('accounting'))

export const FileForm = z.object({
  file: z.custom<File | string>((v) => v instanceof File || typeof v === 'string', 'Attach the statement file as file.').openapi({ type: 'string', format: 'binary', description: 'A CSV (date, description, amount or debit/credit columns) or an OFX file' }),
  number_format: numberFormatInput()
    .default('en')
    .openapi({ description: 'How the CSV writes amounts: en = 1,250.00, fr = 1 250,00. OFX files are read as OFX writes them.' }),
})

export const ImportResult = z
  .object({
    format: z.enum(['CSV', 'OFX']),
    imported: z.number().int().openapi({ description: 'Lines added' }),
    already_imported: z.number().int().openapi({ description: 'Lines the bank account had from an earlier import' }),
    errors: z.array(z.string()).openapi({ description: 'Rows that could not be read, by line; the others were imported' }),
    understood: z
      .array(z.object({ date: z.string(), description: z.string(), amount: z.string() }))
      .openapi({ description: 'The first lines as read (amount as the API writes it), so the person can check the number format was the right one' }),
  })
  .openapi('StatementImportResult')

const Suggestion = z.object({ journal_line_id: z.string(), journal_entry_id: z.string(), entry_number: z.number().int(), date: z.string(), memo: z.string().nullable(), amount: z.string() })

export const StatementLine = z
  .object({
    id: z.string(),
    bank_account_id: z.string(),
    date: z.string(),
    description: z.string(),
    amount: z.string().openapi({ description: 'Money in positive, money out negative' }),
    external_id: z.string(),
    matched_journal_line_id: z.string().nullable(),
    matched: Suggestion.nullable(),
    suggestions: z.array(Suggestion).openapi({ description: 'Unmatched register lines of the same amount within 5 days, best first (empty once matched)' }),
  })
  .openapi('BankStatementLine')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/bank-accounts/{id}/statement-import',
    tags,
    summary: 'Import a bank statement (CSV or OFX 1.x/2.x) into the bank account’s statement lines; a line imported before is skipped',
    ...guard,
    request: { params: IdParam, body: { required: true, content: { 'multipart/form-data': { schema: FileForm } } } },
    responses: { 200: jsonResponse(ImportResult, 'What was imported'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const bank = await bankAccountOf(t.db, t.companyId, c.req.valid('param').id)
    const { file, number_format } = c.req.valid('form')
    if (file instanceof File && file.size > MAX_BYTES) throw tooLarge()
    const text = typeof file === 'string' ? file : await file.text()
    if (!text.trim()) throw fieldError('file', 'The file is empty.')
    if (hasControlCharacters(text)) throw fieldError('file', 'The file holds control characters; it is not a CSV or OFX text file.')
    const parsed = parseStatement(text, number_format)
    if (!parsed.lines.length) throw badRequest(parsed.errors[0] ?? 'The file has no transactions.', { file: parsed.errors.length ? parsed.errors : ['The file has no transactions.'] })
    const inserted = await t.db
      .insert(bankStatementLines)
      .values(parsed.lines.map((l) => ({ companyId: t.companyId, bankAccountId: bank.id, date: l.date, description: l.description.slice(0, 500), amount: l.amount, externalId: l.externalId.slice(0, 200) })))
      .onConflictDoNothing()
      .returning({ id: bankStatementLines.id })
    const understood = parsed.lines.slice(0, 5).map((l) => ({ date: l.date, description: l.description, amount: formatMoney(l.amount) }))
    return c.json({ format: parsed.format, imported: inserted.length, already_imported: parsed.lines.length - inserted.length, errors: parsed.errors, understood }, 200)
  },
)

const otherMatch = alias(bankStatementLines, 'other_match')

/** Register lines no statement line has been matched to. */
const unmatched = (c: Context<AppEnv>) => notExists(tenant(c).db.select({ one: sql`1` }).from(otherMatch).where(eq(otherMatch.matchedJournalLineId, journalLines.id)))

const registerFields = {
  id: journalLines.id,
  entryId: journalLines.entryId,
  entryNumber: journalEntries.number,
  date: journalLines.date,
  memo: sql<string | null>`coalesce(${journalLines.memo}, ${journalEntries.memo})`,
  amount: journalLines.amount,
}
type RegisterLine = { id: string; entryId: string; entryNumber: number; date: string; memo: string | null; amount: number }
const suggestionJson = (l: RegisterLine) => ({ journal_line_id: l.id, journal_entry_id: l.entryId, entry_number: l.entryNumber, date: l.date, memo: l.memo, amount: formatMoney(l.amount) })

const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/bank-accounts/{id}/statement-lines',
    tags,
    summary: 'The bank account’s imported statement lines, oldest first, each unmatched one with suggested register lines (same amount, within 5 days, best first)',
    ...readGuard,
    request: { params: IdParam, query: ListQuery.extend({ status: z.enum(['MATCHED', 'UNMATCHED'], { error: 'Status must be MATCHED or UNMATCHED.' }).optional() }) },
    responses: { 200: jsonResponse(pageOf(StatementLine, 'BankStatementLinePage'), 'A page of statement lines'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const query = c.req.valid('query')
    const bank = await bankAccountOf(t.db, t.companyId, c.req.valid('param').id)
    const where = and(
      eq(bankStatementLines.companyId, t.companyId),
      eq(bankStatementLines.bankAccountId, bank.id),
      query.status === 'MATCHED' ? isNotNull(bankStatementLines.matchedJournalLineId) : query.status === 'UNMATCHED' ? isNull(bankStatementLines.matchedJournalLineId) : undefined,
    )
    const [rows, [{ n }]] = await Promise.all([
      t.db.select().from(bankStatementLines).where(where).orderBy(asc(bankStatementLines.date), asc(bankStatementLines.createdAt), asc(bankStatementLines.id)).limit(query.page_size).offset(offsetOf(query)),
      t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bankStatementLines).where(where),
    ])
    const open = rows.filter((r) => !r.matchedJournalLineId)
    const matchedIds = rows.map((r) => r.matchedJournalLineId).filter((id): id is string => !!id)
    const base = t.db.select(registerFields).from(journalLines).innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    const [candidates, matched] = await Promise.all([
      open.length
        ? base.where(
            and(
              eq(journalLines.companyId, t.companyId),
              eq(journalLines.accountId, bank.glAccountId),
              inArray(journalLines.amount, [...new Set(open.map((r) => r.amount))]),
              gte(journalLines.date, shift(open.reduce((min, r) => (r.date < min ? r.date : min), open[0].date), -MATCH_WINDOW_DAYS)),
              lte(journalLines.date, shift(open.reduce((max, r) => (r.date > max ? r.date : max), open[0].date), MATCH_WINDOW_DAYS)),
              unmatched(c),
            ),
          )
        : Promise.resolve([]),
      matchedIds.length ? base.where(and(eq(journalLines.companyId, t.companyId), inArray(journalLines.id, matchedIds))) : Promise.resolve([]),
    ])
    const matchedById = new Map(matched.map((m) => [m.id, m]))
    const results = rows.map((r) => {
      const match = r.matchedJournalLineId ? matchedById.get(r.matchedJournalLineId) : undefined
      return {
        id: r.id,
        bank_account_id: r.bankAccountId,
        date: r.date,
        description: r.description,
        amount: formatMoney(r.amount),
        external_id: r.externalId,
        matched_journal_line_id: r.matchedJournalLineId,
        matched: match ? suggestionJson(match) : null,
        suggestions: r.matchedJournalLineId ? [] : suggestMatches(r, candidates).map(suggestionJson),
      }
    })
    return c.json(page(c, query, n, results), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/bank-statement-lines/{id}/match',
    tags,
    summary: 'Confirm which register line a statement line is (same bank account, same amount, not matched to another statement line); null undoes the match',
    ...readGuard,
    request: { params: IdParam, ...jsonBody(z.object({ journal_line_id: z.uuid({ error: 'Must be a journal line id.' }).nullable() }).openapi('BankStatementLineMatch')) },
    responses: { 200: jsonResponse(z.object({ id: z.string(), matched_journal_line_id: z.string().nullable() }), 'The statement line'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const { id } = c.req.valid('param')
    const { journal_line_id } = c.req.valid('json')
    if (!z.uuid().safeParse(id).success) throw notFound('No such statement line.')
    const result = await t.db.transaction(async (tx) => {
      const [line] = await tx.select().from(bankStatementLines).where(and(eq(bankStatementLines.companyId, t.companyId), eq(bankStatementLines.id, id))).for('update')
      if (!line) throw notFound('No such statement line.')
      if (journal_line_id) {
        const bank = await bankAccountOf(tx, t.companyId, line.bankAccountId)
        // Two statement lines claiming one register line queue on its row.
        const [register] = await tx.select({ id: journalLines.id, accountId: journalLines.accountId, amount: journalLines.amount }).from(journalLines).where(and(eq(journalLines.companyId, t.companyId), eq(journalLines.id, journal_line_id))).for('update')
        if (!register) throw fieldError('journal_line_id', 'No such journal line.')
        if (register.accountId !== bank.glAccountId) throw fieldError('journal_line_id', `That line is not in ${bank.name}’s register.`)
        if (register.amount !== line.amount) throw fieldError('journal_line_id', `That line is ${formatMoney(register.amount)}; the statement line is ${formatMoney(line.amount)}.`)
        const [taken] = await tx
          .select({ id: bankStatementLines.id, date: bankStatementLines.date, description: bankStatementLines.description })
          .from(bankStatementLines)
          .where(and(eq(bankStatementLines.matchedJournalLineId, journal_line_id), sql`${bankStatementLines.id} <> ${line.id}`))
        if (taken) throw conflict(`That register line is already matched to the statement line of ${taken.date} (“${taken.description}”).`)
      }
      const [updated] = await tx.update(bankStatementLines).set({ matchedJournalLineId: journal_line_id, updatedAt: new Date() }).where(eq(bankStatementLines.id, line.id)).returning()
      if (journal_line_id) {
        // The reconciliation in progress sees at once what the bank says cleared.
        const [draft] = await tx
          .select({ id: bankReconciliations.id, statementDate: bankReconciliations.statementDate, glAccountId: bankAccounts.glAccountId })
          .from(bankReconciliations)
          .innerJoin(bankAccounts, eq(bankAccounts.id, bankReconciliations.bankAccountId))
          .where(and(eq(bankReconciliations.companyId, t.companyId), eq(bankReconciliations.bankAccountId, line.bankAccountId), eq(bankReconciliations.status, 'DRAFT')))
        if (draft) await tickStatementMatches(tx, t.companyId, { ...draft, bankAccountId: line.bankAccountId }, journal_line_id)
      }
      return updated
    })
    return c.json({ id: result.id, matched_journal_line_id: result.matchedJournalLineId }, 200)
  },
)
