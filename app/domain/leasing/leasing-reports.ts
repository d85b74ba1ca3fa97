import type { ReportTable, TableRow } from '../ledger/report-tables'
import type { Letter } from '../letter'
import { daysBetween } from '../ledger/reports'
import { formatMoney, formatPercent } from '../money'
import { UNIT_TYPES } from '../reference-data'
import { PAYMENT_METHODS } from './payments'
import { chargeTypeLabel } from './rent'
import { eligibleFrom, increaseErrors, increasePercent, RENT_INCREASE_STATUSES } from './rent-increases'
import { byUnit, leaseFacts, monthlyAmount, percentOf, type LeaseCredit, type OpenItem, type RentRollLease, type RentRollUnit } from './reports'
import { paidFor, receiptNumberOf, type PaidCharge } from './resident-center'
import { labelOf } from '~/domain/text'

/*
 * The rent reports beside the rent roll (./reports), as ../shared/domain/reports.md defines them:
 * a lease's rent ledger over a range, rent outstanding for a month, rent receipts, loss to lease as
 * of a date, moves in and out over a range, and the rent increases taking effect over a range. Each is computed from what
 * ~/leasing/leasing-reports.server reads, and laid out as a table for its CSV and PDF. Amounts are
 * cents until the answer, which carries them as the API's "1250.00".
 */

const money = formatMoney
const right = (label: string) => ({ label, align: 'right' as const })

// Rent ledger ---------------------------------------------------------------------------------------

/** One of a lease's receivable lines, with what posted it. */
export type LedgerLine = {
  id: string
  date: string
  entryId: string
  entryNumber: number
  sourceType: string
  purpose: string
  /** The entry it undoes (a voided charge's, or one corrected), and the one it stands in for (a correction's). */
  reversesEntryId: string | null
  replacesEntryId: string | null
  memo: string | null
  /** Cents: positive adds to what the lease owes. */
  amount: number
  /** The charge's kind, for a line a charge posted. */
  chargeType: string | null
}

export const LEDGER_LINE_TYPES = [
  { value: 'CHARGE', label: 'Charge' },
  { value: 'PAYMENT', label: 'Payment' },
  { value: 'RETURNED', label: 'Payment returned' },
  { value: 'DEPOSIT', label: 'Deposit applied' },
  { value: 'ADJUSTMENT', label: 'Adjustment' },
] as const
type LedgerLineType = (typeof LEDGER_LINE_TYPES)[number]['value']

/** What a line is, by what posted it: a charge, a payment, a payment the bank returned, deposits applied, or anything else (a voided charge, a journal entry). */
function lineTypeOf(line: LedgerLine): LedgerLineType {
  if (line.reversesEntryId) return 'ADJUSTMENT'
  if (line.sourceType === 'RENT_CHARGE') return 'CHARGE'
  if (line.sourceType === 'RENT_PAYMENT') return line.purpose === 'RETURN' ? 'RETURNED' : 'PAYMENT'
  if (line.sourceType === 'SECURITY_DEPOSIT' || line.sourceType === 'DEPOSIT_DISPOSITION') return 'DEPOSIT'
  return 'ADJUSTMENT'
}

/**
 * A lease's rent ledger from `from` to `to`: the balance brought forward, each receivable line of
 * the range with the running balance, and the closing balance (what the lease's rent account says
 * through `to`); in the header what of it is unpaid charges and prepayments, and the deposit held,
 * from the open charges, credits and deposits on `to` (of the lease's property: its own are picked).
 */
export function rentLedger(
  lease: RentRollLease,
  lines: readonly LedgerLine[],
  onTheDay: { items: readonly OpenItem[]; credits: readonly LeaseCredit[]; deposits: Map<string, number> },
  range: { from: string; to: string },
) {
  const opening = lines.filter((l) => l.date < range.from).reduce((sum, l) => sum + l.amount, 0)
  const shown = lines.filter((l) => l.date >= range.from && l.date <= range.to)
  // A correction is the entry corrected, its reversal and the entry that replaces it: within the
  // range the first two cancel out, and the ledger shows the replacement alone. A void (a reversal
  // with nothing replacing) stays, as the charge and its adjustment.
  const replaced = new Set(shown.flatMap((l) => (l.replacesEntryId ? [l.replacesEntryId] : [])))
  const corrected = new Set(shown.flatMap((l) => (l.reversesEntryId && replaced.has(l.reversesEntryId) && shown.some((o) => o.entryId === l.reversesEntryId) ? [l.reversesEntryId, l.entryId] : [])))
  let balance = opening
  let charges = 0
  let payments = 0
  const rows = shown
    .filter((l) => !corrected.has(l.entryId))
    .map((line) => {
      balance += line.amount
      if (line.amount > 0) charges += line.amount
      else payments -= line.amount
      const type = lineTypeOf(line)
      return {
        journal_line_id: line.id,
        journal_entry_id: line.entryId,
        entry_number: line.entryNumber,
        date: line.date,
        type,
        type_label: labelOf(LEDGER_LINE_TYPES, type),
        charge_type: line.chargeType,
        charge_type_label: line.chargeType ? chargeTypeLabel(line.chargeType) : null,
        description: line.memo ?? '',
        charge: line.amount > 0 ? money(line.amount) : null,
        payment: line.amount < 0 ? money(-line.amount) : null,
        balance: money(balance),
      }
    })
  return {
    ...leaseFacts(lease),
    date_from: range.from,
    date_to: range.to,
    opening_balance: money(opening),
    lines: rows,
    total_charges: money(charges),
    total_payments: money(payments),
    closing_balance: money(balance),
    total_unpaid: money(onTheDay.items.filter((i) => i.leaseId === lease.id).reduce((sum, i) => sum + i.open, 0)),
    prepayments: money(onTheDay.credits.filter((c) => c.leaseId === lease.id).reduce((sum, c) => sum + c.credit, 0)),
    deposit_held: money(onTheDay.deposits.get(lease.id) ?? 0),
  }
}

export function rentLedgerTable(report: ReturnType<typeof rentLedger>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = [
    { cells: [report.date_from, '', '', '', 'Opening balance', '', '', report.opening_balance], kind: 'heading' },
    ...report.lines.map((l) => ({ cells: [l.date, `#${l.entry_number}`, l.type_label, l.charge_type_label ?? '', l.description, l.charge, l.payment, l.balance] })),
    { cells: ['', '', '', '', 'Total', report.total_charges, report.total_payments, ''], kind: 'total' },
    { cells: [report.date_to, '', '', '', 'Closing balance', '', '', report.closing_balance], kind: 'total' },
  ]
  return {
    title: 'Rent Ledger',
    subtitle: [
      `${report.lease_label}: ${report.residents || 'no residents'}`,
      `From ${report.date_from} to ${report.date_to}`,
      `Balance ${report.closing_balance}: unpaid charges ${report.total_unpaid}, prepaid ${report.prepayments}; deposit held ${report.deposit_held}`,
      ...subtitle,
    ],
    columns: [{ label: 'Date' }, { label: 'Entry' }, { label: 'Type' }, { label: 'Charge code' }, { label: 'Description' }, right('Charge'), right('Payment'), right('Balance')],
    rows,
  }
}

// Rent outstanding ----------------------------------------------------------------------------------

/** What a lease was charged in the month, and what of that payments received by the day have paid. */
export type MonthCharges = { leaseId: string; charged: number; collected: number }

/**
 * Rent outstanding for a month: per lease, what was charged in it, what of those charges payments
 * received by `asOf` (and not returned by then) have paid, what is left and the collection rate.
 * Payments received in the month that paid other months' charges are not here: that is a
 * different figure.
 */
export function rentOutstanding(charges: readonly MonthCharges[], leases: Map<string, RentRollLease>, options: { month: string; from: string; to: string; asOf: string; chargeType: string | null }) {
  const rows = charges
    .filter((c) => leases.has(c.leaseId))
    .map((c) => ({
      ...leaseFacts(leases.get(c.leaseId)!),
      charged: money(c.charged),
      collected: money(c.collected),
      outstanding: money(c.charged - c.collected),
      collection_percent: percentOf(c.collected, c.charged),
    }))
    .sort(byUnit)
  const charged = charges.reduce((sum, c) => sum + c.charged, 0)
  const collected = charges.reduce((sum, c) => sum + c.collected, 0)
  return {
    month: options.month,
    date_from: options.from,
    date_to: options.to,
    as_of: options.asOf,
    charge_type: options.chargeType,
    rows,
    totals: { charged: money(charged), collected: money(collected), outstanding: money(charged - collected), collection_percent: percentOf(collected, charged) },
  }
}

export function rentOutstandingTable(report: ReturnType<typeof rentOutstanding>, subtitle: string[]): ReportTable {
  const t = report.totals
  return {
    title: 'Rent Outstanding',
    subtitle: [
      `Charges dated ${report.date_from} to ${report.date_to}${report.charge_type ? ` (${chargeTypeLabel(report.charge_type)})` : ''}, collected as of ${report.as_of}`,
      ...subtitle,
    ],
    columns: [{ label: 'Property' }, { label: 'Unit' }, { label: 'Lease' }, { label: 'Residents' }, right('Charged'), right('Collected'), right('Outstanding'), right('Collected %')],
    rows: [
      ...report.rows.map((r) => ({ cells: [r.property_label, r.unit_label, r.lease_label, r.residents, r.charged, r.collected, r.outstanding, r.collection_percent] })),
      { cells: ['Total', '', '', '', t.charged, t.collected, t.outstanding, t.collection_percent], kind: 'total' as const },
    ],
  }
}

// Rent receipts -------------------------------------------------------------------------------------

/** A payment as its receipt reads it, with the number of the entry it posted. */
export type ReceiptPayment = {
  id: string
  leaseId: string
  leaseLabel: string
  entryNumber: number | null
  date: string
  amount: number
  method: string
  reference: string | null
  /** What it has not paid of a charge yet: held as a credit for the lease's next charges. */
  unapplied: number
}
export type Landlord = { name: string; address: string | null; phone: string | null; email: string | null }

/**
 * Rent receipts with what Ontario asks of one (Residential Tenancies Act s. 109, O. Reg. 516/06
 * s. 9): the rental unit's address, the tenants' names, each payment's date and amount and what
 * it paid for, the landlord's name, and a receipt number; with the method, for whoever keeps it.
 * The signature of the landlord or their agent goes on the printed receipt.
 */
export function rentReceipts(
  payments: readonly ReceiptPayment[],
  addressees: Map<string, { unitAddress: string; tenants: string[] }>,
  paid: Map<string, PaidCharge[]>,
  landlord: Landlord,
  options: { paymentId: string | null; residentId: string | null; residentName: string | null; from: string | null; to: string | null },
) {
  const receipts = payments.map((p) => ({
    payment_id: p.id,
    receipt_number: p.entryNumber === null ? null : receiptNumberOf(p.entryNumber),
    lease_id: p.leaseId,
    lease_label: p.leaseLabel,
    unit_address: addressees.get(p.leaseId)?.unitAddress ?? '',
    tenants: addressees.get(p.leaseId)?.tenants ?? [],
    date: p.date,
    amount: money(p.amount),
    method: p.method,
    method_label: labelOf(PAYMENT_METHODS, p.method),
    reference: p.reference,
    paid_for: paidFor(paid.get(p.id) ?? []).map((c) => ({ ...c, amount: money(c.amount) })),
    credit: money(p.unapplied),
  }))
  return {
    payment_id: options.paymentId,
    resident_id: options.residentId,
    resident_name: options.residentName,
    date_from: options.from,
    date_to: options.to,
    landlord,
    receipts,
    total: money(payments.reduce((sum, p) => sum + p.amount, 0)),
  }
}

type RentReceipts = ReturnType<typeof rentReceipts>

export function rentReceiptTable(report: RentReceipts, subtitle: string[]): ReportTable {
  return {
    title: 'Rent Receipts',
    subtitle: [`Landlord: ${report.landlord.name}`, ...(report.resident_name ? [`${report.resident_name}, ${report.date_from} to ${report.date_to}`] : []), ...subtitle],
    columns: [{ label: 'Receipt' }, { label: 'Date' }, { label: 'Tenants' }, { label: 'Rental unit' }, { label: 'Method' }, { label: 'Paid for' }, right('Amount')],
    rows: [
      ...report.receipts.map((r) => ({
        cells: [r.receipt_number, r.date, r.tenants.join(', '), r.unit_address, r.method_label, r.paid_for.map((c) => `${c.description} ${c.period}: ${c.amount}`).join('; ') || 'Held as a credit', r.amount],
      })),
      { cells: ['Total', '', '', '', '', '', report.total], kind: 'total' as const },
    ],
  }
}

/** Each receipt as a letter to print and sign: from the landlord, to the tenants, saying what was paid for. */
export function receiptLetters(report: RentReceipts, display: (amount: string) => string): Letter[] {
  const { landlord } = report
  return report.receipts.map((r) => ({
    letterhead: [landlord.name, landlord.address, [landlord.phone, landlord.email].filter(Boolean).join(' · ')].filter((line): line is string => !!line),
    title: 'Rent receipt',
    subtitle: r.receipt_number ? `Receipt ${r.receipt_number}` : undefined,
    sections: [
      {
        rows: [
          ['Receipt number', r.receipt_number ?? 'Not numbered'],
          ['Date received', r.date],
          ['Amount received', display(r.amount)],
          ['Method', r.reference ? `${r.method_label} (${r.reference})` : r.method_label],
          ['Rental unit', r.unit_address],
          ['Tenants', r.tenants.join(', ') || 'Not named on the lease'],
          ['Landlord', landlord.name],
        ],
      },
      {
        heading: 'What it paid for',
        rows: [...r.paid_for.map((c) => [`${c.description}, ${c.period}`, display(c.amount)] as const), ...(r.credit !== '0.00' ? [['Held as a credit for the next charges', display(r.credit)] as const] : [])],
      },
    ],
    signatures: [`Received for the landlord, ${landlord.name}, by (signature of the landlord or agent)`, 'Date'],
  }))
}

// Loss to lease -------------------------------------------------------------------------------------

/**
 * Loss to lease on `asOf`: each occupied unit's market rent against the rent its lease charges
 * (the schedule's rent lines in effect, per month, as the rent roll has it), the loss (or, below
 * zero, the gain) in dollars and as a share of market; the vacant units' market rent apart as the
 * vacancy loss. A unit with no market rent is listed but counted in no total: there is nothing to
 * measure it against. Over the units counted, GPR − net loss to lease − vacancy loss = the rent in place.
 */
export function lossToLease(units: readonly RentRollUnit[], options: { asOf: string; unitType: string | null }) {
  const inScope = options.unitType ? units.filter((u) => u.unitType === options.unitType) : units
  const occupied = inScope.flatMap((unit) => {
    if (!unit.lease) return []
    const rent = unit.recurring.filter((r) => r.chargeType === 'RENT').reduce((sum, r) => sum + monthlyAmount(r.amount, r.frequency), 0)
    const gap = unit.marketRent === null ? null : unit.marketRent - rent
    const row = {
      rental_unit_id: unit.id,
      unit_label: unit.label,
      property_group_id: unit.propertyGroupId,
      property_label: unit.propertyLabel,
      unit_type: unit.unitType,
      unit_type_label: labelOf(UNIT_TYPES, unit.unitType),
      lease_id: unit.lease.id,
      lease_label: unit.lease.label,
      residents: unit.lease.residents,
      market_rent: unit.marketRent === null ? null : money(unit.marketRent),
      in_place_rent: money(rent),
      loss_to_lease: gap === null ? null : money(gap),
      loss_to_lease_percent: gap === null || !unit.marketRent ? null : percentOf(gap, unit.marketRent),
    }
    return [{ row, market: unit.marketRent, rent, gap }]
  })
  const priced = occupied.filter((o) => o.gap !== null)
  const vacant = inScope.filter((u) => !u.lease && u.marketRent !== null)
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  const market = sum(priced.map((o) => o.market!))
  const loss = sum(priced.map((o) => Math.max(0, o.gap!)))
  const gain = sum(priced.map((o) => Math.max(0, -o.gap!)))
  const vacancyLoss = sum(vacant.map((u) => u.marketRent!))
  const net = loss - gain
  return {
    as_of: options.asOf,
    unit_type: options.unitType,
    rows: occupied.map((o) => o.row).sort(byUnit),
    totals: {
      market_rent: money(market),
      in_place_rent: money(sum(priced.map((o) => o.rent))),
      loss_to_lease: money(loss),
      gain_to_lease: money(gain),
      net_loss_to_lease: money(net),
      net_loss_to_lease_percent: percentOf(net, market),
      annual_net_loss_to_lease: money(net * 12),
    },
    vacancy: { units: vacant.length, vacancy_loss: money(vacancyLoss) },
    gross_potential_rent: money(market + vacancyLoss),
    units_without_market_rent: inScope.filter((u) => u.marketRent === null).length,
  }
}

export function lossToLeaseTable(report: ReturnType<typeof lossToLease>, subtitle: string[]): ReportTable {
  const t = report.totals
  return {
    title: 'Loss to Lease',
    subtitle: [
      `As of ${report.as_of}${report.unit_type ? `, ${labelOf(UNIT_TYPES, report.unit_type)} units` : ''}`,
      `Gross potential rent ${report.gross_potential_rent}; net loss to lease ${t.net_loss_to_lease} (${t.net_loss_to_lease_percent}%), ${t.annual_net_loss_to_lease} a year`,
      ...subtitle,
    ],
    columns: [{ label: 'Property' }, { label: 'Unit' }, { label: 'Type' }, { label: 'Residents' }, right('Market rent'), right('In-place rent'), right('Loss to lease'), right('Loss %')],
    rows: [
      ...report.rows.map((r) => ({ cells: [r.property_label, r.unit_label, r.unit_type_label, r.residents, r.market_rent, r.in_place_rent, r.loss_to_lease, r.loss_to_lease_percent] })),
      { cells: ['Occupied units', '', '', '', t.market_rent, t.in_place_rent, t.net_loss_to_lease, t.net_loss_to_lease_percent], kind: 'total' as const },
      { cells: [`Vacancy loss (${report.vacancy.units} units)`, '', '', '', report.vacancy.vacancy_loss, '', '', ''], kind: 'total' as const },
      { cells: ['Gross potential rent', '', '', '', report.gross_potential_rent, '', '', ''], kind: 'total' as const },
    ],
  }
}

// Moves in and out ----------------------------------------------------------------------------------

/** A signed lease with the day its residents moved in (none for a renewal: they were there) and the day they moved out or will (none while no date is set). */
export type MoveLease = RentRollLease & { movedIn: string | null; movedOut: string | null; deposit: number }

export const MOVE_TYPES = [
  { value: 'in', label: 'Moves in' },
  { value: 'out', label: 'Moves out' },
] as const
export type MoveType = (typeof MOVE_TYPES)[number]['value']

/**
 * Moves in and out from `from` to `to`: each with its day, unit, residents, the lease's dates,
 * rent per month and deposits, and the notice given; counts, net absorption (in − out) and the
 * turnover rate (moves out ÷ units). A move after `today` is the one scheduled: it is listed and
 * counted, marked as such.
 */
export function moveInMoveOut(leases: readonly MoveLease[], units: number, options: { from: string; to: string; today: string; type: MoveType | null }) {
  const within = (date: string | null): date is string => !!date && date >= options.from && date <= options.to
  const moves = leases.flatMap((lease) => {
    const facts = {
      ...leaseFacts(lease),
      start_date: lease.startDate,
      end_date: lease.endDate,
      notice_date: lease.noticeDate,
      move_out_date: lease.moveOutDate,
      rent: money(monthlyAmount(lease.rent, lease.rentFrequency)),
      deposit: money(lease.deposit),
    }
    const out: ({ date: string; type: 'MOVE_IN' | 'MOVE_OUT' } & typeof facts)[] = []
    if (within(lease.movedIn)) out.push({ date: lease.movedIn, type: 'MOVE_IN', ...facts })
    if (within(lease.movedOut)) out.push({ date: lease.movedOut, type: 'MOVE_OUT', ...facts })
    return out
  })
  const counted = (type: 'MOVE_IN' | 'MOVE_OUT') => moves.filter((m) => m.type === type).length
  const shown = options.type ? moves.filter((m) => m.type === (options.type === 'in' ? 'MOVE_IN' : 'MOVE_OUT')) : moves
  const movesOut = counted('MOVE_OUT')
  return {
    date_from: options.from,
    date_to: options.to,
    type: options.type,
    rows: shown
      .map((m) => ({ ...m, type_label: m.type === 'MOVE_IN' ? 'Move-in' : 'Move-out', scheduled: m.date > options.today, days_notice: m.type === 'MOVE_OUT' && m.notice_date ? daysBetween(m.notice_date, m.date) : null }))
      .sort((a, b) => a.date.localeCompare(b.date) || byUnit(a, b) || a.type.localeCompare(b.type)),
    summary: {
      moves_in: counted('MOVE_IN'),
      moves_out: movesOut,
      net_absorption: counted('MOVE_IN') - movesOut,
      units,
      turnover_percent: percentOf(movesOut, units),
    },
  }
}

export function moveInMoveOutTable(report: ReturnType<typeof moveInMoveOut>, subtitle: string[]): ReportTable {
  const s = report.summary
  return {
    title: 'Move-in / Move-out',
    subtitle: [
      `From ${report.date_from} to ${report.date_to}`,
      `${s.moves_in} in, ${s.moves_out} out, net absorption ${s.net_absorption}; turnover ${s.turnover_percent}% of ${s.units} units`,
      ...subtitle,
    ],
    columns: [{ label: 'Date' }, { label: 'Move' }, { label: 'Property' }, { label: 'Unit' }, { label: 'Residents' }, { label: 'Lease start' }, { label: 'Lease end' }, { label: 'Notice given' }, right('Rent'), right('Deposits')],
    rows: report.rows.map((r) => ({ cells: [r.date, `${r.type_label}${r.scheduled ? ' (scheduled)' : ''}`, r.property_label, r.unit_label, r.residents, r.start_date, r.end_date, r.notice_date, r.rent, r.deposit] })),
  }
}

// Upcoming rent increases -----------------------------------------------------------------------------

/** A rent increase with its lease, as the report reads it (amounts in cents per rent period). */
export type IncreaseLease = RentRollLease & {
  increaseId: string
  increaseStatus: string
  currentRent: number
  newRent: number
  noticeDate: string | null
  effectiveDate: string
  exempt: boolean
  exemptionReason: string | null
  /** The province whose law the unit is under. */
  province: string | null
  /** The lease's move-in (or start), and the effective date of its last increase applied before this one. */
  movedIn: string
  lastIncreaseDate: string | null
}

/** Which increases the report lists: those under way (a draft or with its notice given), or those already applied too. */
export const UPCOMING_INCREASE_STATUSES = RENT_INCREASE_STATUSES.filter((s) => s.value !== 'CANCELED')
export type UpcomingIncreaseStatus = (typeof UPCOMING_INCREASE_STATUSES)[number]['value']

/**
 * The rent increases taking effect from `from` to `to` (a canceled one never): each with its unit,
 * residents, the rent before and after, the change in dollars and percent, the notice given (and
 * the days from it to the effective date) and its status, soonest first; with what the province's
 * law finds wrong in one not yet applied (too little notice, above the guideline without an
 * exemption, within twelve months of the last increase or the move-in). The totals are per month
 * (a weekly lease's rent counted as a month's), with the change over a year.
 */
export function upcomingRentIncreases(increases: readonly IncreaseLease[], options: { from: string; to: string; today: string; status: UpcomingIncreaseStatus | null }) {
  const shown = increases.filter((i) => i.increaseStatus !== 'CANCELED' && i.effectiveDate >= options.from && i.effectiveDate <= options.to && (!options.status || i.increaseStatus === options.status))
  const rows = shown
    .map((i) => ({
      ...leaseFacts(i),
      rent_increase_id: i.increaseId,
      status: i.increaseStatus,
      status_label: labelOf(RENT_INCREASE_STATUSES, i.increaseStatus),
      rent_frequency: i.rentFrequency,
      current_rent: money(i.currentRent),
      new_rent: money(i.newRent),
      change: money(i.newRent - i.currentRent),
      change_percent: formatPercent(increasePercent(i.currentRent, i.newRent)),
      notice_date: i.noticeDate,
      effective_date: i.effectiveDate,
      days_notice: i.noticeDate ? daysBetween(i.noticeDate, i.effectiveDate) : null,
      last_increase_date: i.lastIncreaseDate,
      exempt: i.exempt,
      flags: i.increaseStatus === 'APPLIED' ? [] : Object.values(increaseErrors({ ...i, eligibleFrom: eligibleFrom({ moveInDate: i.movedIn, lastIncreaseDate: i.lastIncreaseDate }), today: options.today })).flat(),
    }))
    .sort((a, b) => a.effective_date.localeCompare(b.effective_date) || byUnit(a, b))
  const monthly = (pick: (i: IncreaseLease) => number) => shown.reduce((sum, i) => sum + monthlyAmount(pick(i), i.rentFrequency), 0)
  const current = monthly((i) => i.currentRent)
  const next = monthly((i) => i.newRent)
  return {
    date_from: options.from,
    date_to: options.to,
    status: options.status,
    rows,
    totals: {
      increases: rows.length,
      notices_given: shown.filter((i) => i.increaseStatus !== 'DRAFT').length,
      drafts: shown.filter((i) => i.increaseStatus === 'DRAFT').length,
      current_rent: money(current),
      new_rent: money(next),
      change: money(next - current),
      change_percent: formatPercent(increasePercent(current, next)),
      annual_change: money((next - current) * 12),
    },
  }
}

export function upcomingRentIncreasesTable(report: ReturnType<typeof upcomingRentIncreases>, subtitle: string[]): ReportTable {
  const t = report.totals
  return {
    title: 'Upcoming Rent Increases',
    subtitle: [
      `Taking effect from ${report.date_from} to ${report.date_to}`,
      `${t.increases} increases (${t.notices_given} with notice given, ${t.drafts} drafts): ${t.change} a month more (${t.change_percent}%), ${t.annual_change} a year`,
      ...subtitle,
    ],
    columns: [
      { label: 'Effective' },
      { label: 'Property' },
      { label: 'Unit' },
      { label: 'Residents' },
      right('Current rent'),
      right('New rent'),
      right('Change'),
      right('Change %'),
      { label: 'Notice given' },
      { label: 'Status' },
      { label: 'To check' },
    ],
    rows: [
      ...report.rows.map((r) => ({
        cells: [r.effective_date, r.property_label, r.unit_label, r.residents, r.current_rent, r.new_rent, r.change, `${r.change_percent}%`, r.notice_date, r.status_label, r.flags.join(' ') || null],
      })),
      { cells: ['Total per month', null, null, null, t.current_rent, t.new_rent, t.change, `${t.change_percent}%`, null, null, null], kind: 'total' as const },
    ],
  }
}
