import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, gte, inArray, lte } from 'drizzle-orm'
import { companies, journalLines } from '~/db/schema'
import { hledgerJournal, type HledgerEntry } from '~/domain/ledger/hledger'
import { basesOf, REPORT_BASES, type ReportBasis } from '~/domain/ledger/reports'
import { booksCalendar, entryLines, reportAccounts, sumsBefore } from '~/ledger/reports.server'
import { createRouter } from '../create-app'
import { badRequest } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * accounting/ledger-export/: the journal in hledger's format, with a balance assertion on
 * each account's last posting, so `hledger -f ledger.journal bal` recomputes our balances.
 */


export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/ledger-export',
    tags: ['Accounting'],
    summary: 'The ledger as an hledger journal: every entry in the range (number as code, memo as description, dimensions as tags), an opening-balances transaction when date_from is set, and a balance assertion on each account’s last posting',
    ...signedIn(requireStaff('accounting')),
    request: {
      query: z.object({
        date_from: dateInput('Date from').optional().openapi({ description: 'First day; from the first entry by default' }),
        date_to: dateInput('Date to').optional().openapi({ description: 'Last day; through the last entry by default' }),
        basis: z.enum(REPORT_BASES.map((b) => b.value) as [ReportBasis, ...ReportBasis[]], { error: 'Basis must be accrual or cash.' }).default('accrual'),
      }),
    },
    responses: {
      200: { description: 'An hledger journal (text/plain), as an attachment named ledger….journal', content: { 'text/plain': { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    if (query.date_from && query.date_to && query.date_from > query.date_to) throw badRequest('Date from must be on or before date to.', { date_from: ['Date from must be on or before date to.'] })
    const filter = { basis: query.basis }
    const [[company], accounts, lines, before] = await Promise.all([
      t.db.select({ name: companies.name, currency: companies.currency }).from(companies).where(eq(companies.id, t.companyId)),
      reportAccounts(t.db, t.companyId),
      entryLines(
        t.db,
        t.companyId,
        and(
          inArray(journalLines.basis, basesOf(query.basis)),
          query.date_from ? gte(journalLines.date, query.date_from) : undefined,
          query.date_to ? lte(journalLines.date, query.date_to) : undefined,
        ),
      ),
      query.date_from ? booksCalendar(t.db, t.companyId).then((calendar) => sumsBefore(t.db, t.companyId, query.date_from!, calendar.fiscalYearStart(query.date_from!), filter)) : null,
    ])
    const entries: HledgerEntry[] = []
    for (const line of lines) {
      let entry = entries.at(-1)
      if (!entry || entry.number !== line.entryNumber) {
        entry = { number: line.entryNumber, date: line.entryDate, memo: line.entryMemo, tags: { source: line.sourceType, basis: line.entryBasis }, postings: [] }
        entries.push(entry)
      }
      entry.postings.push({
        accountId: line.accountId,
        amount: line.amount,
        tags: { property: line.propertyGroupLabel, unit: line.rentalUnitLabel, resident: line.residentLabel, owner: line.propertyOwnerLabel, lease: line.leaseId, vendor: line.vendorId, memo: line.memo },
      })
    }
    const range = `${query.date_from ?? 'the beginning'} to ${query.date_to ?? 'the last entry'}`
    const journal = hledgerJournal({
      heading: `${company.name}: ledger exported from Lintel, ${range}, ${query.basis} basis.\nAmounts in ${company.currency}; each account's last posting asserts its balance from the beginning of the books.`,
      currency: company.currency,
      accounts,
      opening: before ? { from: query.date_from!, balances: new Map([...before].map(([id, s]) => [id, s.before])) } : null,
      entries,
    })
    const name = `ledger${query.date_from ? `-${query.date_from}` : ''}${query.date_to ? `-${query.date_to}` : ''}.journal`
    return c.text(journal, 200, { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` })
  },
)
