import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { companies } from '~/db/schema'
import { formatMoney, parseMoney } from '~/domain/money'
import { setCleared } from '~/ledger/reconciliations.server'
import { reconciliationPdf } from '~/ledger/reconciliation-pdf.server'
import { bankReconciliationsResource } from '~/resources/bank-reconciliations'
import { outputSchemas, recordOutput } from '~/resources/engine/api.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'

/*
 * What a bank reconciliation does beyond its definition (app/resources/bank-reconciliations.ts,
 * whose engine routes list, start, read, delete and mark it final): ticking its cleared items and
 * its PDF. The rules live in ~/ledger/reconciliations.
 */

const tags = ['Accounting']
const guard = signedIn(requireStaff('accounting'))

const ClearedBody = z
  .object({
    journal_line_ids: z.array(z.uuid({ error: 'Must be a journal line id.' }), { error: 'Name the journal lines.' }).max(5000, 'At most 5000 lines at once.'),
    cleared: z.boolean({ error: 'Say whether the lines are cleared (true) or not (false).' }),
  })
  .openapi('BankReconciliationClearedItems')

const { Item: Reconciliation } = outputSchemas(bankReconciliationsResource)
/** The PDF's part of the reconciliation's output (its definition's fields and figures). */
type Shown = Record<'statement_date' | 'bank_account_name' | 'gl_account_label' | 'status' | 'statement_ending_balance' | 'opening_balance' | 'cleared_total' | 'cleared_balance' | 'difference' | 'book_balance', string> & {
  finalized_at: string | null
  items: { date: string; entry_number: number; memo: string | null; amount: string; cleared: boolean }[]
}
const reconciliationOf = (c: Context<AppEnv>, id: string) => recordOutput(tenant(c).db, tenant(c).companyId, bankReconciliationsResource, id)

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/bank-reconciliations/{id}/cleared-items',
    tags,
    summary: 'Tick (`cleared: true`) or untick lines of the bank’s GL account dated on or before the statement date; refused on a final reconciliation',
    ...guard,
    request: { params: IdParam, ...jsonBody(ClearedBody) },
    responses: { 200: jsonResponse(Reconciliation, 'The reconciliation'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const { id } = c.req.valid('param')
    await setCleared(t.db, t.companyId, id, { journalLineIds: body.journal_line_ids, cleared: body.cleared })
    return c.json(await reconciliationOf(c, id), 200)
  },
)

async function pdfOf(c: Context<AppEnv>, id: string) {
  const t = tenant(c)
  const detail = (await reconciliationOf(c, id)) as Shown
  const [company] = await t.db.select({ name: companies.name }).from(companies).where(eq(companies.id, t.companyId))
  const item = (i: (typeof detail.items)[number]) => ({ date: i.date, entry: `#${i.entry_number}`, memo: i.memo ?? '', amount: i.amount })
  const cleared = detail.items.filter((i) => i.cleared)
  const outstanding = detail.items.filter((i) => !i.cleared)
  const total = (items: typeof detail.items) => formatMoney(items.reduce((sum, i) => sum + parseMoney(i.amount)!, 0))
  const bytes = await reconciliationPdf({
    company: company?.name ?? '',
    bankAccount: detail.bank_account_name,
    glAccount: detail.gl_account_label,
    statementDate: detail.statement_date,
    status: detail.status,
    finalizedAt: detail.finalized_at,
    summary: [
      ['Statement ending balance', detail.statement_ending_balance],
      ['Opening balance', detail.opening_balance],
      ['Cleared items', detail.cleared_total],
      ['Cleared balance', detail.cleared_balance],
      ['Difference', detail.difference],
      ['Book balance on the statement date', detail.book_balance],
    ],
    cleared: { items: cleared.map(item), total: total(cleared) },
    outstanding: { items: outstanding.map(item), total: total(outstanding) },
  })
  const filename = `reconciliation-${detail.bank_account_name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${detail.statement_date}.pdf`
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"` })
}

// SPEC.md §7 writes this call without the accounting prefix; both paths answer.
for (const path of ['/accounting/bank-reconciliations/{id}/generate-pdf', '/bank-reconciliations/{id}/generate-pdf']) {
  router.openapi(
    createRoute({
      method: 'post',
      path,
      tags,
      summary: 'The reconciliation as a PDF: statement, balances, cleared and outstanding items, difference',
      ...guard,
      request: { params: IdParam },
      responses: { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses(401, 403, 404) },
    }),
    (c) => pdfOf(c, c.req.valid('param').id),
  )
}
