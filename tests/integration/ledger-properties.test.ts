import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb, withCompany } from '~/db/client.server'
import { companies, journalEntries, journalLines } from '~/db/schema'
import { depositDraft, manualDraft, reversalDraft, type DraftLine, type JournalDraft } from '~/domain/ledger/entries'
import { checkLedger } from '~/ledger/integrity.server'
import { postEntry } from '~/ledger/posting.server'
import { api, registerCompany } from '../factories/api'

/*
 * Property-based tests of the ledger: random sequences of postings, corrections,
 * voids, replays and deposits, through the API where people make them and through
 * postEntry where documents do. A model keeps what each account's balance must be;
 * after every sequence the books must agree with it and pass the integrity check.
 */

type Books = { token: string; companyId: string; accounts: string[]; properties: (string | null)[]; undeposited: string; bank: string; rent: string }

async function openCompany(): Promise<Books> {
  const company = await registerCompany()
  const [row] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.name, company.company_name))
  const list = await api('GET', 'accounting/accounts/?page_size=200', { token: company.token })
  const byNumber = Object.fromEntries((list.body.results as { id: string; number: string }[]).map((a) => [a.number, a.id]))
  const properties: (string | null)[] = [null]
  for (const name of ['Birch Court', 'Cedar Lofts']) properties.push((await api('POST', 'property-groups/', { token: company.token, body: { name, property_type: 'RESIDENTIAL' } })).body.id)
  return {
    token: company.token,
    companyId: row.id,
    accounts: ['1010', '1050', '1200', '2000', '2100', '3000', '4000', '4100', '5000', '5100', '5300'].map((n) => byNumber[n]),
    properties,
    undeposited: byNumber['1100'],
    bank: byNumber['1010'],
    rent: byNumber['4000'],
  }
}

// --- What a sequence is made of -------------------------------------------------------

const amount = fc.integer({ min: 1, max: 50_000_00 })
const day = fc.integer({ min: 0, max: 364 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10))
const side = fc.record({ account: fc.nat(), property: fc.nat(), amount })
/** Balanced lines: one to three debits, their total credited over one or two lines. */
const lines = fc.record({ debits: fc.array(side, { minLength: 1, maxLength: 3 }), credits: fc.array(fc.record({ account: fc.nat(), property: fc.nat() }), { minLength: 1, maxLength: 2 }), split: fc.nat() })
type Lines = typeof lines extends fc.Arbitrary<infer T> ? T : never

const command = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('post' as const), date: day, lines }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), target: fc.nat(), date: day, lines }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), target: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deposit' as const), date: day, receipts: fc.array(fc.record({ property: fc.nat(), amount }), { minLength: 1, maxLength: 4 }) }) },
)
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never

function draftLines(books: Books, input: Lines): DraftLine[] {
  const pick = <T>(list: T[], n: number) => list[n % list.length]
  const debits = input.debits.map((d) => ({ accountId: pick(books.accounts, d.account), propertyGroupId: pick(books.properties, d.property), amount: d.amount }))
  const total = debits.reduce((a, d) => a + d.amount, 0)
  const credits = input.credits.length === 2 && total >= 2 ? [1 + (input.split % (total - 1)), total - 1 - (input.split % (total - 1))] : [total]
  return [...debits, ...credits.map((c, i) => ({ accountId: pick(books.accounts, input.credits[i].account), propertyGroupId: pick(books.properties, input.credits[i].property), amount: -c }))]
}

const apiLines = (lines: DraftLine[]) =>
  lines.map((l) => ({ account_id: l.accountId, property_group_id: l.propertyGroupId, ...(l.amount > 0 ? { debit: (l.amount / 100).toFixed(2) } : { credit: (-l.amount / 100).toFixed(2) }) }))

// --- The model and the books ------------------------------------------------------------

class Model {
  balances = new Map<string, bigint>()
  apply(lines: DraftLine[], sign: 1 | -1) {
    for (const l of lines) this.balances.set(l.accountId, (this.balances.get(l.accountId) ?? 0n) + BigInt(sign * l.amount))
  }
}

async function balances(companyId: string) {
  const rows = await withCompany(companyId, () =>
    getDb()
      .select({ accountId: journalLines.accountId, total: sql<string>`sum(${journalLines.amount})::text` })
      .from(journalLines)
      .where(eq(journalLines.companyId, companyId))
      .groupBy(journalLines.accountId),
  )
  return new Map(rows.map((r) => [r.accountId, BigInt(r.total)]))
}

const counts = async (companyId: string) => {
  const [row] = await withCompany(companyId, () =>
    getDb().execute<{ entries: number; lines: number }>(
      sql`select (select count(*)::int from journal_entries where company_id = ${companyId}) as entries, (select count(*)::int from journal_lines where company_id = ${companyId}) as lines`,
    ),
  )
  return row
}

/** Every entry balances, the trial balance is zero, numbers have no gaps (and the rest of the integrity check). */
async function expectIntegrity(companyId: string) {
  const report = await withCompany(companyId, () => checkLedger(getDb(), companyId))
  expect(report.findings).toEqual([])
}

function expectBalances(actual: Map<string, bigint>, baseline: Map<string, bigint>, model: Model) {
  const accounts = new Set([...actual.keys(), ...baseline.keys(), ...model.balances.keys()])
  for (const account of accounts) expect(actual.get(account) ?? 0n, account).toBe((baseline.get(account) ?? 0n) + (model.balances.get(account) ?? 0n))
}

type Posted = { id: string; lines: DraftLine[]; draft?: JournalDraft }

async function post(books: Books, draft: JournalDraft) {
  return withCompany(books.companyId, () => getDb().transaction((tx) => postEntry(tx, books.companyId, draft)))
}

/** Runs one sequence; returns what is still current so it can be reversed. */
async function run(books: Books, commands: Command[], model: Model) {
  const manual: Posted[] = []
  const documents: Posted[] = []
  for (const c of commands) {
    if (c.kind === 'post') {
      const l = draftLines(books, c.lines)
      const posted = await api('POST', 'accounting/journal-entries/', { token: books.token, body: { date: c.date, memo: 'Property test', lines: apiLines(l) } })
      expect(posted.status).toBe(201)
      manual.push({ id: posted.body.id, lines: l })
      model.apply(l, 1)
    } else if (c.kind === 'edit' && manual.length) {
      const i = c.target % manual.length
      const l = draftLines(books, c.lines)
      const edited = await api('PUT', `accounting/journal-entries/${manual[i].id}/`, { token: books.token, body: { date: c.date, lines: apiLines(l) } })
      expect(edited.status).toBe(200)
      model.apply(manual[i].lines, -1)
      model.apply(l, 1)
      manual[i] = { id: edited.body.id, lines: l }
    } else if (c.kind === 'delete' && manual.length) {
      const [target] = manual.splice(c.target % manual.length, 1)
      expect((await api('POST', `accounting/journal-entries/${target.id}/void/`, { token: books.token, body: {} })).status).toBe(200)
      model.apply(target.lines, -1)
    } else if (c.kind === 'replay' && documents.length) {
      // A document posting again (a retried request, a second process): nothing new.
      const before = await counts(books.companyId)
      const { created, entry } = await post(books, documents[c.target % documents.length].draft!)
      expect(created).toBe(false)
      expect(entry.id).toBe(documents[c.target % documents.length].id)
      expect(await counts(books.companyId)).toEqual(before)
    } else if (c.kind === 'deposit') {
      // Receipts into undeposited funds, then one deposit of them into the bank.
      const receipts: { amount: number; propertyGroupId: string | null }[] = []
      for (const r of c.receipts) {
        const propertyGroupId = books.properties[r.property % books.properties.length]
        const receipt = manualDraft({
          chainId: crypto.randomUUID(),
          date: c.date,
          memo: 'Rent received',
          lines: [
            { accountId: books.undeposited, amount: r.amount, propertyGroupId },
            { accountId: books.rent, amount: -r.amount, propertyGroupId },
          ],
        })
        const { entry } = await post(books, receipt)
        documents.push({ id: entry.id, lines: receipt.lines, draft: receipt })
        model.apply(receipt.lines, 1)
        receipts.push({ amount: r.amount, propertyGroupId })
      }
      const deposit = depositDraft({ depositId: crypto.randomUUID(), date: c.date, bankGlAccountId: books.bank, undepositedFundsAccountId: books.undeposited, items: receipts })
      const { entry } = await post(books, deposit)
      documents.push({ id: entry.id, lines: deposit.lines, draft: deposit })
      model.apply(deposit.lines, 1)
    }
  }
  return { manual, documents }
}

describe('ledger properties', () => {
  let books: Books
  beforeAll(async () => {
    books = await openCompany()
  })

  it('any sequence of postings, corrections, voids, replays and deposits keeps the books balanced and equal to the model; reversing it all restores every balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        const baseline = await balances(books.companyId)
        const model = new Model()
        const { manual, documents } = await run(books, commands, model)
        await expectIntegrity(books.companyId)
        expectBalances(await balances(books.companyId), baseline, model)

        // Replaying every document posted in this sequence posts nothing.
        const before = await counts(books.companyId)
        for (const d of documents) expect((await post(books, d.draft!)).created).toBe(false)
        expect(await counts(books.companyId)).toEqual(before)

        // Reversing everything still standing brings every account back to where it was.
        for (const m of manual) expect((await api('POST', `accounting/journal-entries/${m.id}/void/`, { token: books.token, body: {} })).status).toBe(200)
        for (const d of documents) {
          const [entry] = await withCompany(books.companyId, () => getDb().select().from(journalEntries).where(and(eq(journalEntries.companyId, books.companyId), eq(journalEntries.id, d.id))))
          await post(books, reversalDraft({ ...entry, basis: 'BOTH', sourceType: entry.sourceType as 'JOURNAL_ENTRY' }, d.lines, entry.date))
        }
        await expectIntegrity(books.companyId)
        expectBalances(await balances(books.companyId), baseline, new Model())
      }),
      { numRuns: 50 },
    )
  }, 120_000)

  it('two transactions posting one document at the same moment make one entry: no doubled lines, no gap in the numbers', async () => {
    const own = await openCompany()
    const before = await counts(own.companyId)
    for (let i = 0; i < 15; i++) {
      const draft = manualDraft({
        chainId: crypto.randomUUID(),
        date: '2026-05-01',
        memo: `Race ${i}`,
        lines: [
          { accountId: own.accounts[0], amount: 100 + i },
          { accountId: own.accounts[6], amount: -(100 + i) },
        ],
      })
      const results = await Promise.all([post(own, draft), post(own, draft), post(own, draft)])
      expect(results.filter((r) => r.created)).toHaveLength(1)
      expect(new Set(results.map((r) => r.entry.id)).size).toBe(1)
    }
    expect(await counts(own.companyId)).toEqual({ entries: before.entries + 15, lines: before.lines + 30 })
    const numbers = await withCompany(own.companyId, () => getDb().select({ number: journalEntries.number }).from(journalEntries).where(eq(journalEntries.companyId, own.companyId)).orderBy(journalEntries.number))
    expect(numbers.map((n) => n.number)).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1))
    // The next posting takes the next number.
    const next = await post(own, manualDraft({ chainId: crypto.randomUUID(), date: '2026-05-02', lines: [{ accountId: own.accounts[0], amount: 1 }, { accountId: own.accounts[6], amount: -1 }] }))
    expect(next.entry.number).toBe(numbers.length + 1)
    await expectIntegrity(own.companyId)
  })
})
