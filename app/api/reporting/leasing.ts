import { createRoute, z } from '@hono/zod-openapi'
import {
  lossToLease,
  lossToLeaseTable,
  MOVE_TYPES,
  moveInMoveOut,
  moveInMoveOutTable,
  receiptLetters,
  rentLedger,
  rentLedgerTable,
  rentOutstanding,
  rentOutstandingTable,
  rentReceipts,
  rentReceiptTable,
  type MoveType,
  UPCOMING_INCREASE_STATUSES,
  upcomingRentIncreases,
  upcomingRentIncreasesTable,
  type UpcomingIncreaseStatus,
} from '~/domain/leasing/leasing-reports'
import { addMonths } from '~/domain/leasing/rent-increases'
import { timeToLease, timeToLeaseTable } from '~/domain/leasing/time-to-lease'
import { CHARGE_TYPES, type ChargeType } from '~/domain/leasing/rent'
import { monthEnd } from '~/domain/leasing/vacancies'
import { isIsoDate } from '~/domain/ledger/entries'
import { displayMoney } from '~/domain/money'
import { UNIT_TYPES, type UnitType } from '~/domain/reference-data'
import { increasesTakingEffect, leasedUnits, ledgerLines, monthCharges, moves, receiptFacts, receiptPayments, residentName, type ReceiptsFor } from '~/leasing/leasing-reports.server'
import { depositsHeldAsOf, leasesByIds, openItemsAndCredits, unitsAsOf, type ReportScope } from '~/leasing/reports.server'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { createRouter } from '../create-app'
import { errorResponses, jsonResponse } from '../openapi'
import { ListQuery } from '../pagination'
import { badRequest } from '../errors'
import { tenant } from '../tenant'
import { dateInput } from '../values'
import { AsOf, LeaseFacts, Property, PropertyId, scopeOf, UnitOfRow } from './rent'
import { calendarOf, Format, guard, Money, rangeOf, respond, statementResponse, tags } from './statements'

/*
 * reporting/{rent report}/ beside the rent roll (./rent): a lease's rent ledger, rent outstanding
 * for a month, rent receipts, loss to lease and moves in and out; computed at each request from the
 * leases, charges and payments (and, for the ledger, the lease's receivable lines); JSON, or CSV or
 * PDF with the same filters (`?format=`); and the rent increases taking effect over a range. A receipt's PDF is the receipts themselves, to print and
 * sign, one a page.
 */

/** A report narrowed to one type of unit. */
const UnitTypeFilter = z
  .enum(UNIT_TYPES.map((u) => u.value) as [UnitType, ...UnitType[]], { error: 'Unit type must be one of the unit types (APARTMENT, CONDO …).' })
  .optional()
  .openapi({ description: 'Only units of this type' })
const DateFrom = dateInput('Date from').optional().openapi({ description: 'First day, inclusive; January 1 of date_to’s year by default' })
const DateTo = dateInput('Date to').optional().openapi({ description: 'Last day, inclusive; today by default' })

export const RentLedger = z
  .object({
    ...LeaseFacts,
    date_from: z.string(),
    date_to: z.string(),
    opening_balance: Money.openapi({ description: 'What the lease owed at the end of the day before date_from (negative: a credit)' }),
    lines: z.array(
      z.object({
        journal_line_id: z.string(),
        journal_entry_id: z.string(),
        entry_number: z.number().int(),
        date: z.string(),
        type: z.string().openapi({ description: 'CHARGE, PAYMENT, RETURNED (a payment the bank returned), DEPOSIT (deposits applied) or ADJUSTMENT (a voided charge, a journal entry)' }),
        type_label: z.string(),
        charge_type: z.string().nullable(),
        charge_type_label: z.string().nullable(),
        description: z.string(),
        charge: Money.nullable(),
        payment: Money.nullable(),
        balance: Money.openapi({ description: 'The balance after this line' }),
      }),
    ),
    total_charges: Money,
    total_payments: Money,
    closing_balance: Money.openapi({ description: 'What the lease owed at the end of date_to: its rent account’s balance through that day' }),
    total_unpaid: Money.openapi({ description: 'Of it, the charges still unpaid at the end of date_to' }),
    prepayments: Money.openapi({ description: 'Payments not yet paying a charge at the end of date_to' }),
    deposit_held: Money.openapi({ description: 'The lease’s deposits held at the end of date_to' }),
  })
  .openapi('RentLedger')

export const RentOutstanding = z
  .object({
    filters: Property,
    month: z.string(),
    date_from: z.string(),
    date_to: z.string(),
    as_of: z.string(),
    charge_type: z.string().nullable(),
    rows: z.array(
      z.object({
        ...LeaseFacts,
        charged: Money.openapi({ description: 'Charges dated in the month' }),
        collected: Money.openapi({ description: 'What payments received by as_of (and not returned) have paid of those charges' }),
        outstanding: Money,
        collection_percent: z.string(),
      }),
    ),
    totals: z.object({ charged: Money, collected: Money, outstanding: Money, collection_percent: z.string() }),
  })
  .openapi('RentOutstanding')

export const RentReceipts = z
  .object({
    payment_id: z.string().nullable(),
    resident_id: z.string().nullable(),
    resident_name: z.string().nullable(),
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
    landlord: z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
    receipts: z.array(
      z.object({
        payment_id: z.string(),
        receipt_number: z.string().nullable().openapi({ description: 'R- and the number of the journal entry the payment posted' }),
        lease_id: z.string(),
        lease_label: z.string(),
        unit_address: z.string(),
        tenants: z.array(z.string()),
        date: z.string(),
        amount: Money,
        method: z.string(),
        method_label: z.string(),
        reference: z.string().nullable(),
        paid_for: z.array(z.object({ description: z.string(), period: z.string(), amount: Money })),
        credit: Money.openapi({ description: 'What it has not paid of a charge yet: held as a credit for the next charges' }),
      }),
    ),
    total: Money,
  })
  .openapi('RentReceipts')

export const LossToLease = z
  .object({
    filters: Property,
    as_of: z.string(),
    unit_type: z.string().nullable(),
    rows: z.array(
      z.object({
        ...UnitOfRow,
        unit_type: z.string(),
        unit_type_label: z.string(),
        lease_id: z.string(),
        lease_label: z.string(),
        residents: z.string(),
        market_rent: Money.nullable(),
        in_place_rent: Money.openapi({ description: 'The rent lines of the lease’s schedule in effect that day, per month' }),
        loss_to_lease: Money.nullable().openapi({ description: 'Market rent − in-place rent (negative: a gain to lease); null without a market rent' }),
        loss_to_lease_percent: z.string().nullable(),
      }),
    ),
    totals: z.object({
      market_rent: Money,
      in_place_rent: Money,
      loss_to_lease: Money.openapi({ description: 'The units let below market' }),
      gain_to_lease: Money.openapi({ description: 'The units let above market' }),
      net_loss_to_lease: Money,
      net_loss_to_lease_percent: z.string(),
      annual_net_loss_to_lease: Money,
    }),
    vacancy: z.object({ units: z.number().int(), vacancy_loss: Money.openapi({ description: 'The market rent of the units not let' }) }),
    gross_potential_rent: Money,
    units_without_market_rent: z.number().int().openapi({ description: 'Units with no market rent: listed when let, in no total' }),
  })
  .openapi('LossToLease')

export const MoveInMoveOut = z
  .object({
    filters: Property,
    date_from: z.string(),
    date_to: z.string(),
    type: z.string().nullable(),
    rows: z.array(
      z.object({
        ...LeaseFacts,
        date: z.string(),
        type: z.string().openapi({ description: 'MOVE_IN or MOVE_OUT' }),
        type_label: z.string(),
        scheduled: z.boolean().openapi({ description: 'After today: the move planned' }),
        start_date: z.string(),
        end_date: z.string().nullable(),
        notice_date: z.string().nullable(),
        move_out_date: z.string().nullable(),
        days_notice: z.number().int().nullable().openapi({ description: 'For a move-out, the days from the notice to the move' }),
        rent: Money.openapi({ description: 'The lease’s rent per month' }),
        deposit: Money.openapi({ description: 'The deposits the lease asks for' }),
      }),
    ),
    summary: z.object({
      moves_in: z.number().int(),
      moves_out: z.number().int(),
      net_absorption: z.number().int().openapi({ description: 'Moves in − moves out' }),
      units: z.number().int(),
      turnover_percent: z.string().openapi({ description: 'Moves out ÷ units' }),
    }),
  })
  .openapi('MoveInMoveOut')

export const UpcomingRentIncreases = z
  .object({
    filters: Property,
    date_from: z.string(),
    date_to: z.string(),
    status: z.string().nullable(),
    rows: z.array(
      z.object({
        ...LeaseFacts,
        rent_increase_id: z.string(),
        status: z.string().openapi({ description: 'DRAFT, NOTICE_SENT (notice given) or APPLIED' }),
        status_label: z.string(),
        rent_frequency: z.string(),
        current_rent: Money.openapi({ description: 'The rent before the increase, per rent period' }),
        new_rent: Money,
        change: Money,
        change_percent: z.string(),
        notice_date: z.string().nullable(),
        effective_date: z.string(),
        days_notice: z.number().int().nullable().openapi({ description: 'Days from the notice to the effective date' }),
        last_increase_date: z.string().nullable().openapi({ description: 'The effective date of the lease’s last increase applied before this one' }),
        exempt: z.boolean().openapi({ description: 'Not held to the guideline' }),
        flags: z.array(z.string()).openapi({ description: 'What the province’s law finds wrong in an increase not yet applied: too little notice, above the guideline, too soon after the last increase or the move-in' }),
      }),
    ),
    totals: z.object({
      increases: z.number().int(),
      notices_given: z.number().int(),
      drafts: z.number().int(),
      current_rent: Money.openapi({ description: 'Per month' }),
      new_rent: Money.openapi({ description: 'Per month' }),
      change: Money.openapi({ description: 'Per month' }),
      change_percent: z.string(),
      annual_change: Money,
    }),
  })
  .openapi('UpcomingRentIncreases')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/rent-ledger',
    tags,
    summary:
      'A lease’s rent ledger for a range: the balance brought forward, each charge, payment and adjustment with the running balance, and the closing balance; with what of it is unpaid charges and prepayments, and the deposit held',
    ...guard,
    request: {
      query: z.object({ format: Format, lease_id: z.uuid({ error: 'Choose a lease.' }).openapi({ description: 'The lease' }), date_from: DateFrom, date_to: DateTo }),
    },
    responses: statementResponse(RentLedger, 'The rent ledger'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const lease = (await leasesByIds(t.db, t.companyId, [query.lease_id])).get(query.lease_id)
    if (!lease) throw badRequest('No such lease.', { lease_id: ['No such lease.'] })
    const range = await rangeOf(c, query)
    // The header's figures are the aging's own (what is open, what is held as a credit, the deposits), read for this lease alone.
    const scope: ReportScope = { asOf: range.to, propertyGroupId: lease.propertyGroupId, leaseId: lease.id }
    const [lines, { items, credits }, deposits] = await Promise.all([
      ledgerLines(t.db, t.companyId, lease.id, range.to),
      openItemsAndCredits(t.db, t.companyId, scope),
      depositsHeldAsOf(t.db, t.companyId, scope),
    ])
    const report = rentLedger(lease, lines, { items, credits, deposits }, range)
    return respond(c, query.format, 'rent-ledger', report, () => rentLedgerTable(report, [`Property: ${lease.propertyLabel}`]))
  },
)

const LeaseName = z.object({ id: z.string(), name: z.string() })

// The rent ledger's lease picker is the report's: whoever may read the report may pick its lease, without the leasing permission.
router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/rent-ledger/leases',
    tags,
    summary: 'The leases the rent ledger can be asked for, as a picker wants them: id and name, narrowed by a search, with the selected one named whatever the search',
    ...guard,
    request: { query: ListQuery.pick({ search: true, page_size: true }).extend({ selected: z.uuid({ error: 'selected must be an id.' }).optional() }) },
    responses: {
      200: jsonResponse(z.object({ results: z.array(LeaseName), more: z.boolean(), selected: LeaseName.nullable() }).openapi('RentLedgerLeases'), 'The first page_size matching leases, whether more match, and the selected lease'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const t = tenant(c)
    // Read as the leases' own picker reads them (imported here: the resources import the API's pieces).
    const [{ listNames }, { leasesResource }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources/leases')])
    return c.json(await listNames(t.db, t.companyId, leasesResource, c.req.valid('query')), 200)
  },
)

const monthMessage = 'Month must be written YYYY-MM.'

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/rent-outstanding',
    tags,
    summary:
      'Rent outstanding for a month: per lease, the charges dated in it, what payments received by the as-of day have paid of them, what is left and the collection rate (payments received in the month for other months are not counted here)',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        month: z
          .string({ error: monthMessage })
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, monthMessage)
          .refine((m) => isIsoDate(`${m}-01`), monthMessage)
          .optional()
          .openapi({ example: '2026-03', description: 'The month charged; this month by default' }),
        as_of: AsOf.openapi({ description: 'Payments received by the end of this day count; today by default' }),
        property_group_id: PropertyId,
        charge_type: z
          .enum(CHARGE_TYPES.map((t) => t.value) as [ChargeType, ...ChargeType[]], { error: `Charge type must be one of: ${CHARGE_TYPES.map((t) => t.value).join(', ')}.` })
          .optional()
          .openapi({ description: 'Only charges of this kind (RENT, PARKING …); every kind by default' }),
      }),
    },
    responses: statementResponse(RentOutstanding, 'Rent outstanding'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters, subtitle } = await scopeOf(c, query)
    const asOf = scope.asOf
    const month = query.month ?? asOf.slice(0, 7)
    const from = `${month}-01`
    // A charge dated after the day did not exist yet.
    const to = monthEnd(month) < asOf ? monthEnd(month) : asOf
    const charges = from <= to ? await monthCharges(t.db, t.companyId, scope, { from, to }, query.charge_type ?? null) : []
    const leases = await leasesByIds(
      t.db,
      t.companyId,
      charges.map((ch) => ch.leaseId),
    )
    const report = { filters, ...rentOutstanding(charges, leases, { month, from, to: monthEnd(month), asOf, chargeType: query.charge_type ?? null }) }
    return respond(c, query.format, 'rent-outstanding', report, () => rentOutstandingTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/rent-receipt',
    tags,
    summary:
      'Rent receipts, for one payment or for a resident’s payments over a range, with what Ontario asks a receipt to say: the rental unit’s address, the tenants, each payment’s date and amount and what it paid for, the landlord, a receipt number (and the method); `?format=pdf` prints them to sign, one a page',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        payment_id: z.uuid({ error: 'Choose a payment.' }).optional().openapi({ description: 'The payment to give a receipt for' }),
        resident_id: z.uuid({ error: 'Choose a resident.' }).optional().openapi({ description: 'Or: the resident whose payments to give receipts for, over date_from to date_to' }),
        date_from: DateFrom,
        date_to: DateTo,
      }),
    },
    responses: statementResponse(RentReceipts, 'The receipts'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    let which: ReceiptsFor
    let resident: string | null = null
    let range: { from: string; to: string } | null = null
    if (query.payment_id) which = { paymentId: query.payment_id }
    else if (query.resident_id) {
      resident = await residentName(t.db, t.companyId, query.resident_id)
      if (!resident) throw badRequest('No such resident.', { resident_id: ['No such resident.'] })
      range = await rangeOf(c, query)
      which = { residentId: query.resident_id, ...range }
    } else throw badRequest('Choose a payment, or a resident and the dates of their payments.', { resident_id: ['Choose a resident, or a payment.'] })
    const payments = await receiptPayments(t.db, t.companyId, which)
    if (query.payment_id) {
      const [payment] = payments
      if (!payment) throw badRequest('No such payment.', { payment_id: ['No such payment.'] })
      if (payment.status === 'RETURNED') {
        const message = `The bank returned this payment on ${payment.returnedDate}: it was not paid, so it has no receipt.`
        throw badRequest(message, { payment_id: [message] })
      }
    }
    const { to, paid, company, landlord } = await receiptFacts(t.db, t.companyId, payments)
    const report = rentReceipts(payments, to, paid, landlord, { paymentId: query.payment_id ?? null, residentId: query.resident_id ?? null, residentName: resident, from: range?.from ?? null, to: range?.to ?? null })
    if (query.format !== 'pdf') return respond(c, query.format, 'rent-receipt', report, () => rentReceiptTable(report, []))
    if (!report.receipts.length) throw badRequest('There is no payment to give a receipt for in these dates.', { date_from: ['No payment was received in these dates.'] })
    const pdf = await lettersPdf(
      receiptLetters(report, (amount) => displayMoney(amount, company.currency, company.numbers)),
      `Rent receipts — ${company.name}`,
    )
    const name = report.receipts.length === 1 ? `rent-receipt-${report.receipts[0].receipt_number ?? report.receipts[0].date}` : `rent-receipts-${range?.from}-${range?.to}`
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}.pdf"` })
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/loss-to-lease',
    tags,
    summary:
      'Loss to lease as of any date: each let unit’s market rent against its rent in place, the loss (or gain) in dollars and percent; totals, the annual figure, and the vacant units’ market rent as the vacancy loss',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        as_of: AsOf,
        property_group_id: PropertyId,
        unit_type: UnitTypeFilter,
      }),
    },
    responses: statementResponse(LossToLease, 'Loss to lease'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters, subtitle } = await scopeOf(c, query)
    const units = await unitsAsOf(t.db, t.companyId, scope)
    const report = { filters, ...lossToLease(units, { asOf: scope.asOf, unitType: query.unit_type ?? null }) }
    return respond(c, query.format, 'loss-to-lease', report, () => lossToLeaseTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/move-in-move-out',
    tags,
    summary:
      'Moves in and out over a range: each with its day, unit, residents, lease dates, rent, deposits and notice; the counts, net absorption (in − out) and turnover (moves out ÷ units). Renewals are neither: their residents stay',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        date_from: DateFrom,
        date_to: DateTo,
        property_group_id: PropertyId,
        type: z
          .enum(MOVE_TYPES.map((m) => m.value) as [MoveType, ...MoveType[]], { error: 'Type must be in or out.' })
          .optional()
          .openapi({ description: 'in: only moves in; out: only moves out (the summary counts both)' }),
      }),
    },
    responses: statementResponse(MoveInMoveOut, 'Moves in and out'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [range, { scope, filters, subtitle }, { today }] = await Promise.all([rangeOf(c, query), scopeOf(c, { property_group_id: query.property_group_id }), calendarOf(c)])
    const { leases, units } = await moves(t.db, t.companyId, scope, range)
    const report = { filters, ...moveInMoveOut(leases, units, { ...range, today, type: query.type ?? null }) }
    return respond(c, query.format, 'move-in-move-out', report, () => moveInMoveOutTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/upcoming-rent-increase',
    tags,
    summary:
      'The rent increases taking effect over a range (drafts, those with notice given and those applied; canceled ones never): each lease’s unit, residents, rent before and after, the change in dollars and percent, the notice and effective dates, and what the province’s law finds wrong in one not yet applied; totals per month and over a year. Leases that may rise but have no increase yet are eligible-rent-increases/',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        date_from: dateInput('Date from').optional().openapi({ description: 'First effective day, inclusive; today by default' }),
        date_to: dateInput('Date to').optional().openapi({ description: 'Last effective day, inclusive; four months after date_from by default (notice is 90 days in Ontario)' }),
        property_group_id: PropertyId,
        status: z
          .enum(UPCOMING_INCREASE_STATUSES.map((s) => s.value) as [UpcomingIncreaseStatus, ...UpcomingIncreaseStatus[]], { error: `Status must be one of: ${UPCOMING_INCREASE_STATUSES.map((s) => s.value).join(', ')}.` })
          .optional()
          .openapi({ description: 'Only increases in this state; every one but the canceled by default' }),
      }),
    },
    responses: statementResponse(UpcomingRentIncreases, 'Upcoming rent increases'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [{ scope, filters, subtitle }, { today }] = await Promise.all([scopeOf(c, { property_group_id: query.property_group_id }), calendarOf(c)])
    const from = query.date_from ?? (query.date_to && query.date_to < today ? query.date_to : today)
    const to = query.date_to ?? addMonths(from, 4)
    if (from > to) throw badRequest('Date from must be on or before date to.', { date_from: ['Date from must be on or before date to.'] })
    const increases = await increasesTakingEffect(t.db, t.companyId, scope, { from, to })
    const report = { filters, ...upcomingRentIncreases(increases, { from, to, today, status: query.status ?? null }) }
    return respond(c, query.format, 'upcoming-rent-increase', report, () => upcomingRentIncreasesTable(report, subtitle))
  },
)

const LeasingSpeed = z.object({
  group: z.string(),
  leases: z.number().int(),
  pre_leased: z.number().int().openapi({ description: 'Signed before the unit was vacated' }),
  mean_days_to_lease: z.number().nullable(),
  median_days_to_lease: z.number().nullable(),
  mean_days_vacant: z.number().nullable(),
  median_days_vacant: z.number().nullable(),
})

export const TimeToLease = z
  .object({
    filters: Property,
    date_from: z.string(),
    date_to: z.string(),
    unit_type: z.string().nullable(),
    rows: z.array(
      z.object({
        lease_id: z.string(),
        lease_label: z.string(),
        rental_unit_id: z.string(),
        unit_label: z.string(),
        unit_type: z.string(),
        unit_type_label: z.string(),
        property_group_id: z.string(),
        property_label: z.string(),
        vacated_on: z.string().nullable().openapi({ description: 'The day the lease before it on the unit moved out (or ended)' }),
        listed_on: z.string().nullable().openapi({ description: 'The day the unit’s listing was published, before the signing' }),
        signed_on: z.string(),
        move_in: z.string(),
        days_to_lease: z.number().int().nullable().openapi({ description: 'Signed − listed (else vacated), never below 0' }),
        pre_leased: z.boolean(),
        days_vacant: z.number().int().nullable().openapi({ description: 'Move-in − move-out − 1, never below 0' }),
      }),
    ),
    groups: z.array(LeasingSpeed).openapi({ description: 'By property' }),
    total: LeasingSpeed,
  })
  .openapi('TimeToLease')

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/time-to-lease',
    tags,
    summary:
      'How fast vacant units are let: each new lease signed in the range with the day its unit was vacated, listed and signed, its move-in, days to lease and days vacant; mean and median by property',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        date_from: DateFrom,
        date_to: DateTo,
        property_group_id: PropertyId,
        unit_type: UnitTypeFilter,
      }),
    },
    responses: statementResponse(TimeToLease, 'Time to lease'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [range, { scope, filters, subtitle }] = await Promise.all([rangeOf(c, query), scopeOf(c, { property_group_id: query.property_group_id })])
    const report = { filters, ...timeToLease(await leasedUnits(t.db, t.companyId, scope, range), { ...range, unitType: query.unit_type ?? null }) }
    return respond(c, query.format, 'time-to-lease', report, () => timeToLeaseTable(report, subtitle))
  },
)
