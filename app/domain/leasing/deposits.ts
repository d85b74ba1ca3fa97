import type { JournalDraft } from '../ledger/entries'
import type { Letter } from '../letter'
import { formatMoney } from '../money'
import { DEPOSIT_TYPES, guidelineFor, rulesOf, type DepositType } from './provinces'
import { leaseTags } from './rent'
import { addMonths } from './rent-increases'

/*
 * Deposits as pure rules (issue 14 item 5): which deposits a province allows and how large, what
 * receiving one posts, and what a disposition at move-out comes to (the deductions, the interest,
 * the refund, the day it is due) and posts. The province table is ~/domain/leasing/provinces.
 */

export const DEPOSIT_STATUSES = [
  { value: 'HELD', label: 'Held' },
  { value: 'SETTLED', label: 'Settled' },
] as const

export const DISPOSITION_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'COMPLETED', label: 'Completed' },
] as const

export const SECURITY_DEPOSIT_SOURCE = 'SECURITY_DEPOSIT'
export const DEPOSIT_DISPOSITION_SOURCE = 'DEPOSIT_DISPOSITION'

const depositLabel = (type: string) => DEPOSIT_TYPES.find((t) => t.value === type)?.label ?? type

/** One month's rent from a lease's rent and its frequency, to the cent: what the provinces' caps are fractions of. */
export function monthlyRentOf(rent: number, frequency: string) {
  const perYear: Record<string, number> = { WEEKLY: 52, BI_WEEKLY: 26, SEMI_MONTHLY: 24, MONTHLY: 12, QUARTERLY: 4, SEMI_ANNUALLY: 2, ANNUALLY: 1 }
  return Math.round((rent * (perYear[frequency] ?? 12)) / 12)
}

/**
 * The field errors of a deposit under its province's law: a kind of deposit the province does not
 * allow, or more than its cap counting the lease's other deposits of that kind. None outside the table.
 */
export function depositErrors(deposit: { depositType: string; amount: number }, monthlyRent: number, heldOfType: number, province: string | null | undefined): Record<string, string[]> | undefined {
  const rules = rulesOf(province)
  if (!rules) return undefined
  const allowed = rules.deposits.allowed[deposit.depositType as DepositType]
  if (!allowed) return { deposit_type: [`${rules.name} allows no ${depositLabel(deposit.depositType).toLowerCase()}. ${rules.deposits.law}`] }
  if (allowed.maxMonths !== undefined) {
    const most = Math.floor(monthlyRent * allowed.maxMonths)
    if (heldOfType + deposit.amount > most) {
      const months = allowed.maxMonths === 1 ? 'one month’s rent' : allowed.maxMonths === 0.5 ? 'half a month’s rent' : `${allowed.maxMonths} months’ rent`
      const already = heldOfType ? ` (with the ${formatMoney(heldOfType)} already held)` : ''
      return { amount: [`At most ${formatMoney(most - heldOfType)}${already}: ${rules.name} allows a ${depositLabel(deposit.depositType).toLowerCase()} of at most ${months}.`] }
    }
  }
  return undefined
}

export type DepositDocument = { id: string; date: string; amount: number; depositType: string; leaseId: string; rentalUnitId: string | null; propertyGroupId: string | null; memo: string | null }

/** A deposit received: Dr undeposited funds (it goes to the bank with the day's receipts), Cr deposits held for the lease. */
export function depositDraft(deposit: DepositDocument, undepositedFundsAccountId: string, depositsHeldAccountId: string): JournalDraft {
  return {
    date: deposit.date,
    memo: deposit.memo || depositLabel(deposit.depositType),
    basis: 'BOTH',
    source: { type: SECURITY_DEPOSIT_SOURCE, id: deposit.id, purpose: 'RECEIPT' },
    lines: [
      { accountId: undepositedFundsAccountId, amount: deposit.amount, propertyGroupId: deposit.propertyGroupId },
      { accountId: depositsHeldAccountId, amount: -deposit.amount, ...leaseTags(deposit) },
    ],
  }
}

/** What a disposition comes to: the deposits held, the deductions, the interest and what is refunded. */
export function dispositionFigures(held: number, interest: number, deductions: readonly { amount: number }[]) {
  const deducted = deductions.reduce((sum, d) => sum + d.amount, 0)
  return { held, interest, deducted, refund: held + interest - deducted }
}

/** The field errors of a disposition's figures under its province's law: deductions beyond the deposits, damage where it may not be deducted. */
export function dispositionErrors(
  figures: ReturnType<typeof dispositionFigures>,
  lines: readonly { chargeId: string | null }[],
  province: string | null | undefined,
  needs: { interestAccount: boolean; bankAccount: boolean },
): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {}
  const rules = rulesOf(province)
  if (rules && !rules.deposits.damageDeductions)
    lines.forEach((line, i) => {
      if (!line.chargeId) errors[`lines[${i}].charge_id`] = [`Line ${i + 1}: ${rules.name} allows no deduction for damage from a deposit; choose a charge the lease owes.`]
    })
  if (figures.refund < 0) errors.lines = [`The deductions come to ${formatMoney(figures.deducted)}, more than the ${formatMoney(figures.held + figures.interest)} of deposits and interest held.`]
  if (figures.interest > 0 && !needs.interestAccount) errors.interest_account_id = ['Choose the expense account the interest is charged to.']
  if (figures.refund > 0 && !needs.bankAccount) errors.bank_account_id = ['Choose the bank account the refund is paid from.']
  return Object.keys(errors).length ? errors : undefined
}

/** The day a disposition is due: the province's days after the move-out, or none where the law sets no deadline. */
export function dispositionDueDate(moveOut: string | null, province: string | null | undefined): string | null {
  const days = rulesOf(province)?.deposits.returnDays
  if (!moveOut || days === undefined) return null
  return new Date(Date.parse(`${moveOut}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** What interest a deposit earned, year by year: each year (or the part of one to the day asked) with the rate applied and what it came to, in cents. */
export type DepositInterest = { total: number; periods: { from: string; to: string; percent: number; year: number; days: number; amount: number }[] }

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000

/**
 * The interest the law owes on a deposit from the day it was received to `until`, or null where
 * Lintel does not compute it (it is then entered by hand): Ontario's last month's rent deposit
 * earns, each year it is held, the rent-increase guideline in force when that year's interest falls
 * due (RTA s. 106(6), the guideline of the year of each anniversary), on the deposit itself (the
 * interest is paid or tops the deposit up each year, so it is not compounded here); a year not yet
 * complete earns its share by days at the guideline of the year `until` falls in. A key deposit
 * earns none. Other provinces set their own rates, not in Lintel: null.
 */
export function depositInterest(deposit: { depositType: string; amount: number; date: string }, until: string, province: string | null | undefined): DepositInterest | null {
  if (province?.toUpperCase() !== 'ON') return null
  if (deposit.depositType !== 'LAST_MONTH_RENT' || until <= deposit.date) return { total: 0, periods: [] }
  const periods: DepositInterest['periods'] = []
  for (let years = 0; ; years++) {
    const from = addMonths(deposit.date, 12 * years)
    if (from >= until) break
    const anniversary = addMonths(deposit.date, 12 * (years + 1))
    const whole = anniversary <= until
    const to = whole ? anniversary : until
    const rate = guidelineFor('ON', Number(to.slice(0, 4)))
    const percent = rate?.percent ?? 0
    const days = dayNumber(to) - dayNumber(from)
    const yearDays = dayNumber(anniversary) - dayNumber(from)
    const amount = whole ? Math.round((deposit.amount * percent) / 10_000) : Math.round((deposit.amount * percent * days) / (10_000 * yearDays))
    periods.push({ from, to, percent, year: rate?.year ?? Number(to.slice(0, 4)), days, amount })
  }
  return { total: periods.reduce((sum, p) => sum + p.amount, 0), periods }
}

/** What a lease's deposits have earned by `until` under its province's law, in cents; null where it is not computed (outside Ontario). */
export function interestOwed(deposits: readonly { depositType: string; amount: number; date: string }[], until: string, province: string | null | undefined): number | null {
  if (province?.toUpperCase() !== 'ON') return null
  return deposits.reduce((sum, d) => sum + (depositInterest(d, until, province)?.total ?? 0), 0)
}

export type DispositionDocument = { id: string; date: string; leaseId: string; rentalUnitId: string | null; propertyGroupId: string | null; label: string }

/**
 * A completed disposition's entry (its deductions post as the payment that pays the charges from the
 * deposits): the interest charged to its expense account, and what is left of the deposits refunded
 * from the bank. Dr interest expense, Dr deposits held (held − deducted), Cr bank (the refund).
 */
export function dispositionDraft(
  disposition: DispositionDocument,
  figures: ReturnType<typeof dispositionFigures>,
  accounts: { depositsHeld: string; interestExpense: string | null; bank: string | null },
): JournalDraft | null {
  const lines = [
    figures.interest > 0 ? { accountId: accounts.interestExpense!, amount: figures.interest, memo: 'Interest on deposits', propertyGroupId: disposition.propertyGroupId } : null,
    figures.held - figures.deducted !== 0 ? { accountId: accounts.depositsHeld, amount: figures.held - figures.deducted, ...leaseTags(disposition) } : null,
    figures.refund > 0 ? { accountId: accounts.bank!, amount: -figures.refund, memo: 'Deposit refund', propertyGroupId: disposition.propertyGroupId } : null,
  ].filter((l) => l !== null)
  if (!lines.length) return null
  return { date: disposition.date, memo: `Deposits settled: ${disposition.label}`, basis: 'BOTH', source: { type: DEPOSIT_DISPOSITION_SOURCE, id: disposition.id, purpose: 'SETTLEMENT' }, lines }
}

export type StatementFacts = {
  company: { name: string; address: string | null }
  lease: { label: string; unit: string; residents: string; moveOutDate: string | null }
  disposition: { date: string; status: string; forwardingAddress: string | null; interest: number }
  deposits: readonly { depositType: string; date: string; amount: number }[]
  deductions: readonly { description: string; amount: number }[]
  dueDate: string | null
  law: string | null
}

const dollars = (cents: number) => `$${formatMoney(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`

/**
 * The statement a disposition gives the residents: the deposits held, the interest, each deduction
 * and the refund, the day it is due and the province's rule. Written as a letter (~/domain/letter).
 */
export function dispositionStatement(facts: StatementFacts): Letter {
  const held = facts.deposits.reduce((sum, d) => sum + d.amount, 0)
  const figures = dispositionFigures(held, facts.disposition.interest, facts.deductions)
  return {
    letterhead: [facts.company.name, ...(facts.company.address ? [facts.company.address] : [])],
    title: 'Statement of deposit disposition',
    subtitle: facts.disposition.status === 'COMPLETED' ? `Settled on ${facts.disposition.date}` : `Draft of ${facts.disposition.date}: not yet settled`,
    sections: [
      {
        rows: [
          ['Tenants', facts.lease.residents || '—'],
          ['Rental unit', facts.lease.unit],
          ['Lease', facts.lease.label],
          ['Move-out', facts.lease.moveOutDate ?? '—'],
          ['Forwarding address', facts.disposition.forwardingAddress ?? '—'],
          ...(facts.dueDate ? ([['Due by', facts.dueDate]] as const) : []),
        ],
      },
      { heading: 'Deposits held', rows: [...facts.deposits.map((d) => [`${depositLabel(d.depositType)}, received ${d.date}`, dollars(d.amount)] as const), ['Interest earned', dollars(figures.interest)]] },
      { heading: 'Deductions', rows: facts.deductions.length ? facts.deductions.map((d) => [d.description, dollars(d.amount)] as const) : [['None', dollars(0)]] },
      {
        heading: 'Refund',
        rows: [
          ['Deposits and interest', dollars(held + figures.interest)],
          ['Less deductions', dollars(figures.deducted)],
          ['Refunded to the tenants', dollars(figures.refund)],
        ],
        paragraphs: facts.law ? [facts.law] : [],
      },
    ],
    signatures: ['Landlord or agent', 'Date'],
  }
}
