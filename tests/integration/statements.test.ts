import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb, withCompany } from '~/db/client.server'
import { companies } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { postEntry } from '~/ledger/posting.server'
import { api, registerCompany, signedInMember, unique } from '../factories/api'

/*
 * A small set of books with known figures, posted through the API (and two single-basis
 * entries through the posting function), and every statement checked to the cent.
 *
 * 2025: owner puts 10,000.00 into the bank (A); rent 1,200.00 (A)            → prior years' income 1,200.00
 * 2026: rent 1,500.00 (A, Jan), rent 1,000.00 (B, Feb), repairs 300.00 (B, Feb),
 *       mortgage interest 200.00 (A, Mar), utilities 999.00 (A, Mar, reversed the same day),
 *       interest income 50.00 (no property, Mar), rent 700.00 accrued (A, accrual only),
 *       rent 400.00 received (A, cash only)
 */

type Books = { token: string; account: (number: string) => string; a: { id: string; name: string }; b: { id: string; name: string }; companyId: string; companyName: string }
let books: Books

const line = (account_id: string, side: 'debit' | 'credit', amount: string, property_group_id?: string) => ({ account_id, [side]: amount, property_group_id })

async function post(token: string, date: string, memo: string, lines: ReturnType<typeof line>[]) {
  const response = await api('POST', 'accounting/journal-entries/', { token, body: { date, memo, lines } })
  expect(response.status).toBe(201)
  return response.body as { id: string; number: number }
}

beforeAll(async () => {
  const company = await registerCompany()
  const token = company.token
  const list = await api('GET', 'accounting/accounts/?page_size=200', { token })
  const byNumber = Object.fromEntries((list.body.results as { id: string; number: string }[]).map((a) => [a.number, a.id]))
  const account = (number: string) => byNumber[number]
  const a = (await api('POST', 'property-groups/', { token, body: { name: `Alder ${unique()}`, property_type: 'RESIDENTIAL' } })).body
  const b = (await api('POST', 'property-groups/', { token, body: { name: `Birch ${unique()}`, property_type: 'RESIDENTIAL' } })).body
  const [row] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.name, company.company_name))
  books = { token, account, a, b, companyId: row.id, companyName: company.company_name }

  await post(token, '2025-06-01', 'Owner contribution', [line(account('1010'), 'debit', '10000.00', a.id), line(account('3000'), 'credit', '10000.00', a.id)])
  await post(token, '2025-07-01', 'July rent', [line(account('1010'), 'debit', '1200.00', a.id), line(account('4000'), 'credit', '1200.00', a.id)])
  await post(token, '2026-01-15', 'January rent', [line(account('1010'), 'debit', '1500.00', a.id), line(account('4000'), 'credit', '1500.00', a.id)])
  await post(token, '2026-02-10', 'February rent', [line(account('1010'), 'debit', '1000.00', b.id), line(account('4000'), 'credit', '1000.00', b.id)])
  await post(token, '2026-02-20', 'Plumber', [line(account('5000'), 'debit', '300.00', b.id), line(account('1010'), 'credit', '300.00', b.id)])
  await post(token, '2026-03-05', 'Mortgage interest', [line(account('6000'), 'debit', '200.00', a.id), line(account('1010'), 'credit', '200.00', a.id)])
  const mistake = await post(token, '2026-03-10', 'Hydro, posted twice', [line(account('5100'), 'debit', '999.00', a.id), line(account('1010'), 'credit', '999.00', a.id)])
  expect((await api('POST', `accounting/journal-entries/${mistake.id}/void/`, { token, body: {} })).status).toBe(200)
  await post(token, '2026-03-15', 'Bank interest', [line(account('1010'), 'debit', '50.00'), line(account('4900'), 'credit', '50.00')])
  await withCompany(books.companyId, () =>
    getDb().transaction(async (tx) => {
      const source = (purpose: string) => ({ type: 'JOURNAL_ENTRY' as const, id: crypto.randomUUID(), purpose })
      await postEntry(tx, books.companyId, { date: '2026-03-20', memo: 'March rent charged', basis: 'ACCRUAL', source: source('CHARGE'), lines: [{ accountId: account('1200'), amount: 70000, propertyGroupId: a.id }, { accountId: account('4000'), amount: -70000, propertyGroupId: a.id }] })
      await postEntry(tx, books.companyId, { date: '2026-03-25', memo: 'Rent received', basis: 'CASH', source: source('RECEIPT'), lines: [{ accountId: account('1010'), amount: 40000, propertyGroupId: a.id }, { accountId: account('4000'), amount: -40000, propertyGroupId: a.id }] })
    }),
  )
})

const get = (path: string) => api('GET', `reporting/${path}`, { token: books.token })

type TbRow = { account_id: string | null; number: string; name: string; debit: string | null; credit: string | null }
const tbRows = (body: { rows: TbRow[] }) => body.rows.map((r) => [r.account_id ? r.number : 'prior years', r.debit, r.credit])

describe('trial balance', () => {
  it('lists each account with a balance, this year’s income and expenses, and the prior years as one line; debits equal credits', async () => {
    const tb = await get('trial-balance/?as_of=2026-03-31')
    expect(tb.status).toBe(200)
    expect(tbRows(tb.body)).toEqual([
      ['1010', '13250.00', null],
      ['1200', '700.00', null],
      ['3000', null, '10000.00'],
      ['4000', null, '3200.00'],
      ['4900', null, '50.00'],
      ['5000', '300.00', null],
      ['6000', '200.00', null],
      ['prior years', null, '1200.00'],
    ])
    expect(tb.body).toMatchObject({ total_debit: '14450.00', total_credit: '14450.00', balanced: true, books_begin: '2025-06-01', filters: { basis: 'accrual', property_group_id: null } })
  })

  it('on the cash basis reads cash-only entries instead of accrual-only ones', async () => {
    const tb = await get('trial-balance/?as_of=2026-03-31&basis=cash')
    expect(tbRows(tb.body)).toEqual([
      ['1010', '13650.00', null],
      ['3000', null, '10000.00'],
      ['4000', null, '2900.00'],
      ['4900', null, '50.00'],
      ['5000', '300.00', null],
      ['6000', '200.00', null],
      ['prior years', null, '1200.00'],
    ])
    expect(tb.body).toMatchObject({ total_debit: '14150.00', total_credit: '14150.00', balanced: true })
  })

  it('for one property reads only its lines', async () => {
    const a = await get(`trial-balance/?as_of=2026-03-31&property_group_id=${books.a.id}`)
    expect(tbRows(a.body)).toEqual([
      ['1010', '12500.00', null],
      ['1200', '700.00', null],
      ['3000', null, '10000.00'],
      ['4000', null, '2200.00'],
      ['6000', '200.00', null],
      ['prior years', null, '1200.00'],
    ])
    expect(a.body).toMatchObject({ total_debit: '13400.00', total_credit: '13400.00', filters: { property_group_label: books.a.name } })
    const b = await get(`trial-balance/?as_of=2026-03-31&property_group_id=${books.b.id}`)
    expect(tbRows(b.body)).toEqual([
      ['1010', '700.00', null],
      ['4000', null, '1000.00'],
      ['5000', '300.00', null],
    ])
  })

  it('as of an earlier date leaves later lines out', async () => {
    const tb = await get('trial-balance/?as_of=2025-12-31')
    expect(tbRows(tb.body)).toEqual([
      ['1010', '11200.00', null],
      ['3000', null, '10000.00'],
      ['4000', null, '1200.00'],
    ])
  })
})

type Section = { type: string; total: string; groups: { label: string; total: string; lines: { number: string; name: string; amount: string; computed?: string }[] }[] }

describe('balance sheet', () => {
  it('groups by subtype, computes retained earnings and this year’s net income, and assets = liabilities + equity', async () => {
    const bs = await get('balance-sheet/?as_of=2026-03-31')
    expect(bs.status).toBe(200)
    const [assets, liabilities, equity] = bs.body.sections as Section[]
    expect(assets.groups.map((g) => [g.label, g.total, g.lines.map((l) => `${l.number} ${l.amount}`)])).toEqual([
      ['Bank', '13250.00', ['1010 13250.00']],
      ['Accounts receivable', '700.00', ['1200 700.00']],
    ])
    expect(liabilities.groups).toEqual([])
    expect(equity.groups.map((g) => [g.label, g.total, g.lines.map((l) => `${l.computed ?? l.number} ${l.amount}`)])).toEqual([
      ['Owner contributions', '10000.00', ['3000 10000.00']],
      ['Earnings (computed)', '3950.00', ['PRIOR_YEARS_EARNINGS 1200.00', 'CURRENT_YEAR_EARNINGS 2750.00']],
    ])
    expect(bs.body).toMatchObject({ total_assets: '13950.00', total_liabilities: '0.00', total_equity: '13950.00', total_liabilities_and_equity: '13950.00', balanced: true, difference: '0.00' })
  })

  it('balances on the cash basis, for each property and at any date', async () => {
    for (const query of ['as_of=2026-03-31&basis=cash', `as_of=2026-03-31&property_group_id=${books.a.id}`, `as_of=2026-03-31&property_group_id=${books.b.id}&basis=cash`, 'as_of=2025-06-30', 'as_of=2026-03-10']) {
      const bs = await get(`balance-sheet/?${query}`)
      expect(bs.body.balanced, query).toBe(true)
      expect(bs.body.total_assets, query).toBe(bs.body.total_liabilities_and_equity)
    }
    expect((await get('balance-sheet/?as_of=2026-03-31&basis=cash')).body.total_assets).toBe('13650.00')
    expect((await get(`balance-sheet/?as_of=2026-03-31&property_group_id=${books.b.id}`)).body.total_assets).toBe('700.00')
  })
})

type Figure = { amount: string; previous: string | null; change: string | null }
type IsSection = { key: string; rows: ({ number: string } & Figure)[]; total: Figure }
const isRows = (body: { sections: IsSection[] }) => Object.fromEntries(body.sections.map((s) => [s.key, [s.rows.map((r) => `${r.number} ${r.amount}`), s.total.amount]]))

describe('income statement', () => {
  it('shows income, operating expenses, NOI, the non-operating lines and net income for the range', async () => {
    const is = await get('income-statement/?date_from=2026-01-01&date_to=2026-03-31')
    expect(is.status).toBe(200)
    expect(isRows(is.body)).toEqual({
      income: [['4000 3200.00'], '3200.00'],
      operating_expenses: [['5000 300.00'], '300.00'],
      non_operating_income: [['4900 50.00'], '50.00'],
      non_operating_expenses: [['6000 200.00'], '200.00'],
    })
    expect(is.body.net_operating_income).toEqual({ amount: '2900.00', previous: null, change: null })
    expect(is.body.net_income.amount).toBe('2750.00')
  })

  it('compares with the same period last year or the previous period of equal length', async () => {
    const year = await get('income-statement/?date_from=2026-01-01&date_to=2026-12-31&compare=previous_year')
    expect(year.body.comparison).toEqual({ compare: 'previous_year', date_from: '2025-01-01', date_to: '2025-12-31' })
    expect(year.body.sections[0].rows[0]).toMatchObject({ number: '4000', amount: '3200.00', previous: '1200.00', change: '2000.00' })
    expect(year.body.net_income).toEqual({ amount: '2750.00', previous: '1200.00', change: '1550.00' })
    const period = await get('income-statement/?date_from=2026-02-01&date_to=2026-03-31&compare=previous_period')
    expect(period.body.comparison).toEqual({ compare: 'previous_period', date_from: '2025-12-04', date_to: '2026-01-31' })
    expect(period.body.sections[0].rows[0]).toMatchObject({ amount: '1700.00', previous: '1500.00', change: '200.00' })
    expect(period.body.net_income).toEqual({ amount: '1250.00', previous: '1500.00', change: '-250.00' })
  })

  it('net income for a range equals the change in equity from earnings over it, on both bases', async () => {
    const earnings = async (asOf: string, basis: string) => {
      const bs = await get(`balance-sheet/?as_of=${asOf}&basis=${basis}`)
      const group = (bs.body.sections[2] as Section).groups.find((g) => g.label === 'Earnings (computed)')
      return Math.round(Number(group?.total ?? '0') * 100)
    }
    for (const basis of ['accrual', 'cash']) {
      for (const [from, to, before] of [
        ['2026-01-01', '2026-03-31', '2025-12-31'],
        ['2025-07-01', '2026-03-20', '2025-06-30'],
        ['2026-02-15', '2026-03-25', '2026-02-14'],
      ]) {
        const is = await get(`income-statement/?date_from=${from}&date_to=${to}&basis=${basis}`)
        expect(Math.round(Number(is.body.net_income.amount) * 100), `${basis} ${from}..${to}`).toBe((await earnings(to, basis)) - (await earnings(before, basis)))
      }
    }
  })

  it('for one property', async () => {
    const is = await get(`income-statement/?date_from=2026-01-01&date_to=2026-03-31&property_group_id=${books.b.id}`)
    expect(isRows(is.body)).toMatchObject({ income: [['4000 1000.00'], '1000.00'], operating_expenses: [['5000 300.00'], '300.00'] })
    expect(is.body.net_income.amount).toBe('700.00')
  })
})

describe('general ledger and register', () => {
  it('lists an account’s lines with a running balance from its opening to its closing', async () => {
    const gl = await get(`general-ledger/?date_from=2026-03-01&date_to=2026-03-31&account_id=${books.account('1010')}`)
    expect(gl.status).toBe(200)
    expect(gl.body.accounts).toHaveLength(1)
    const bank = gl.body.accounts[0]
    expect(bank).toMatchObject({ number: '1010', normal_balance: 'DEBIT', opening: '13400.00', total_debit: '1049.00', total_credit: '1199.00', closing: '13250.00' })
    expect(bank.lines.map((l: Record<string, string>) => [l.date, l.entry_number, l.memo, l.debit, l.credit, l.balance, l.property_group_label])).toEqual([
      ['2026-03-05', 6, 'Mortgage interest', null, '200.00', '13200.00', books.a.name],
      ['2026-03-10', 7, 'Hydro, posted twice', null, '999.00', '12201.00', books.a.name],
      ['2026-03-10', 8, 'Reversal of entry #7: Hydro, posted twice', '999.00', null, '13200.00', books.a.name],
      ['2026-03-15', 9, 'Bank interest', '50.00', null, '13250.00', null],
    ])
    expect(bank.lines[0].source_label).toBe('Journal entry')
  })

  it('closing = opening + period for every account, and matches the trial balance', async () => {
    const gl = await get('general-ledger/?date_from=2026-01-01&date_to=2026-03-31')
    const tb = await get('trial-balance/?as_of=2026-03-31')
    const cents = (s: string) => Math.round(Number(s) * 100)
    for (const account of gl.body.accounts) {
      const sign = account.normal_balance === 'DEBIT' ? 1 : -1
      expect(cents(account.closing), account.number).toBe(cents(account.opening) + sign * (cents(account.total_debit) - cents(account.total_credit)))
      const row = (tb.body.rows as TbRow[]).find((r) => r.number === account.number)
      expect(cents(account.closing) * sign, account.number).toBe(row ? cents(row.debit ?? '0') - cents(row.credit ?? '0') : 0)
    }
    const income = gl.body.accounts.find((a: { number: string }) => a.number === '4000')
    expect(income).toMatchObject({ normal_balance: 'CREDIT', opening: '0.00', closing: '3200.00' })
  })

  it('pages a long ledger: every line once, balances carried across pages, totals and closing over the whole range; downloads hold every line', async () => {
    const whole = await get('general-ledger/?date_from=2026-01-01&date_to=2026-03-31')
    const lineCount = whole.body.accounts.reduce((n: number, a: { lines: unknown[] }) => n + a.lines.length, 0)
    expect(whole.body.pagination).toEqual({ page: 1, page_size: 1000, line_count: lineCount, page_count: 1 })
    type GlAccount = { number: string; first_line: number; line_count: number; brought_forward: string; opening: string; closing: string; total_debit: string; lines: { id: string; balance: string }[] }
    const seen: { number: string; id: string; balance: string }[] = []
    const pages = Math.ceil(lineCount / 3)
    for (let page = 1; page <= pages; page++) {
      const gl = await get(`general-ledger/?date_from=2026-01-01&date_to=2026-03-31&page_size=3&page=${page}`)
      expect(gl.status).toBe(200)
      expect(gl.body.pagination).toEqual({ page, page_size: 3, line_count: lineCount, page_count: pages })
      expect(gl.body.accounts.reduce((n: number, a: GlAccount) => n + a.lines.length, 0)).toBe(page < pages ? 3 : lineCount - 3 * (pages - 1))
      for (const account of gl.body.accounts as GlAccount[]) {
        const full = (whole.body.accounts as GlAccount[]).find((a) => a.number === account.number)!
        // The whole range's figures on every page; a continued account starts from the balance before its first line here.
        expect(account).toMatchObject({ opening: full.opening, closing: full.closing, total_debit: full.total_debit, line_count: full.lines.length })
        expect(account.brought_forward).toBe(account.first_line > 1 ? full.lines[account.first_line - 2].balance : full.opening)
        for (const l of account.lines) seen.push({ number: account.number, id: l.id, balance: l.balance })
      }
    }
    expect(seen).toEqual((whole.body.accounts as GlAccount[]).flatMap((a) => a.lines.map((l) => ({ number: a.number, id: l.id, balance: l.balance }))))

    const past = await get(`general-ledger/?date_from=2026-01-01&date_to=2026-03-31&page_size=3&page=${pages + 1}`)
    expect(past.status).toBe(400)
    expect(past.body.errors.page).toBeDefined()
    const tooBig = await get('general-ledger/?page_size=100000')
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.errors.page_size).toEqual(['Page size must be a whole number from 1 to 5000.'])

    const csv = await api('GET', 'reporting/general-ledger/?date_from=2026-01-01&date_to=2026-03-31&page_size=3&page=2&format=csv', { token: books.token })
    expect(String(csv.body).trim().split('\r\n').filter((row) => /^2026-\d\d-\d\d,\d+,/.test(row))).toHaveLength(lineCount)

    const register = await get(`transaction-register/?account_id=${books.account('1010')}&date_from=2026-01-01&date_to=2026-03-31&page_size=2&page=2`)
    expect(register.body).toMatchObject({ pagination: { page: 2, page_size: 2, page_count: 4 }, first_line: 3, line_count: 7, brought_forward: '13700.00', opening: '11200.00', closing: '13250.00' })
    expect(register.body.lines.map((l: Record<string, string>) => [l.memo, l.balance])).toEqual([
      ['Plumber', '13400.00'],
      ['Mortgage interest', '13200.00'],
    ])
  })

  it('the register of a bank account shows deposits, withdrawals and a balance carried from earlier history', async () => {
    const register = await get(`transaction-register/?account_id=${books.account('1010')}&date_from=2026-02-01&date_to=2026-02-28`)
    expect(register.status).toBe(200)
    expect(register.body).toMatchObject({ opening: '12700.00', total_deposits: '1000.00', total_withdrawals: '300.00', closing: '13400.00' })
    expect(register.body.lines.map((l: Record<string, string>) => [l.date, l.memo, l.deposit, l.withdrawal, l.balance])).toEqual([
      ['2026-02-10', 'February rent', '1000.00', null, '13700.00'],
      ['2026-02-20', 'Plumber', null, '300.00', '13400.00'],
    ])
    const notCash = await get(`transaction-register/?account_id=${books.account('4000')}`)
    expect(notCash.status).toBe(400)
    expect(notCash.body.errors.account_id).toEqual(['Choose a bank or cash account.'])
  })
})

describe('journal transactions and chart of accounts', () => {
  it('pages the journal by entries, with the grand totals of the whole range on every page', async () => {
    const numbers: number[] = []
    for (const page of [1, 2, 3]) {
      const journal = await get(`journal-transactions/?date_from=2026-03-01&date_to=2026-03-31&page_size=2&page=${page}`)
      expect(journal.status).toBe(200)
      expect(journal.body).toMatchObject({ pagination: { page, page_size: 2, entry_count: 5, page_count: 3 }, entry_count: 5, total_debit: '2948.00', total_credit: '2948.00', balanced: true })
      numbers.push(...journal.body.entries.map((e: { number: number }) => e.number))
    }
    expect(numbers).toEqual([6, 7, 8, 9, 10])
    expect((await get('journal-transactions/?date_from=2026-03-01&date_to=2026-03-31&page_size=2&page=4')).status).toBe(400)
    const csv = await api('GET', 'reporting/journal-transactions/?date_from=2026-03-01&date_to=2026-03-31&page_size=2&format=csv', { token: books.token })
    expect(String(csv.body).match(/^2026-03-\d\d,#\d+,/gm)).toHaveLength(5)
  })

  it('lists the entries of a range with their lines and grand totals, by basis and source', async () => {
    const journal = await get('journal-transactions/?date_from=2026-03-01&date_to=2026-03-31')
    expect(journal.status).toBe(200)
    expect(journal.body.entries.map((e: { number: number; total_debit: string }) => `#${e.number} ${e.total_debit}`)).toEqual(['#6 200.00', '#7 999.00', '#8 999.00', '#9 50.00', '#10 700.00'])
    expect(journal.body).toMatchObject({ total_debit: '2948.00', total_credit: '2948.00', balanced: true })
    expect(journal.body.entries[0].lines).toEqual([
      expect.objectContaining({ account_label: '6000 · Mortgage Interest', debit: '200.00', credit: null, property_group_label: books.a.name }),
      expect.objectContaining({ account_label: '1010 · Operating Bank Account', debit: null, credit: '200.00' }),
    ])
    const cash = await get('journal-transactions/?date_from=2026-03-01&date_to=2026-03-31&basis=cash')
    expect(cash.body.entries.map((e: { number: number }) => e.number)).toEqual([6, 7, 8, 9, 11])
    expect((await get('journal-transactions/?date_from=2026-03-01&date_to=2026-03-31&source_type=BANK_DEPOSIT')).body.entries).toEqual([])
    const b = await get(`journal-transactions/?date_from=2026-01-01&date_to=2026-12-31&property_group_id=${books.b.id}`)
    expect(b.body.entries.map((e: { number: number }) => e.number)).toEqual([4, 5])
  })

  it('lists every account with its type, normal balance and balance', async () => {
    const chart = await get('chart-of-accounts/?as_of=2026-03-31')
    expect(chart.status).toBe(200)
    const byNumber = Object.fromEntries(chart.body.accounts.map((a: { number: string }) => [a.number, a]))
    expect(byNumber['1010']).toMatchObject({ name: 'Operating Bank Account', account_type: 'ASSET', subtype_label: 'Bank', normal_balance: 'DEBIT', is_active: true, balance: '13250.00' })
    expect(byNumber['4000']).toMatchObject({ account_type: 'INCOME', normal_balance: 'CREDIT', balance: '3200.00' })
    expect(byNumber['2000'].balance).toBe('0.00')
    expect(chart.body.counts.find((c: { account_type: string }) => c.account_type === 'ASSET').count).toBe(8)
  })
})

describe('fiscal year', () => {
  it('year-to-date figures, this year’s net income and prior years’ earnings follow the month the fiscal year starts in', async () => {
    const company = await registerCompany()
    const token = company.token
    const list = await api('GET', 'accounting/accounts/?page_size=200', { token })
    const account = (number: string) => (list.body.results as { id: string; number: string }[]).find((a) => a.number === number)!.id
    expect((await api('GET', 'accounting/ledger-settings/', { token })).body).toEqual({ lock_date: null, fiscal_year_start_month: 1, gst_number: null })
    const bad = await api('PUT', 'accounting/ledger-settings/', { token, body: { fiscal_year_start_month: 13 } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.fiscal_year_start_month[0]).toMatch(/from 1 to 12/)
    expect((await api('PUT', 'accounting/ledger-settings/', { token, body: { fiscal_year_start_month: 4 } })).body).toEqual({ lock_date: null, fiscal_year_start_month: 4, gst_number: null })
    for (const [date, amount] of [['2025-03-15', '100.00'], ['2025-04-10', '200.00'], ['2026-03-20', '300.00'], ['2026-04-05', '400.00']]) await post(token, date, 'Rent', [line(account('1010'), 'debit', amount), line(account('4000'), 'credit', amount)])

    const tb = await api('GET', 'reporting/trial-balance/?as_of=2026-03-31', { token })
    expect(tb.body.year_start).toBe('2025-04-01')
    expect(tbRows(tb.body)).toEqual([
      ['1010', '600.00', null],
      ['4000', null, '500.00'],
      ['prior years', null, '100.00'],
    ])
    const bs = await api('GET', 'reporting/balance-sheet/?as_of=2026-03-31', { token })
    const earnings = bs.body.sections.find((s: { type: string }) => s.type === 'EQUITY').groups.find((g: { subtype: string }) => g.subtype === 'EARNINGS').lines
    expect(earnings.map((l: { name: string; amount: string }) => `${l.name} ${l.amount}`)).toEqual(['Retained earnings (prior years) 100.00', 'Net income (fiscal year from 2025-04-01) 500.00'])
    const income = await api('GET', 'reporting/income-statement/?date_to=2026-03-31', { token })
    expect(income.body.date_from).toBe('2025-04-01')
    // The lock date is left as it was when only the fiscal year changes, and the other way round.
    expect((await api('PUT', 'accounting/ledger-settings/', { token, body: { lock_date: '2025-03-31' } })).body).toEqual({ lock_date: '2025-03-31', fiscal_year_start_month: 4, gst_number: null })
  })
})

describe('downloads, guards and bad input', () => {
  it('without dates, a statement reads to today in the company’s time zone, not the server’s', async () => {
    // At any hour, one of these two zones is on a different day from UTC.
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const company = await registerCompany()
      await getDb().update(companies).set({ timeZone }).where(eq(companies.name, company.company_name))
      const today = todayIn(timeZone)
      expect((await api('GET', 'reporting/trial-balance/', { token: company.token })).body.as_of).toBe(today)
      expect((await api('GET', 'reporting/income-statement/', { token: company.token })).body.date_to).toBe(today)
    }
  })

  it('answers CSV and PDF with the same figures through ?format=', async () => {
    const csv = await get('trial-balance/?as_of=2026-03-31&format=csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="trial-balance-.*\.csv"/)
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe('Number,Account,Type,Debit,Credit')
    expect(lines).toContain('1010,Operating Bank Account,ASSET,13250.00,')
    expect(lines.at(-1)).toBe(',Total,,14450.00,14450.00')
    const isCsv = await get('income-statement/?date_from=2026-01-01&date_to=2026-03-31&format=csv')
    expect(isCsv.body).toContain('Net income,2750.00')

    for (const report of ['trial-balance/?', 'balance-sheet/?', 'income-statement/?compare=previous_year&', 'general-ledger/?', `transaction-register/?account_id=${books.account('1010')}&`, 'journal-transactions/?', 'chart-of-accounts/?']) {
      const response = await api('GET', `reporting/${report}format=pdf&date_from=2026-01-01&date_to=2026-03-31`, { token: books.token })
      expect(response.status, report).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(String(response.body).slice(0, 5), report).toBe('%PDF-')
    }
  })

  it('needs the reporting permission, and names a bad filter', async () => {
    const member = await signedInMember({ token: books.token }, 'manager', { has_accounting_permissions: true })
    expect((await api('GET', 'reporting/trial-balance/', { token: member.token })).status).toBe(403)
    const reporter = await signedInMember({ token: books.token }, 'manager', { has_reporting_permissions: true })
    expect((await api('GET', 'reporting/trial-balance/?as_of=2026-03-31', { token: reporter.token })).body.total_debit).toBe('14450.00')

    const bad = await get('income-statement/?date_from=2026-04-01&date_to=2026-03-31')
    expect(bad.status).toBe(400)
    expect(bad.body.errors.date_from).toBeDefined()
    expect((await get('trial-balance/?as_of=2026-02-30')).body.errors.as_of).toBeDefined()
    expect((await get('balance-sheet/?basis=modified')).body.errors.basis).toEqual(['Basis must be accrual or cash.'])
    const other = await registerCompany()
    const foreign = await api('POST', 'property-groups/', { token: other.token, body: { name: 'Elsewhere', property_type: 'RESIDENTIAL' } })
    expect((await get(`trial-balance/?property_group_id=${foreign.body.id}`)).body.errors.property_group_id).toEqual(['No such property.'])
  })
})

describe('ledger export', () => {
  const exportOf = (query: string) => api('GET', `accounting/ledger-export/?${query}`, { token: books.token })

  it('writes every entry with codes, tags and balance assertions', async () => {
    const response = await exportOf('')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="ledger.journal"')
    const text = response.body as string
    expect(text).toContain('2026-03-05 (6) Mortgage interest  ; source:JOURNAL_ENTRY, basis:BOTH')
    expect(text).toContain(`    Expenses:Non-operating expense (interest, depreciation):6000 Mortgage Interest  CAD 200.00 = CAD 200.00  ; property:${books.a.name}`)
    expect(text).toContain('account Assets:Bank:1010 Operating Bank Account  ; type:C')
    // The bank's last posting asserts its balance from the beginning (accrual basis: the cash-only receipt left out).
    expect(text).toContain('    Assets:Bank:1010 Operating Bank Account  CAD 50.00 = CAD 13250.00')
    expect(text).not.toContain('Rent received')
  })

  it('hledger reads it, every assertion holds, and its balances are the trial balance’s', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lintel-hledger-'))
    try {
      const file = path.join(dir, 'ledger.journal')
      writeFileSync(file, (await exportOf('date_from=2026-01-01&date_to=2026-03-31')).body as string)
      // Reading the file checks every balance assertion: a wrong one fails the command.
      execFileSync('hledger', ['-f', file, 'check', 'accounts', 'commodities'], { encoding: 'utf8' })
      const balances = (args: string[]) => {
        const csv = execFileSync('hledger', ['-f', file, 'bal', '--flat', '-N', '-O', 'csv', ...args], { encoding: 'utf8' })
        return Object.fromEntries(
          csv
            .trim()
            .split('\n')
            .slice(1)
            .map((row) => row.split('","').map((cell) => cell.replace(/"/g, '')))
            .map(([name, amount]) => [name.split(':').at(-1)!.split(' ')[0], Math.round(Number(amount.replace('CAD ', '')) * 100)]),
        )
      }
      const tb = await get('trial-balance/?as_of=2026-03-31')
      const expected = Object.fromEntries((tb.body.rows as TbRow[]).filter((r) => r.number).map((r) => [r.number, Math.round(Number(r.debit ?? 0) * 100) - Math.round(Number(r.credit ?? 0) * 100)]))
      // Balance-sheet accounts from the beginning; income and expenses since January 1 (the opening transaction carries earlier years).
      const sheet = balances(['Assets', 'Liabilities', 'Equity'])
      const year = balances(['-b', '2026-01-01', 'Income', 'Expenses'])
      expect({ ...sheet, ...year }).toEqual(expected)
      // Earlier years' income, closed into retained earnings by the trial balance, is what hledger holds before 2026.
      const earlier = Object.values(balances(['-e', '2026-01-01', 'Income', 'Expenses'])).reduce((a, b) => a + b, 0)
      expect(earlier).toBe(-120000)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a wrong assertion fails hledger: the check is real', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lintel-hledger-'))
    try {
      const file = path.join(dir, 'ledger.journal')
      writeFileSync(file, ((await exportOf('')).body as string).replace('= CAD 13250.00', '= CAD 13250.01'))
      expect(() => execFileSync('hledger', ['-f', file, 'check'], { encoding: 'utf8', stdio: 'pipe' })).toThrow(/balance assertion/i)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
