import { describe, expect, it } from 'vitest'
import { hledgerAccountName, hledgerJournal } from './hledger'
import { balanceSheetTable, incomeStatementTable, tableCsv, trialBalanceTable } from './report-tables'
import { balanceSheet, comparisonRange, generalLedger, incomeStatement, ledgerPageSlices, transactionRegister, trialBalance, yearEarlier, yearStart, type LedgerLine, type ReportAccount } from './reports'

const account = (id: string, number: string, accountType: ReportAccount['accountType'], subtype: string, name = `Account ${number}`): ReportAccount => ({ id, number, name, accountType, subtype, parentAccountId: null, isActive: true })
const CHART = [
  account('bank', '1010', 'ASSET', 'BANK', 'Operating Bank'),
  account('ar', '1200', 'ASSET', 'ACCOUNTS_RECEIVABLE'),
  account('ap', '2000', 'LIABILITY', 'ACCOUNTS_PAYABLE'),
  account('owner', '3000', 'EQUITY', 'OWNER_CONTRIBUTIONS'),
  account('rent', '4000', 'INCOME', 'RENT_INCOME', 'Rent'),
  account('interest-in', '4900', 'INCOME', 'NON_OPERATING_INCOME'),
  account('repairs', '5000', 'EXPENSE', 'OPERATING_EXPENSE'),
  account('interest', '6000', 'EXPENSE', 'NON_OPERATING_EXPENSE'),
]
// Through 2026-06-30: the owner put in 1,000.00; rent 300.00 last year and 500.00 this year (100.00 still owed);
// repairs 80.00 this year, 20.00 unpaid; mortgage interest 30.00; bank interest 5.00.
const SUMS = [
  { accountId: 'bank', total: 100000 + 30000 + 40000 - 6000 - 3000 + 500, yearToDate: 40000 - 6000 - 3000 + 500 },
  { accountId: 'ar', total: 10000, yearToDate: 10000 },
  { accountId: 'ap', total: -2000, yearToDate: -2000 },
  { accountId: 'owner', total: -100000, yearToDate: 0 },
  { accountId: 'rent', total: -80000, yearToDate: -50000 },
  { accountId: 'interest-in', total: -500, yearToDate: -500 },
  { accountId: 'repairs', total: 8000, yearToDate: 8000 },
  { accountId: 'interest', total: 3000, yearToDate: 3000 },
]

describe('dates', () => {
  it('compares with the period of equal length just before, or the same dates a year earlier', () => {
    expect(comparisonRange('2026-04-01', '2026-06-30', 'previous_period')).toEqual({ from: '2025-12-31', to: '2026-03-31' })
    expect(comparisonRange('2026-03-01', '2026-03-31', 'previous_period')).toEqual({ from: '2026-01-29', to: '2026-02-28' })
    expect(comparisonRange('2024-01-01', '2024-02-29', 'previous_year')).toEqual({ from: '2023-01-01', to: '2023-02-28' })
    expect(yearEarlier('2026-07-04')).toBe('2025-07-04')
  })

  it('starts the fiscal year in its month: this calendar year once it is reached, last year before', () => {
    expect(yearStart('2026-06-30')).toBe('2026-01-01')
    expect(yearStart('2026-03-31', 4)).toBe('2025-04-01')
    expect(yearStart('2026-04-01', 4)).toBe('2026-04-01')
    expect(yearStart('2026-12-31', 12)).toBe('2026-12-01')
    expect(yearStart('2026-11-30', 12)).toBe('2025-12-01')
  })
})

describe('trial balance', () => {
  it('shows this year’s income and expenses, earlier years as one line, and equal columns', () => {
    const tb = trialBalance(CHART, SUMS, '2026-06-30')
    expect(tb.rows.map((r) => [r.number, r.debit, r.credit])).toEqual([
      ['1010', '1615.00', null],
      ['1200', '100.00', null],
      ['2000', null, '20.00'],
      ['3000', null, '1000.00'],
      ['4000', null, '500.00'],
      ['4900', null, '5.00'],
      ['5000', '80.00', null],
      ['6000', '30.00', null],
      ['', null, '300.00'],
    ])
    expect(tb).toMatchObject({ total_debit: '1825.00', total_credit: '1825.00', balanced: true, difference: '0.00' })
    expect(tb.rows.at(-1)!.name).toMatch(/Prior years’ net income/)
  })
  it('says when the lines it read do not balance', () => {
    const tb = trialBalance(CHART, [{ accountId: 'bank', total: 100, yearToDate: 100 }], '2026-06-30')
    expect(tb).toMatchObject({ balanced: false, difference: '1.00' })
  })
})

describe('balance sheet', () => {
  it('groups by subtype, adds retained earnings and this year’s net income, and balances', () => {
    const bs = balanceSheet(CHART, SUMS, '2026-06-30')
    expect(bs.sections.map((s) => [s.label, s.total, s.groups.map((g) => `${g.label} ${g.total}`)])).toEqual([
      ['Assets', '1715.00', ['Bank 1615.00', 'Accounts receivable 100.00']],
      ['Liabilities', '20.00', ['Accounts payable 20.00']],
      ['Equity', '1695.00', ['Owner contributions 1000.00', 'Earnings (computed) 695.00']],
    ])
    expect(bs.sections[2].groups[1].lines.map((l) => [l.computed, l.amount])).toEqual([
      ['PRIOR_YEARS_EARNINGS', '300.00'],
      ['CURRENT_YEAR_EARNINGS', '395.00'],
    ])
    expect(bs).toMatchObject({ total_assets: '1715.00', total_liabilities_and_equity: '1715.00', balanced: true })
  })
})

describe('income statement', () => {
  const period = new Map([
    ['rent', -50000],
    ['interest-in', -500],
    ['repairs', 8000],
    ['interest', 3000],
    ['bank', 31500],
  ])
  it('NOI = income − operating expenses; net income adds the non-operating lines', () => {
    const is = incomeStatement(CHART, period, { from: '2026-01-01', to: '2026-06-30' })
    expect(is.sections.map((s) => [s.key, s.rows.map((r) => `${r.number} ${r.amount}`), s.total.amount])).toEqual([
      ['income', ['4000 500.00'], '500.00'],
      ['operating_expenses', ['5000 80.00'], '80.00'],
      ['non_operating_income', ['4900 5.00'], '5.00'],
      ['non_operating_expenses', ['6000 30.00'], '30.00'],
    ])
    expect(is.net_operating_income.amount).toBe('420.00')
    expect(is.net_income).toEqual({ amount: '395.00', previous: null, change: null })
  })
  it('a comparison keeps accounts active in either period and shows the change', () => {
    const is = incomeStatement(CHART, period, { from: '2026-01-01', to: '2026-06-30' }, { from: '2025-01-01', to: '2025-06-30', compare: 'previous_year', sums: new Map([['rent', -30000], ['repairs', 1000], ['ar', 1]]) })
    expect(is.sections[0].rows[0]).toMatchObject({ amount: '500.00', previous: '300.00', change: '200.00' })
    expect(is.net_income).toEqual({ amount: '395.00', previous: '290.00', change: '105.00' })
  })
})

describe('general ledger and register', () => {
  const line = (id: string, accountId: string, date: string, amount: number): LedgerLine => ({ id, accountId, entryId: `e${id}`, entryNumber: Number(id), date, sourceType: 'JOURNAL_ENTRY', memo: null, amount, propertyGroupLabel: null, rentalUnitLabel: null, residentLabel: null, propertyOwnerLabel: null })
  it('runs each account from its opening to its closing balance in its normal sign', () => {
    const gl = generalLedger(CHART, new Map([['bank', 1000], ['rent', -500], ['ap', 0]]), [line('1', 'bank', '2026-02-01', 250), line('1', 'rent', '2026-02-01', -250), line('2', 'bank', '2026-02-03', -100)], { from: '2026-02-01', to: '2026-02-28' })
    expect(gl.accounts.map((a) => [a.number, a.opening, a.total_debit, a.total_credit, a.closing, a.lines.map((l) => l.balance)])).toEqual([
      ['1010', '10.00', '2.50', '1.00', '11.50', ['12.50', '11.50']],
      ['4000', '5.00', '0.00', '2.50', '7.50', ['7.50']],
    ])
    expect(gl.accounts[0].lines[0]).toMatchObject({ debit: '2.50', credit: null, source_label: 'Journal entry' })
  })
  it('the register carries deposits and withdrawals onto the opening balance', () => {
    const register = transactionRegister(CHART[0], 1000, [line('1', 'bank', '2026-02-01', 250), line('2', 'bank', '2026-02-03', -1300)], { from: '2026-02-01', to: '2026-02-28' })
    expect(register.lines.map((l) => [l.deposit, l.withdrawal, l.balance])).toEqual([
      ['2.50', null, '12.50'],
      [null, '13.00', '-0.50'],
    ])
    expect(register).toMatchObject({ opening: '10.00', total_deposits: '2.50', total_withdrawals: '13.00', closing: '-0.50' })
  })
})

describe('ledger pages', () => {
  const accounts = [
    { id: 'bank', lineCount: 5 },
    { id: 'quiet', lineCount: 0 },
    { id: 'rent', lineCount: 3 },
    { id: 'closed', lineCount: 0 },
  ]
  const laid = (page: number) => Object.fromEntries([...(ledgerPageSlices(accounts, page, 4)?.slices ?? [])])
  it('puts every line on exactly one page, an account split across pages continuing where it stopped', () => {
    expect(laid(1)).toEqual({ bank: { from: 1, to: 4 } })
    expect(laid(2)).toEqual({ bank: { from: 5, to: 5 }, quiet: { from: 1, to: 0 }, rent: { from: 1, to: 3 }, closed: { from: 1, to: 0 } })
    expect(ledgerPageSlices(accounts, 2, 4)?.page).toEqual({ page: 2, page_size: 4, line_count: 8, page_count: 2 })
    expect(ledgerPageSlices(accounts, 3, 4)).toBeNull()
  })
  it('an account with only a balance sits where its place falls; with no lines at all there is one page', () => {
    expect(laid(1)).not.toHaveProperty('quiet')
    expect([...ledgerPageSlices([{ id: 'a', lineCount: 0 }], 1, 4)!.slices.keys()]).toEqual(['a'])
    expect([...ledgerPageSlices([{ id: 'a', lineCount: 4 }, { id: 'b', lineCount: 0 }], 1, 4)!.slices.keys()]).toEqual(['a', 'b'])
  })
})

describe('tables and CSV', () => {
  it('lay a statement out for CSV, quoting what needs it', () => {
    const csv = tableCsv(trialBalanceTable(trialBalance([account('x', '1', 'ASSET', 'BANK', 'Cash, "main"'), account('y', '2', 'EQUITY', 'OTHER_EQUITY')], [{ accountId: 'x', total: 5, yearToDate: 5 }, { accountId: 'y', total: -5, yearToDate: 0 }], '2026-01-31'), []))
    expect(csv).toBe('Number,Account,Type,Debit,Credit\r\n1,"Cash, ""main""",ASSET,0.05,\r\n2,Account 2,EQUITY,,0.05\r\n,Total,,0.05,0.05\r\n')
    const table = balanceSheetTable(balanceSheet(CHART, SUMS, '2026-06-30'), ['Accrual basis'])
    expect(table.subtitle).toEqual(['As of 2026-06-30', 'Accrual basis'])
    expect(table.rows.at(-1)).toEqual({ cells: ['Total liabilities and equity', '1715.00'], kind: 'total' })
  })

  it('put net operating income after the operating expenses, even when there are none', () => {
    const table = incomeStatementTable(incomeStatement(CHART, new Map([['rent', -50000], ['interest', 3000]]), { from: '2026-01-01', to: '2026-06-30' }), [])
    expect(table.rows.map((r) => r.cells.join(' | '))).toEqual([
      'Income',
      '  4000 Rent | 500.00',
      'Total income | 500.00',
      'Net operating income | 500.00',
      'Non-operating expenses',
      '  6000 Account 6000 | 30.00',
      'Total non-operating expenses | 30.00',
      'Net income | 470.00',
    ])
  })
})

describe('hledger journal', () => {
  it('names accounts by type, subtype, number and name without the characters hledger reads as syntax', () => {
    expect(hledgerAccountName({ number: '1010', name: 'Bank:  main; CAD', accountType: 'ASSET', subtype: 'BANK' })).toBe('Assets:Bank:1010 Bank- main- CAD')
  })
  it('asserts each account’s running balance on its last posting, after an opening transaction', () => {
    const journal = hledgerJournal({
      heading: 'Test',
      currency: 'CAD',
      accounts: CHART,
      opening: { from: '2026-02-01', balances: new Map([['bank', 1000], ['owner', -1000], ['rent', 0]]) },
      entries: [
        { number: 7, date: '2026-02-03', memo: 'Rent,\nFebruary', tags: { source: 'JOURNAL_ENTRY' }, postings: [{ accountId: 'bank', amount: 500, tags: { property: 'Elm, east' } }, { accountId: 'rent', amount: -500, tags: {} }] },
        { number: 8, date: '2026-02-04', memo: null, tags: {}, postings: [{ accountId: 'bank', amount: -200, tags: {} }, { accountId: 'repairs', amount: 200, tags: {} }] },
      ],
    })
    expect(journal.slice(journal.indexOf('2026-01-31'))).toBe(
      [
        '2026-01-31 Opening balances before 2026-02-01  ; source:OPENING_BALANCES',
        '    Assets:Bank:1010 Operating Bank  CAD 10.00',
        '    Equity:Owner contributions:3000 Account 3000  CAD -10.00 = CAD -10.00',
        '',
        '2026-02-03 (7) Rent, February  ; source:JOURNAL_ENTRY',
        '    Assets:Bank:1010 Operating Bank  CAD 5.00  ; property:Elm; east',
        '    Income:Rent income:4000 Rent  CAD -5.00 = CAD -5.00',
        '',
        '2026-02-04 (8)',
        '    Assets:Bank:1010 Operating Bank  CAD -2.00 = CAD 13.00',
        '    Expenses:Operating expense:5000 Account 5000  CAD 2.00 = CAD 2.00',
        '',
      ].join('\n'),
    )
  })
})
