import { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { lateFeePolicies, rentCharges, rentPaymentAllocations, rentPayments, rentPaymentScheduleLines, rentPaymentSchedules } from '~/db/schema'
import { conflict, invalid } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { PAD_AMOUNT_TYPES } from '~/domain/leasing/pad'
import { CHARGE_TYPES, chargeDraft, chargeMemo, incomeRoleOf, RECURRING_CHARGE_TYPES, SCHEDULE_FREQUENCIES, takesDueDay } from '~/domain/leasing/rent'
import { FROM_DEPOSIT, PAYMENT_METHODS, PAYMENT_STATUSES, paymentDraft, returnDraft } from '~/domain/leasing/payments'
import { RENT_TABS } from '~/domain/navigation'
import { LATE_FEE_TYPES, nsfFeeLawErrors } from '~/domain/leasing/provinces'
import { checkLateFeePolicy, provinceOf } from '~/leasing/late-fees.server'
import { accountHolding, applyCredits, applyPayment, chargesPaidBy, checkChosen, openItemSummaries, checkPaymentChange, paymentSummaries, syncPaid } from '~/leasing/payments.server'
import { padAgreementPdf } from '~/leasing/pad-agreement.server'
import { chargeErrors, checkSchedule, incomeAccountErrors, runRent, scheduleSummaries } from '~/leasing/rent.server'
import { defineResource, type PostingBuilder, type PostingDocument } from './engine/define'
import { boolean, date, lines, money, number, percent, reference, secret, select, text } from './engine/fields'

/*
 * Rent as documents (ADR 013). A rent schedule is what a lease is charged every period: its lines
 * are recurring charges, each with its amount and effective dates; the rent run charges each line
 * once per period, prorated for a partial first or last one, and saving a schedule charges what is
 * already due. A charge (a rent receivable) is one period of a line or a one-off charge made by
 * hand: it posts Dr accounts receivable / Cr its income account, and voiding it reverses that. The
 * rules are the services of ~/leasing/rent.
 */

export const rentPaymentSchedulesResource = defineResource({
  name: 'rent-payment-schedules',
  singular: 'Rent Schedule',
  plural: 'Rent Schedules',
  description: 'What each lease is charged every period (rent, parking, pet rent, storage, utilities), each line once per period by the rent run, a partial first or last period prorated by its days.',
  group: 'Leasing',
  permission: 'leasing',
  table: rentPaymentSchedules,
  fields: {
    leaseId: reference('Lease', 'leases', { required: true }),
    label: text('Name', { readOnly: true, help: 'Its lease’s name' }),
    frequency: select('Frequency', SCHEDULE_FREQUENCIES, { required: true }),
    dueDay: number('Due day', { min: 1, max: 31, help: 'The day of the month a monthly (or quarterly, yearly) period starts: the 1st when empty, 31 for the month’s last day' }),
    startDate: date('Charges from', { required: true, help: 'Usually the lease’s start; a partial first period is prorated. A weekly schedule’s periods start on this weekday' }),
    endDate: date('Charges until', { notBefore: 'startDate', help: 'Empty: as long as the lease runs, to its move-out date' }),
    lastError: text('Last run', { readOnly: true, max: 2000, help: 'Why the rent run could not charge a period (a locked date, an inactive account)' }),
    padAccountHolder: text('Account holder', { max: 200, help: 'As the bank knows them; the lease’s tenants when empty' }),
    padInstitutionNumber: text('Institution number', { max: 3, help: '3 digits' }),
    padTransitNumber: text('Transit (branch) number', { max: 5, help: '5 digits' }),
    padAccountNumber: secret('Account number', { max: 20, help: 'Stored encrypted; only its last four digits are ever shown, on the agreement too.' }),
    padAmountType: select('Amount debited', PAD_AMOUNT_TYPES, { help: 'Fixed when empty' }),
    padWaivesPreNotification: boolean('Waives pre-notification', { help: 'The payor agreed to no written notice 10 days before each debit' }),
  },
  title: ['label'],
  label: 'label',
  columns: ['label', 'frequency', 'period_total', 'next_charge_date', 'charged_count'],
  search: ['label'],
  filters: ['leaseId', 'frequency'],
  ordering: 'label',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  attachments: false,
  lines: lines('Charges', {
    table: rentPaymentScheduleLines,
    parentKey: 'scheduleId',
    min: 1,
    max: 50,
    fields: {
      chargeType: select('Charge', RECURRING_CHARGE_TYPES, { required: true }),
      description: text('Description', { max: 200, help: 'What the resident sees, such as “Parking stall 12”; the charge’s kind when empty' }),
      amount: money('Amount per period', { required: true, min: 1 }),
      accountId: reference('Income account', 'accounts', { help: 'The company’s rent income account when empty', narrowedBy: { account_type: 'INCOME' } }),
      effectiveFrom: date('From', { help: 'The first day it is charged for; the schedule’s start when empty' }),
      effectiveTo: date('Until', { help: 'The last day it is charged for; open when empty' }),
    },
  }),
  rules: {
    async validate({ tx, companyId, values, lines: given }) {
      const errors: Record<string, string[]> = padAccountErrors(values)
      if (!takesDueDay(String(values.frequency)) && values.dueDay) errors.due_day = ['A due day is for periods of months; a weekly schedule is due on the weekday it starts, a semi-monthly one on the 1st and the 16th.']
      ;(given ?? []).forEach((line, i) => {
        if (line.effectiveFrom && line.effectiveTo && String(line.effectiveTo) < String(line.effectiveFrom)) errors[`lines[${i}].effective_to`] = [`Line ${i + 1}: on or after its start, ${String(line.effectiveFrom)}.`]
      })
      if (Object.keys(errors).length) return errors
      return checkSchedule(tx as Executor, companyId, String(values.leaseId), given ?? [])
    },
    // Saving it charges what is already due; the rent run charges the later periods.
    created: ({ tx, companyId, record }) => runRent(tx as Executor, { companyId, scheduleIds: [String(record.id)] }).then(() => undefined),
    updated: ({ tx, companyId, id }) => runRent(tx as Executor, { companyId, scheduleIds: [id] }).then(() => undefined),
  },
  outputs: {
    summary: {
      schema: {
        period_total: z.string().openapi({ description: 'What one whole period charges today: the sum of the lines in effect' }),
        charged_count: z.number().int().openapi({ description: 'How many charges it has made' }),
        next_charge_date: z.string().nullable().openapi({ description: 'When it charges next; null once it has ended' }),
        last_error_at: z.string().nullable().openapi({ description: 'When the rent run last failed to charge a period; null once it charges cleanly' }),
      },
      fields: {
        period_total: money('Each period'),
        charged_count: number('Charges made'),
        next_charge_date: date('Next charge'),
      },
      load: ({ tx, companyId, records }) =>
        scheduleSummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  documents: {
    'generate-pad-agreement': {
      label: 'PAD agreement (PDF)',
      contentType: 'application/pdf',
      make: async ({ tx, companyId, record }) => ({
        filename: `pad-agreement-${String(record.label)}.pdf`,
        body: await padAgreementPdf(tx as Executor, companyId, record as typeof rentPaymentSchedules.$inferSelect),
      }),
    },
  },
  page: {
    saved: 'Charges made so far: {charged_count}.',
    sections: [
      { kind: 'fields', fields: ['leaseId', 'frequency', 'dueDay', 'startDate', 'endDate', 'period_total', 'next_charge_date', 'charged_count', 'lastError'] },
      { kind: 'lines' },
      { kind: 'fields', label: 'Pre-authorized debit', fields: ['padAccountHolder', 'padInstitutionNumber', 'padTransitNumber', 'padAccountNumber', 'padAmountType', 'padWaivesPreNotification'] },
      { kind: 'related', related: { resource: 'rent-receivables', field: 'scheduleId', label: 'Charges made' } },
    ],
  },
})

/** A schedule's PAD account, where given: Canadian institution and transit numbers are 3 and 5 digits. */
function padAccountErrors(values: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  if (typeof values.padInstitutionNumber === 'string' && values.padInstitutionNumber && !/^\d{3}$/.test(values.padInstitutionNumber)) errors.pad_institution_number = ['Institution number must be 3 digits.']
  if (typeof values.padTransitNumber === 'string' && values.padTransitNumber && !/^\d{5}$/.test(values.padTransitNumber)) errors.pad_transit_number = ['Transit number must be 5 digits.']
  return errors
}

export const CHARGE_STATUSES = [
  { value: 'POSTED', label: 'Posted' },
  { value: 'VOID', label: 'Void' },
] as const

/** Dr accounts receivable for the lease, Cr the charge's income account (the company's for its kind when it names none); nothing once void. */
export const chargePosting: PostingBuilder = (charge, { roles }) => {
  if (charge.status === 'VOID') return null
  const type = String(charge.chargeType)
  return chargeDraft(
    {
      id: charge.id,
      date: String(charge.date),
      amount: Number(charge.amount),
      memo: chargeMemo({ description: String(charge.description), date: String(charge.date), periodStart: charge.periodStart as string | null, periodEnd: charge.periodEnd as string | null }),
      accountId: (charge.accountId as string | null) ?? roles[incomeRoleOf(type)],
      leaseId: String(charge.leaseId),
      rentalUnitId: (charge.rentalUnitId as string | null) ?? null,
      propertyGroupId: (charge.propertyGroupId as string | null) ?? null,
    },
    roles.ACCOUNTS_RECEIVABLE,
  )
}

export const rentChargesResource = defineResource({
  name: 'rent-receivables',
  // SPEC.md §7 makes one-off charges at POST rent-charges/.
  alsoAt: ['rent-charges'],
  singular: 'Rent Charge',
  plural: 'Rent Receivables',
  description: 'What each lease is charged and still owes: rent by the rent run, fees and one-off charges by hand. Each posts to accounts receivable for its lease; payments pay them oldest first; voiding one reverses it.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: RENT_TABS,
  table: rentCharges,
  fields: {
    leaseId: reference('Lease', 'leases', { required: true }),
    date: date('Date', { required: true, startsToday: true, help: 'The day it is due' }),
    chargeType: select('Charge', CHARGE_TYPES, { required: true }),
    description: text('Description', { required: true, max: 200, help: 'What the resident sees on their ledger' }),
    amount: money('Amount', { required: true, min: 1 }),
    accountId: reference('Income account', 'accounts', { help: 'Empty: the company’s rent income account (late fee income for a fee)', narrowedBy: { account_type: 'INCOME' } }),
    status: select('Status', CHARGE_STATUSES, { readOnly: true }),
    paidAmount: money('Paid', { readOnly: true, help: 'What payments still received have paid of it' }),
    owing: boolean('Owing', { readOnly: true, help: 'Posted and not paid in full' }),
    label: text('Name', { readOnly: true }),
    rentalUnitId: reference('Unit', 'rental-units', { readOnly: true }),
    propertyGroupId: reference('Property', 'property-groups', { readOnly: true }),
    scheduleId: reference('Rent schedule', 'rent-payment-schedules', { readOnly: true, help: 'The schedule that charged it; none for a one-off charge' }),
    periodStart: date('Period from', { readOnly: true }),
    periodEnd: date('Period to', { readOnly: true }),
    workOrderId: reference('Work order', 'work-orders', { readOnly: true, help: 'The work order it charges for; none for rent and fees' }),
  },
  title: ['description', 'date'],
  // "Rent of 2026-11-01 · 102 · Bronson Court from 2026-07-01": a charge is picked among every lease's.
  label: 'label',
  columns: ['date', 'leaseId', 'description', 'amount', 'paidAmount', 'open', 'days_overdue', 'status'],
  search: ['description'],
  filters: ['owing', 'leaseId', 'chargeType', 'status', 'scheduleId', 'propertyGroupId', 'workOrderId'],
  // Receivables are what is still owed: the list opens on them.
  defaultFilters: { owing: 'true' },
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'POSTED', transitions: [['POSTED', 'VOID']], locked: ['VOID'] },
  actions: {
    void: {
      label: 'Void',
      from: ['POSTED'],
      to: 'VOID',
      confirm: 'Voiding the charge reverses its posting: the lease no longer owes it. A charge of the rent run is not made again for its period.',
      done: 'Charge voided: its posting is reversed.',
      async run({ record }) {
        if (Number(record.paidAmount) > 0) throw conflict('Payments are applied to this charge: record them as returned, or correct the charge’s amount instead.')
      },
    },
  },
  rules: {
    async validate({ tx, companyId, id, values }) {
      // A voided charge is locked (its state): an update reaches here only for a posted one.
      if (id && Number(values.amount) < Number(values.paidAmount)) return { amount: [`At least the ${formatDecimal(Number(values.paidAmount))} already paid of it.`] }
      const [ofLease, ofAccount] = await Promise.all([
        chargeErrors(tx as Executor, companyId, values),
        incomeAccountErrors(tx as Executor, companyId, [(values.accountId as string | null) ?? null], () => 'account_id'),
      ])
      return ofLease || ofAccount ? { ...ofLease, ...ofAccount } : undefined
    },
    // A lease's credit (an overpayment, a payment made early) pays its next charge.
    created: ({ tx, companyId, record }) => applyCredits(tx as Executor, companyId, [String(record.leaseId)]),
  },
  postings: { create: chargePosting },
  sourceType: 'RENT_CHARGE',
  outputs: {
    summary: {
      schema: {
        open: z.string().openapi({ description: 'What it still owes: its amount less what is paid (nothing once void)' }),
        days_overdue: z.number().int().openapi({ description: 'Days since it fell due while it owes something, in the company’s time zone' }),
      },
      fields: { open: money('Open'), days_overdue: number('Days overdue') },
      load: ({ tx, companyId, records }) => openItemSummaries(tx as Executor, companyId, records, 'date'),
    },
  },
  page: {
    title: '{description} of {date}',
    sections: [
      { kind: 'fields', fields: ['leaseId', 'date', 'chargeType', 'description', 'amount', 'paidAmount', 'open', 'days_overdue', 'accountId', 'status'] },
      { kind: 'fields', label: 'Where it comes from', fields: ['rentalUnitId', 'propertyGroupId', 'scheduleId', 'periodStart', 'periodEnd', 'workOrderId'] },
      { kind: 'actions' },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

const paymentDocument = (payment: PostingDocument) => ({
  id: payment.id,
  date: String(payment.date),
  amount: Number(payment.amount),
  memo: (payment.memo as string | null) || `Rent payment${payment.reference ? ` ${String(payment.reference)}` : ''}`,
  leaseId: String(payment.leaseId),
  rentalUnitId: (payment.rentalUnitId as string | null) ?? null,
  propertyGroupId: (payment.propertyGroupId as string | null) ?? null,
})

/**
 * Received: Dr undeposited funds, Cr receivables for the lease (it stays posted when the payment is
 * returned: the return posts the reverse on its own date). Made from the deposits: Dr deposits held.
 */
export const paymentPosting: PostingBuilder = (payment, { roles }) =>
  payment.method === FROM_DEPOSIT
    ? paymentDraft(paymentDocument(payment), roles.SECURITY_DEPOSITS_HELD, roles.ACCOUNTS_RECEIVABLE, { fromDeposits: true })
    : paymentDraft(paymentDocument(payment), roles.UNDEPOSITED_FUNDS, roles.ACCOUNTS_RECEIVABLE)
/** Returned (NSF): Dr receivables, Cr the account that held the money, on the day it came back. */
const returnPosting: PostingBuilder = (payment, { roles }) => returnDraft(paymentDocument(payment), String(payment.returnedDate), String(payment.returnedFromAccountId), roles.ACCOUNTS_RECEIVABLE)

export const rentPaymentsResource = defineResource({
  name: 'rent-payments',
  singular: 'Rent Payment',
  plural: 'Rent Payments',
  description: 'Money received from residents: applied to their lease’s charges oldest first (or to the ones chosen), any rest held as a credit for the next charge, waiting in undeposited funds for a bank deposit.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: RENT_TABS,
  table: rentPayments,
  fields: {
    // What was received stays as received: a payment returned and entered again corrects it.
    leaseId: reference('Lease', 'leases', { required: true, writableOn: 'create' }),
    label: text('Name', { readOnly: true }),
    date: date('Date received', { required: true, writableOn: 'create', startsToday: true }),
    amount: money('Amount', { required: true, writableOn: 'create', min: 1 }),
    method: select('Method', PAYMENT_METHODS, { required: true, writableOn: 'create' }),
    reference: text('Reference', { max: 100, help: 'The cheque number, e-Transfer or EFT reference' }),
    memo: text('Memo', { max: 500 }),
    status: select('Status', PAYMENT_STATUSES, { readOnly: true }),
    returnedDate: date('Returned on', { readOnly: true }),
    rentalUnitId: reference('Unit', 'rental-units', { readOnly: true }),
    propertyGroupId: reference('Property', 'property-groups', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'leaseId', 'method', 'reference', 'amount', 'unapplied', 'status'],
  search: ['reference', 'memo'],
  filters: ['leaseId', 'method', 'status', 'propertyGroupId'],
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  links: [{ label: 'Mark charges as paid', href: '/app/rent-payments/bulk-mark-as-paid/' }],
  states: { field: 'status', initial: 'RECEIVED', transitions: [['RECEIVED', 'RETURNED']] },
  actions: {
    'record-return': {
      label: 'Returned (NSF)',
      from: ['RECEIVED'],
      to: 'RETURNED',
      input: {
        returnedDate: date('Returned on', { required: true }),
        nsfFee: money('NSF fee', { help: 'Charged to the lease as a fee; empty for none' }),
      },
      confirm: 'The bank returned this payment: its charges are owed again, the money leaves the account that held it, and an NSF fee, if given, is charged to the lease.',
      done: 'Payment returned: its charges are owed again.',
      async run({ tx, companyId, userId, record, input }) {
        if (record.method === FROM_DEPOSIT) throw conflict('This payment was made from the lease’s deposits, not money a bank can return.')
        const returned = String(input.returned_date)
        if (returned < String(record.date)) throw conflict(`A payment comes back after it was received, on ${String(record.date)} or later.`, { returned_date: [`On or after ${String(record.date)}.`] })
        const from = await accountHolding(tx as Executor, companyId, String(record.id))
        await (tx as Executor)
          .update(rentPayments)
          .set({ returnedDate: returned, returnedFromAccountId: from, updatedAt: new Date() })
          .where(and(eq(rentPayments.companyId, companyId), eq(rentPayments.id, String(record.id))))
        const fee = Number(input.nsf_fee ?? 0)
        const unlawful = nsfFeeLawErrors(await provinceOf(tx as Executor, companyId, (record.propertyGroupId as string | null) ?? null), fee, 'nsf_fee')
        if (unlawful) throw invalid(unlawful.nsf_fee[0], unlawful)
        if (fee > 0) {
          const { createRecord } = await import('./engine/api.server')
          await createRecord(tx as Executor, companyId, rentChargesResource, { values: { lease_id: record.leaseId, date: returned, charge_type: 'NSF_FEE', description: 'NSF fee', amount: fee } }, { userId })
        }
      },
    },
  },
  lines: lines('Applied to', {
    table: rentPaymentAllocations,
    parentKey: 'paymentId',
    min: 0,
    max: 200,
    writableOn: 'create',
    fields: {
      chargeId: reference('Charge', 'rent-receivables', { required: true }),
      amount: money('Amount', { required: true, min: 1 }),
    },
  }),
  rules: {
    async validate({ tx, companyId, id, values, lines: given }) {
      if (id) {
        const [current] = await (tx as Executor)
          .select()
          .from(rentPayments)
          .where(and(eq(rentPayments.companyId, companyId), eq(rentPayments.id, id)))
        checkPaymentChange(current)
        return undefined
      }
      return checkChosen(
        tx as Executor,
        companyId,
        String(values.leaseId),
        Number(values.amount),
        (given ?? []).map((l) => ({ chargeId: String(l.chargeId), amount: Number(l.amount) })),
      )
    },
    created: ({ tx, companyId, record }) => applyPayment(tx as Executor, companyId, String(record.id)),
    async moved({ tx, companyId, id, record }) {
      // Returned: what it paid is owed again, and the lease's other credits go to it first.
      await syncPaid(tx as Executor, companyId, await chargesPaidBy(tx as Executor, companyId, id))
      await applyCredits(tx as Executor, companyId, [String(record.leaseId)])
    },
  },
  postings: { create: paymentPosting, 'record-return': returnPosting },
  sourceType: 'RENT_PAYMENT',
  outputs: {
    summary: {
      schema: {
        applied: z.string().openapi({ description: 'What it paid of the lease’s charges' }),
        unapplied: z.string().openapi({ description: 'What it still holds as a credit, for the lease’s next charges' }),
      },
      fields: { applied: money('Applied'), unapplied: money('Credit left') },
      load: ({ tx, companyId, records }) =>
        paymentSummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['leaseId', 'date', 'amount', 'method', 'reference', 'memo', 'status', 'returnedDate', 'applied', 'unapplied'] },
      { kind: 'lines' },
      { kind: 'actions' },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/** How late rent is charged: one policy per property, or the company's default, applied by the rent run within the province's law. */
export const lateFeePoliciesResource = defineResource({
  name: 'late-fee-policies',
  singular: 'Late Fee Policy',
  plural: 'Late Fee Policies',
  description: 'What rent paid late costs, by property or for the whole company: the rent run charges it once per rent charge still owing after the grace days, within the province’s law (none in Ontario or Québec, at most $25 in British Columbia).',
  group: 'Accounting',
  permission: 'accounting',
  tabs: RENT_TABS,
  table: lateFeePolicies,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    propertyGroupId: reference('Property', 'property-groups', { help: 'Empty: the company’s default, for every property without a policy of its own' }),
    feeType: select('Fee', LATE_FEE_TYPES, { required: true }),
    amount: money('Flat amount', { help: 'For a flat fee' }),
    percent: percent('Percent of the rent owed', { help: 'For a percent fee' }),
    maximum: money('At most', { help: 'The most one late payment is charged' }),
    graceDays: number('Grace days', { required: true, min: 0, max: 60, help: 'Days after the due date before the fee is charged' }),
  },
  title: ['name'],
  columns: ['name', 'propertyGroupId', 'feeType', 'amount', 'percent', 'maximum', 'graceDays'],
  search: ['name'],
  filters: ['propertyGroupId', 'feeType'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  palette: false,
  attachments: false,
  rules: {
    validate: ({ tx, companyId, values }) => checkLateFeePolicy(tx as Executor, companyId, values),
  },
})
