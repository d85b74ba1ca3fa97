import { formatMoney } from '../money'
import { normalSign, subtypeOf, ACCOUNT_SUBTYPES, ACCOUNT_TYPES, isBalanceSheet, type AccountType } from './chart'
import { isIsoDate, SOURCE_TYPES } from './entries'
import { compareNumbered } from '../text'

/*
 * The financial statements, shaped from rows the database has already summed
 * (app/ledger/reports.server.ts): each statement is query → these pure functions → JSON,
 * and the same JSON becomes CSV and PDF through statementTable. Amounts are cents until
 * they leave here as the API's "1250.00" strings.
 *
 * The fiscal year is the calendar year. Income and expense accounts close into retained
 * earnings at each year end without a closing entry: the statements compute it, so
 * the trial balance shows this year's income and expenses plus a prior-years line, and
 * the balance sheet's equity shows retained earnings and this year's net income.
 */

export const REPORT_BASES = [
  { value: 'accrual', label: 'Accrual' },
  { value: 'cash', label: 'Cash' },
] as const
export type ReportBasis = (typeof REPORT_BASES)[number]['value']

/** The entry bases a statement on this basis reads: entries for both, plus those of its own basis only. */
export const basesOf = (basis: ReportBasis) => (basis === 'cash' ? ['BOTH', 'CASH'] : ['BOTH', 'ACCRUAL'])

export const COMPARISONS = [
  { value: 'previous_period', label: 'Previous period' },
  { value: 'previous_year', label: 'Same period last year' },
] as const
export type Comparison = (typeof COMPARISONS)[number]['value']

export type ReportAccount = {
  id: string
  number: string
  name: string
  accountType: AccountType
  subtype: string
  parentAccountId: string | null
  isActive: boolean
}

/** An account's lines summed through the as-of date (`total`) and since the start of its fiscal year (`yearToDate`). */
export type AccountSums = { accountId: string; total: number; yearToDate: number }

const money = formatMoney
const byNumber = (a: { number: string }, b: { number: string }) => compareNumbered(a.number, b.number)

// Dates ------------------------------------------------------------------------------------------

const utc = (date: string) => new Date(`${date}T00:00:00Z`)
const iso = (date: Date) => date.toISOString().slice(0, 10)

/** The first day of the fiscal year `date` falls in, for a year starting in `startMonth` (1 = January). */
export function yearStart(date: string, startMonth = 1) {
  const year = Number(date.slice(0, 4))
  const start = Number(date.slice(5, 7)) >= startMonth ? year : year - 1
  return `${String(start).padStart(4, '0')}-${String(startMonth).padStart(2, '0')}-01`
}
export const addDays = (date: string, days: number) => iso(new Date(utc(date).getTime() + days * 86_400_000))
export const daysBetween = (from: string, to: string) => Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000)

/** The same day a year earlier (February 29 becomes the 28th). */
export function yearEarlier(date: string) {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0')
  const shifted = `${year}${date.slice(4)}`
  return isIsoDate(shifted) ? shifted : `${year}-02-28`
}

/** The range a comparison column covers: the period of equal length just before, or the same dates a year earlier. */
export function comparisonRange(from: string, to: string, compare: Comparison) {
  if (compare === 'previous_year') return { from: yearEarlier(from), to: yearEarlier(to) }
  const length = daysBetween(from, to) + 1
  const previousTo = addDays(from, -1)
  return { from: addDays(previousTo, -(length - 1)), to: previousTo }
}

// Trial balance ----------------------------------------------------------------------------------

export type TrialBalanceRow = { account_id: string | null; number: string; name: string; account_type: AccountType; debit: string | null; credit: string | null }

/** The amount a balance-sheet account carries at the as-of date; an income or expense account this year's. */
const closingBalance = (account: ReportAccount, sums: AccountSums) => (isBalanceSheet(account.accountType) ? sums.total : sums.yearToDate)

/** Prior years' income less expenses, as a signed (debit-positive) amount: what year ends closed into retained earnings. */
export function priorYearsEarnings(accounts: ReportAccount[], sums: AccountSums[]) {
  const types = new Map(accounts.map((a) => [a.id, a.accountType]))
  return sums.reduce((acc, s) => (isBalanceSheet(types.get(s.accountId) ?? 'ASSET') ? acc : acc + (s.total - s.yearToDate)), 0)
}

const sides = (amount: number) => (amount > 0 ? { debit: money(amount), credit: null } : { debit: null, credit: money(-amount) })

export function trialBalance(accounts: ReportAccount[], sums: AccountSums[], asOf: string, fiscalYearStart = yearStart(asOf)) {
  const byId = new Map(accounts.map((a) => [a.id, a]))
  const rows: (TrialBalanceRow & { amount: number })[] = []
  for (const s of sums) {
    const account = byId.get(s.accountId)
    if (!account) continue
    const amount = closingBalance(account, s)
    if (amount !== 0) rows.push({ account_id: account.id, number: account.number, name: account.name, account_type: account.accountType, amount, ...sides(amount) })
  }
  rows.sort(byNumber)
  const prior = priorYearsEarnings(accounts, sums)
  if (prior !== 0) rows.push({ account_id: null, number: '', name: `Prior years’ net income (retained earnings before ${fiscalYearStart})`, account_type: 'EQUITY', amount: prior, ...sides(prior) })
  const debit = rows.reduce((a, r) => a + Math.max(r.amount, 0), 0)
  const credit = rows.reduce((a, r) => a + Math.max(-r.amount, 0), 0)
  return {
    as_of: asOf,
    year_start: fiscalYearStart,
    rows: rows.map(({ amount: _, ...row }) => row),
    total_debit: money(debit),
    total_credit: money(credit),
    balanced: debit === credit,
    difference: money(debit - credit),
  }
}

// Balance sheet ----------------------------------------------------------------------------------

type StatementLine = { account_id: string | null; number: string; name: string; amount: string; computed?: 'PRIOR_YEARS_EARNINGS' | 'CURRENT_YEAR_EARNINGS' }
type Group = { subtype: string; label: string; lines: StatementLine[]; total: string }

const SECTION_LABELS: Record<'ASSET' | 'LIABILITY' | 'EQUITY', string> = { ASSET: 'Assets', LIABILITY: 'Liabilities', EQUITY: 'Equity' }

export function balanceSheet(accounts: ReportAccount[], sums: AccountSums[], asOf: string, fiscalYearStart = yearStart(asOf)) {
  const sumsOf = new Map(sums.map((s) => [s.accountId, s]))
  const sorted = [...accounts].sort(byNumber)
  // Income less expenses this year: credit-positive, as equity shows it.
  const currentEarnings = -sorted.filter((a) => !isBalanceSheet(a.accountType)).reduce((acc, a) => acc + (sumsOf.get(a.id)?.yearToDate ?? 0), 0)
  const priorEarnings = -priorYearsEarnings(accounts, sums)
  const sections = (['ASSET', 'LIABILITY', 'EQUITY'] as const).map((type) => {
    const sign = normalSign(type)
    const groups: (Group & { cents: number })[] = []
    for (const subtype of ACCOUNT_SUBTYPES.filter((s) => s.type === type)) {
      const members = sorted.filter((a) => a.accountType === type && a.subtype === subtype.value)
      const lines = members.map((a) => ({ account: a, cents: sign * (sumsOf.get(a.id)?.total ?? 0) })).filter((l) => l.cents !== 0)
      if (lines.length) groups.push(groupOf(subtype.value, subtype.label, lines.map((l) => ({ account_id: l.account.id, number: l.account.number, name: l.account.name, cents: l.cents }))))
    }
    // Accounts with a subtype the chart does not know still count, under their type.
    const strays = sorted.filter((a) => a.accountType === type && !subtypeOf(a.subtype)).map((a) => ({ account_id: a.id, number: a.number, name: a.name, cents: sign * (sumsOf.get(a.id)?.total ?? 0) }))
    if (strays.some((l) => l.cents !== 0)) groups.push(groupOf('OTHER', `Other ${SECTION_LABELS[type].toLowerCase()}`, strays.filter((l) => l.cents !== 0)))
    if (type === 'EQUITY') {
      const earnings = [
        { account_id: null, number: '', name: `Retained earnings (prior years)`, cents: priorEarnings, computed: 'PRIOR_YEARS_EARNINGS' as const },
        { account_id: null, number: '', name: fiscalYearStart.endsWith('-01-01') ? `Net income (${asOf.slice(0, 4)} to date)` : `Net income (fiscal year from ${fiscalYearStart})`, cents: currentEarnings, computed: 'CURRENT_YEAR_EARNINGS' as const },
      ].filter((l) => l.cents !== 0)
      if (earnings.length) groups.push(groupOf('EARNINGS', 'Earnings (computed)', earnings))
    }
    const cents = groups.reduce((a, g) => a + g.cents, 0)
    return { type, label: SECTION_LABELS[type], groups: groups.map(({ cents: _, ...g }) => g), total: money(cents), cents }
  })
  const [assets, liabilities, equity] = sections.map((s) => s.cents)
  return {
    as_of: asOf,
    year_start: fiscalYearStart,
    sections: sections.map(({ cents: _, ...s }) => s),
    total_assets: money(assets),
    total_liabilities: money(liabilities),
    total_equity: money(equity),
    total_liabilities_and_equity: money(liabilities + equity),
    balanced: assets === liabilities + equity,
    difference: money(assets - liabilities - equity),
  }
}

function groupOf(subtype: string, label: string, lines: (Omit<StatementLine, 'amount'> & { cents: number })[]): Group & { cents: number } {
  const cents = lines.reduce((a, l) => a + l.cents, 0)
  return { subtype, label, lines: lines.map(({ cents: c, ...l }) => ({ ...l, amount: money(c) })), total: money(cents), cents }
}

// Income statement -------------------------------------------------------------------------------

const IS_SECTIONS = [
  { key: 'income', label: 'Income', type: 'INCOME', nonOperating: false },
  { key: 'operating_expenses', label: 'Operating expenses', type: 'EXPENSE', nonOperating: false },
  { key: 'non_operating_income', label: 'Non-operating income', type: 'INCOME', nonOperating: true },
  { key: 'non_operating_expenses', label: 'Non-operating expenses', type: 'EXPENSE', nonOperating: true },
] as const
const isNonOperating = (a: ReportAccount) => a.subtype === 'NON_OPERATING_INCOME' || a.subtype === 'NON_OPERATING_EXPENSE'

type Figure = { amount: string; previous: string | null; change: string | null }
const figure = (cents: number, previous: number | null): Figure => ({ amount: money(cents), previous: previous === null ? null : money(previous), change: previous === null ? null : money(cents - previous) })

/**
 * Income, operating expenses, NOI = income − operating expenses, the non-operating
 * lines (interest, depreciation), and net income = NOI + non-operating income −
 * non-operating expenses. `period` holds each account's signed sum over the range;
 * `previous`, when given, the same for the comparison range.
 */
export function incomeStatement(accounts: ReportAccount[], period: Map<string, number>, range: { from: string; to: string }, comparison?: { from: string; to: string; compare: Comparison; sums: Map<string, number> }) {
  const sorted = accounts.filter((a) => !isBalanceSheet(a.accountType)).sort(byNumber)
  const previousOf = (id: string) => (comparison ? (comparison.sums.get(id) ?? 0) : null)
  const totals: Record<string, { cents: number; previous: number }> = {}
  const sections = IS_SECTIONS.map((section) => {
    // Income shows its credits, expenses their debits, each as a positive amount.
    const sign = normalSign(section.type)
    const rows = sorted
      .filter((a) => a.accountType === section.type && isNonOperating(a) === section.nonOperating)
      .map((a) => {
        const cents = sign * (period.get(a.id) ?? 0)
        const previous = previousOf(a.id)
        return { account: a, cents, previous: previous === null ? null : sign * previous }
      })
      .filter((r) => r.cents !== 0 || (r.previous ?? 0) !== 0)
    const cents = rows.reduce((a, r) => a + r.cents, 0)
    const previous = rows.reduce((a, r) => a + (r.previous ?? 0), 0)
    totals[section.key] = { cents, previous }
    return {
      key: section.key,
      label: section.label,
      rows: rows.map((r) => ({ account_id: r.account.id, number: r.account.number, name: r.account.name, ...figure(r.cents, r.previous) })),
      total: figure(cents, comparison ? previous : null),
    }
  })
  const noi = (k: 'cents' | 'previous') => totals.income[k] - totals.operating_expenses[k]
  const net = (k: 'cents' | 'previous') => noi(k) + totals.non_operating_income[k] - totals.non_operating_expenses[k]
  return {
    date_from: range.from,
    date_to: range.to,
    comparison: comparison ? { compare: comparison.compare, date_from: comparison.from, date_to: comparison.to } : null,
    sections,
    net_operating_income: figure(noi('cents'), comparison ? noi('previous') : null),
    net_income: figure(net('cents'), comparison ? net('previous') : null),
  }
}

// General ledger and register --------------------------------------------------------------------

/** A journal line as the general ledger lists it, with the names of its entry and dimensions. */
export type LedgerLine = {
  id: string
  accountId: string
  entryId: string
  entryNumber: number
  date: string
  sourceType: string
  memo: string | null
  amount: number
  propertyGroupLabel: string | null
  rentalUnitLabel: string | null
  residentLabel: string | null
  propertyOwnerLabel: string | null
  /** The sum of its account's lines in the range through this one, when the database has counted it (a page of a long ledger). */
  running?: number
}

export const sourceLabel = (type: string) => SOURCE_TYPES.find((s) => s.value === type)?.label ?? type

/**
 * Per account: its balance at the start of the range (`opening`, signed cents), each
 * line with a running balance, and the closing balance = opening + debits − credits,
 * shown in the account's normal balance (a liability's credit balance is positive).
 * Accounts with neither an opening balance nor lines are left out.
 */
/** An account's lines over a range: how many, and their debits and credits in cents. */
export type AccountActivity = { lineCount: number; debit: number; credit: number }

/** Which lines each account shows on one page of a ledger: positions `from`–`to` (from 1) of its lines in the range. */
export type LedgerSlice = { from: number; to: number }

/** One page of a long ledger or register. */
export type LedgerPage = { page: number; page_size: number; line_count: number; page_count: number }

/** Page `page` of `count` items, `pageSize` a page; null when it is past the last page (there is always a first). */
export function pageOf(count: number, page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(count / pageSize))
  return page > pageCount ? null : { page, pageSize, pageCount, offset: (page - 1) * pageSize }
}

export const LEDGER_PAGE_SIZE = 1000
export const MAX_LEDGER_PAGE_SIZE = 5000

/**
 * Lays a ledger's lines out in pages of `pageSize`: accounts in the order given, each line on
 * exactly one page, an account with no lines (only a balance) on the page its place falls on.
 * Answers each shown account's slice, or null when `page` is past the last page.
 */
export function ledgerPageSlices(accounts: { id: string; lineCount: number }[], page: number, pageSize: number) {
  const lineCount = accounts.reduce((sum, a) => sum + a.lineCount, 0)
  const paged = pageOf(lineCount, page, pageSize)
  if (!paged) return null
  const { pageCount, offset: low } = paged
  const high = low + pageSize
  const slices = new Map<string, LedgerSlice>()
  let start = 0
  for (const account of accounts) {
    const end = start + account.lineCount
    if (account.lineCount === 0) {
      if ((start >= low && start < high) || (start === lineCount && page === pageCount)) slices.set(account.id, { from: 1, to: 0 })
    } else if (start < high && end > low) {
      slices.set(account.id, { from: Math.max(start, low) - start + 1, to: Math.min(end, high) - start })
    }
    start = end
  }
  return { slices, page: { page, page_size: pageSize, line_count: lineCount, page_count: pageCount } satisfies LedgerPage }
}

/** The activity of each account from its lines, when they are all at hand. */
export function activityOf(lines: LedgerLine[]) {
  const activity = new Map<string, AccountActivity>()
  for (const l of lines) {
    const a = activity.get(l.accountId) ?? { lineCount: 0, debit: 0, credit: 0 }
    a.lineCount++
    if (l.amount > 0) a.debit += l.amount
    else a.credit -= l.amount
    activity.set(l.accountId, a)
  }
  return activity
}

/** The accounts a general ledger shows, in number order: those with lines in the range or a balance to open with. */
export function ledgerAccounts(accounts: ReportAccount[], openings: Map<string, number>, activity: Map<string, AccountActivity>) {
  return [...accounts].sort(byNumber).filter((a) => (activity.get(a.id)?.lineCount ?? 0) > 0 || (openings.get(a.id) ?? 0) !== 0)
}

/**
 * The general ledger: per account its opening balance, its lines with the running balance, its
 * debits and credits over the whole range and its closing balance, in the account's normal sign.
 * Given `paging` (one page), only the accounts and lines of that page are laid out; each line's
 * `running` (the range's sum through it, from the database) carries the balance across pages, and
 * an account continued from an earlier page starts from the balance brought forward.
 */
export function generalLedger(
  accounts: ReportAccount[],
  openings: Map<string, number>,
  lines: LedgerLine[],
  range: { from: string; to: string },
  paging?: { activity: Map<string, AccountActivity>; slices: Map<string, LedgerSlice>; page: LedgerPage },
) {
  const activity = paging?.activity ?? activityOf(lines)
  const linesOf = new Map<string, LedgerLine[]>()
  for (const line of lines) {
    const list = linesOf.get(line.accountId)
    if (list) list.push(line)
    else linesOf.set(line.accountId, [line])
  }
  const out = []
  for (const account of ledgerAccounts(accounts, openings, activity)) {
    const slice = paging?.slices.get(account.id)
    if (paging && !slice) continue
    const own = linesOf.get(account.id) ?? []
    const opening = openings.get(account.id) ?? 0
    const { lineCount, debit, credit } = activity.get(account.id) ?? { lineCount: 0, debit: 0, credit: 0 }
    const sign = normalSign(account.accountType)
    let running = 0
    const rows = own.map((l) => {
      running = l.running ?? running + l.amount
      return {
        id: l.id,
        date: l.date,
        entry_id: l.entryId,
        entry_number: l.entryNumber,
        source_type: l.sourceType,
        source_label: sourceLabel(l.sourceType),
        memo: l.memo,
        property_group_label: l.propertyGroupLabel,
        rental_unit_label: l.rentalUnitLabel,
        resident_label: l.residentLabel,
        property_owner_label: l.propertyOwnerLabel,
        ...sides(l.amount),
        balance: money(sign * (opening + running)),
      }
    })
    out.push({
      account_id: account.id,
      number: account.number,
      name: account.name,
      account_type: account.accountType,
      normal_balance: sign > 0 ? ('DEBIT' as const) : ('CREDIT' as const),
      opening: money(sign * opening),
      line_count: lineCount,
      first_line: slice?.from ?? 1,
      brought_forward: money(sign * broughtForward(opening, own)),
      lines: rows,
      total_debit: money(debit),
      total_credit: money(credit),
      closing: money(sign * (opening + debit - credit)),
    })
  }
  return { date_from: range.from, date_to: range.to, ...(paging ? { pagination: paging.page } : {}), accounts: out }
}

/** The balance before the first of these lines: the opening balance plus the range's lines before it. */
const broughtForward = (opening: number, lines: LedgerLine[]) => (lines[0] ? opening + (lines[0].running ?? lines[0].amount) - lines[0].amount : opening)

/** The opening balance a general ledger starts from: a balance-sheet account's whole history before the range, an income or expense account's since January 1. */
export const openingOf = (account: ReportAccount, sums: { before: number; beforeThisYear: number }) => (isBalanceSheet(account.accountType) ? sums.before : sums.before - sums.beforeThisYear)

/** A bank or cash account's register: money in and out, with the running balance (a debit is a deposit). */
export function transactionRegister(
  account: ReportAccount,
  opening: number,
  lines: LedgerLine[],
  range: { from: string; to: string },
  paging?: { activity: AccountActivity; slice: LedgerSlice; page: LedgerPage },
) {
  const { lineCount, debit, credit } = paging?.activity ?? activityOf(lines).get(account.id) ?? { lineCount: 0, debit: 0, credit: 0 }
  let running = 0
  const rows = lines.map((l) => {
    running = l.running ?? running + l.amount
    return {
      id: l.id,
      date: l.date,
      entry_id: l.entryId,
      entry_number: l.entryNumber,
      source_label: sourceLabel(l.sourceType),
      memo: l.memo,
      property_group_label: l.propertyGroupLabel,
      deposit: l.amount > 0 ? money(l.amount) : null,
      withdrawal: l.amount < 0 ? money(-l.amount) : null,
      balance: money(opening + running),
    }
  })
  return {
    account_id: account.id,
    number: account.number,
    name: account.name,
    date_from: range.from,
    date_to: range.to,
    ...(paging ? { pagination: paging.page } : {}),
    opening: money(opening),
    line_count: lineCount,
    first_line: paging?.slice.from ?? 1,
    brought_forward: money(broughtForward(opening, lines)),
    lines: rows,
    total_deposits: money(debit),
    total_withdrawals: money(credit),
    closing: money(opening + debit - credit),
  }
}

// Journal transactions ---------------------------------------------------------------------------

export type JournalEntryRow = { id: string; number: number; date: string; memo: string | null; basis: string; sourceType: string; createdByName: string | null; reversesEntryId: string | null }
export type JournalLineRow = { entryId: string; accountId: string; accountLabel: string; amount: number; memo: string | null; propertyGroupLabel: string | null; rentalUnitLabel: string | null }

/** The entries of a range: how many, and the debits and credits of their lines, in cents. */
export type EntryTotals = { entryCount: number; debit: number; credit: number }
/** One page of the journal. */
export type JournalPage = { page: number; page_size: number; entry_count: number; page_count: number }
export const JOURNAL_PAGE_SIZE = 500

/**
 * Entries with their lines, each entry's debits and credits, and the grand totals. Given `paging`
 * (one page of the journal), the grand totals are those of the whole range.
 */
export function journalTransactions(entries: JournalEntryRow[], lines: JournalLineRow[], range: { from: string; to: string }, paging?: { totals: EntryTotals; page: JournalPage }) {
  const linesOf = new Map<string, JournalLineRow[]>()
  for (const line of lines) linesOf.set(line.entryId, [...(linesOf.get(line.entryId) ?? []), line])
  let debit = 0
  let credit = 0
  const out = entries.map((e) => {
    const own = linesOf.get(e.id) ?? []
    const d = own.reduce((a, l) => a + Math.max(l.amount, 0), 0)
    const c = own.reduce((a, l) => a + Math.max(-l.amount, 0), 0)
    debit += d
    credit += c
    return {
      id: e.id,
      number: e.number,
      date: e.date,
      memo: e.memo,
      basis: e.basis,
      source_type: e.sourceType,
      source_label: sourceLabel(e.sourceType),
      created_by_name: e.createdByName,
      reverses_entry_id: e.reversesEntryId,
      lines: own.map((l) => ({ account_id: l.accountId, account_label: l.accountLabel, memo: l.memo, property_group_label: l.propertyGroupLabel, rental_unit_label: l.rentalUnitLabel, ...sides(l.amount) })),
      total_debit: money(d),
      total_credit: money(c),
    }
  })
  if (paging) ({ debit, credit } = paging.totals)
  return {
    date_from: range.from,
    date_to: range.to,
    ...(paging ? { pagination: paging.page } : {}),
    entry_count: paging?.totals.entryCount ?? entries.length,
    entries: out,
    total_debit: money(debit),
    total_credit: money(credit),
    balanced: debit === credit,
  }
}

// Chart of accounts ------------------------------------------------------------------------------

/** Every account with its place in the chart and its balance (this year's for income and expense), and a count per type. */
export function chartOfAccounts(accounts: ReportAccount[], sums: AccountSums[], asOf: string, fiscalYearStart = yearStart(asOf)) {
  const sumsOf = new Map(sums.map((s) => [s.accountId, s]))
  const byId = new Map(accounts.map((a) => [a.id, a]))
  const rows = [...accounts].sort(byNumber).map((a) => {
    const parent = a.parentAccountId ? byId.get(a.parentAccountId) : undefined
    const sign = normalSign(a.accountType)
    const s = sumsOf.get(a.id) ?? { accountId: a.id, total: 0, yearToDate: 0 }
    return {
      account_id: a.id,
      number: a.number,
      name: a.name,
      account_type: a.accountType,
      account_type_label: ACCOUNT_TYPES.find((t) => t.value === a.accountType)?.label ?? a.accountType,
      subtype: a.subtype,
      subtype_label: subtypeOf(a.subtype)?.label ?? a.subtype,
      parent_account_id: parent?.id ?? null,
      parent_label: parent ? `${parent.number} · ${parent.name}` : null,
      normal_balance: sign > 0 ? ('DEBIT' as const) : ('CREDIT' as const),
      is_active: a.isActive,
      balance: money(sign * closingBalance(a, s)),
    }
  })
  const counts = ACCOUNT_TYPES.map((t) => ({ account_type: t.value, label: t.label, count: accounts.filter((a) => a.accountType === t.value).length }))
  return { as_of: asOf, year_start: fiscalYearStart, accounts: rows, counts }
}
