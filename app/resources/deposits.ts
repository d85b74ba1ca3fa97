import { z } from '@hono/zod-openapi'
import { depositDispositionLines, depositDispositions, securityDeposits } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { DEPOSIT_DISPOSITION_SOURCE, DEPOSIT_STATUSES, depositDraft, dispositionDraft, dispositionStatement, DISPOSITION_STATUSES, SECURITY_DEPOSIT_SOURCE } from '~/domain/leasing/deposits'
import { PAYMENT_METHODS } from '~/domain/leasing/payments'
import { DEPOSIT_TYPES } from '~/domain/leasing/provinces'
import type { Executor } from '~/db/client.server'
import { checkDeposit, checkDisposition, completeDisposition, depositInterestSummaries, dispositionInterest, dispositionSummaries, statementFacts } from '~/leasing/deposits.server'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { RENT_TABS } from '~/domain/navigation'
import { defineResource, type PostingBuilder, type PostingDocument } from './engine/define'
import { date, lines, longText, money, reference, select, text } from './engine/fields'

/*
 * Deposits as documents (ADR 013, issue 14 item 5). A security deposit is money a lease's residents
 * paid the landlord to hold, within its province's law; received, it posts Dr undeposited funds /
 * Cr security deposits held. A disposition settles a lease's deposits at move-out: its lines deduct
 * charges the lease owes (or damage, where the province allows it), the interest is added, and the
 * rest is refunded from a bank account; completing it pays the charges from the deposits and posts
 * the interest and the refund. The rules are the services of ~/leasing/deposits.
 */

const documentOf = (row: PostingDocument) => ({
  id: row.id,
  date: String(row.date),
  // A deposit a renewal took over stays posted to the lease it was received under (the renewal's entry moved it).
  leaseId: String(row.receivedLeaseId ?? row.leaseId),
  rentalUnitId: (row.rentalUnitId as string | null) ?? null,
  propertyGroupId: (row.propertyGroupId as string | null) ?? null,
})

const depositPosting: PostingBuilder = (deposit, { roles }) =>
  depositDraft(
    { ...documentOf(deposit), amount: Number(deposit.amount), depositType: String(deposit.depositType), memo: (deposit.memo as string | null) ?? null },
    roles.UNDEPOSITED_FUNDS,
    roles.SECURITY_DEPOSITS_HELD,
  )

export const securityDepositsResource = defineResource({
  name: 'security-deposits',
  singular: 'Security Deposit',
  plural: 'Security Deposits',
  description:
    'Deposits held for leases within each province’s law: a damage or pet damage deposit where it is allowed (half a month’s rent in British Columbia and Manitoba, a month in Alberta), Ontario’s last month’s rent deposit and key deposit; none in Québec.',
  group: 'Leasing',
  permission: 'accounting',
  tabs: RENT_TABS,
  table: securityDeposits,
  fields: {
    // What was received stays as received: the lease's disposition settles it.
    leaseId: reference('Lease', 'leases', { required: true, writableOn: 'create' }),
    label: text('Name', { readOnly: true }),
    depositType: select('Deposit', DEPOSIT_TYPES, { required: true, writableOn: 'create' }),
    date: date('Date received', { required: true, writableOn: 'create', startsToday: true }),
    amount: money('Amount', { required: true, writableOn: 'create', min: 1 }),
    method: select('Method', PAYMENT_METHODS, { required: true, writableOn: 'create' }),
    reference: text('Reference', { max: 100, help: 'The cheque number, e-Transfer or EFT reference' }),
    memo: text('Memo', { max: 500 }),
    status: select('Status', DEPOSIT_STATUSES, { readOnly: true }),
    dispositionId: reference('Settled by', 'deposit-dispositions', { readOnly: true }),
    rentalUnitId: reference('Unit', 'rental-units', { readOnly: true }),
    propertyGroupId: reference('Property', 'property-groups', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'leaseId', 'depositType', 'amount', 'status'],
  search: ['reference', 'memo'],
  filters: ['leaseId', 'depositType', 'status', 'propertyGroupId'],
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'HELD', transitions: [['HELD', 'SETTLED']] },
  rules: {
    async validate({ tx, companyId, id, values }) {
      if (id) {
        const current = (await (tx as Executor).query.securityDeposits.findFirst({ where: (d, { and, eq }) => and(eq(d.companyId, companyId), eq(d.id, id)) }))!
        if (current.status !== 'HELD') throw conflict('A settled deposit cannot change.')
        return undefined
      }
      return checkDeposit(tx as Executor, companyId, id, values)
    },
  },
  postings: { create: depositPosting },
  sourceType: SECURITY_DEPOSIT_SOURCE,
  outputs: {
    detail: {
      schema: {
        interest_owed: z
          .string()
          .nullable()
          .openapi({
            description:
              'What the deposit has earned to today while held, by its province’s law (Ontario: the rent-increase guideline each year on a last month’s rent deposit; British Columbia and Alberta: the rate of each calendar year on a security or pet damage deposit); null once settled, or where Lintel does not compute it',
          }),
      },
      fields: {
        interest_owed: money('Interest owed to date', {
          help: 'By the province’s rates: Ontario’s guideline each year on a last month’s rent deposit, British Columbia’s and Alberta’s rate of each calendar year on a security or pet damage deposit; not computed elsewhere (Manitoba included)',
        }),
      },
      load: ({ tx, companyId, records }) =>
        depositInterestSummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['leaseId', 'depositType', 'date', 'amount', 'interest_owed', 'method', 'reference', 'memo', 'status', 'dispositionId'] },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

const settlementPosting: PostingBuilder = (disposition, { roles }) => {
  if (disposition.status !== 'COMPLETED') return null
  const held = Number(disposition.heldAmount ?? 0)
  const deducted = Number(disposition.deductedAmount ?? 0)
  const interest = Number(disposition.interest ?? 0)
  return dispositionDraft(
    { ...documentOf(disposition), label: String(disposition.label) },
    { held, interest, deducted, refund: held + interest - deducted },
    {
      depositsHeld: roles.SECURITY_DEPOSITS_HELD,
      interestExpense: (disposition.interestAccountId as string | null) ?? null,
      bank: (disposition.refundAccountId as string | null) ?? null,
    },
  )
}

export const depositDispositionsResource = defineResource({
  name: 'deposit-dispositions',
  singular: 'Deposit Disposition',
  plural: 'Deposit Dispositions',
  description:
    'What happens to a lease’s deposits at move-out: the charges deducted from them (and damage, where the province allows it), the interest they earned, and the refund, due within the province’s deadline; completing it pays the charges from the deposits and posts the refund.',
  group: 'Leasing',
  permission: 'accounting',
  tabs: RENT_TABS,
  table: depositDispositions,
  fields: {
    leaseId: reference('Lease', 'leases', { required: true }),
    label: text('Name', { readOnly: true }),
    date: date('Date', { required: true, startsToday: true, help: 'The day the deductions and the refund are made' }),
    interest: money('Interest', {
      help: 'What the deposits earned while held. Left empty, it is worked out by the province’s rates (Ontario, British Columbia, Alberta), to this date (Ontario: the move-out, when earlier); elsewhere enter it',
    }),
    interestAccountId: reference('Interest expense account', 'accounts', { help: 'Where the interest is charged, when there is interest' }),
    bankAccountId: reference('Refund from', 'bank-accounts', { help: 'The bank account the refund is paid from' }),
    forwardingAddress: longText('Forwarding address', { max: 500, help: 'Where the statement and the refund are sent' }),
    memo: text('Memo', { max: 500 }),
    status: select('Status', DISPOSITION_STATUSES, { readOnly: true }),
    paymentId: reference('Deductions paid by', 'rent-payments', { readOnly: true }),
    rentalUnitId: reference('Unit', 'rental-units', { readOnly: true }),
    propertyGroupId: reference('Property', 'property-groups', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'leaseId', 'held', 'deducted', 'refund', 'due_date', 'status'],
  search: ['memo'],
  filters: ['leaseId', 'status', 'propertyGroupId'],
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'DRAFT', transitions: [['DRAFT', 'COMPLETED']], deletable: ['DRAFT'] },
  lines: lines('Deductions', {
    table: depositDispositionLines,
    parentKey: 'dispositionId',
    min: 0,
    max: 50,
    fields: {
      chargeId: reference('Charge', 'rent-receivables', { help: 'A charge the lease still owes; empty for damage, charged to the lease when completed' }),
      description: text('Description', { max: 200, help: 'What the deduction is for, such as “Broken window, bedroom”' }),
      amount: money('Amount', { required: true, min: 1 }),
    },
  }),
  actions: {
    complete: {
      label: 'Complete',
      from: ['DRAFT'],
      to: 'COMPLETED',
      confirm: 'Completing the disposition charges its damage to the lease, pays its deductions from the deposits, settles every deposit the lease holds and refunds the rest. It cannot be undone.',
      done: 'Disposition completed: the deposits are settled.',
      async run({ tx, companyId, userId, record }) {
        const deductions = await (tx as Executor).query.depositDispositionLines.findMany({
          where: (l, { and, eq }) => and(eq(l.companyId, companyId), eq(l.dispositionId, String(record.id))),
          orderBy: (l, { asc }) => asc(l.position),
        })
        await completeDisposition(
          tx as Executor,
          companyId,
          userId,
          record,
          deductions.map((d) => ({ chargeId: d.chargeId, description: d.description, amount: d.amount })),
        )
      },
    },
  },
  rules: {
    async validate({ tx, companyId, id, values, lines: given }) {
      if (id) {
        const current = await (tx as Executor).query.depositDispositions.findFirst({ where: (d, { and, eq }) => and(eq(d.companyId, companyId), eq(d.id, id)) })
        if (current?.status === 'COMPLETED') throw conflict('A completed disposition cannot change.')
      }
      // A new disposition without its interest gets what the province's law owes, still to be changed.
      if (!id && (values.interest === undefined || values.interest === null) && values.leaseId && values.date)
        values.interest = (await dispositionInterest(tx as Executor, companyId, String(values.leaseId), String(values.date))) ?? 0
      const deductions = (given ?? []).map((l) => ({ chargeId: (l.chargeId as string | null) ?? null, description: (l.description as string | null) ?? null, amount: Number(l.amount) }))
      return checkDisposition(tx as Executor, companyId, values, deductions)
    },
  },
  documents: {
    statement: {
      label: 'Statement (PDF)',
      contentType: 'application/pdf',
      make: async ({ tx, companyId, record }) => {
        const letter = dispositionStatement(await statementFacts(tx as Executor, companyId, String(record.id)))
        return { filename: `Deposit statement ${String(record.label)}.pdf`, body: await lettersPdf([letter], letter.title) }
      },
    },
  },
  postings: { complete: settlementPosting },
  sourceType: DEPOSIT_DISPOSITION_SOURCE,
  outputs: {
    summary: {
      schema: {
        held: z.string().openapi({ description: 'The deposits it settles (once completed, that it settled)' }),
        deducted: z.string(),
        refund: z.string().openapi({ description: 'Held plus interest less the deductions' }),
        due_date: z.string().nullable().openapi({ description: 'The day the province’s law wants the refund or statement by: days after the move-out' }),
      },
      fields: { held: money('Deposits held'), deducted: money('Deducted'), refund: money('Refund'), due_date: date('Due by') },
      load: ({ tx, companyId, records }) =>
        dispositionSummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['leaseId', 'date', 'held', 'deducted', 'interest', 'refund', 'due_date', 'interestAccountId', 'bankAccountId', 'forwardingAddress', 'memo', 'status', 'paymentId'] },
      { kind: 'lines' },
      { kind: 'actions' },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})
