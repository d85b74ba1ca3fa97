import { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { leaseResidents, leases, rentPaymentSchedules } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { HOLDS_UNIT, LEASE_STATUSES, LEASE_TYPES, renewalTerms, RESIDENT_ROLES, type Term } from '~/domain/leasing/leases'
import { SCHEDULE_FREQUENCIES, takesDueDay } from '~/domain/leasing/rent'
import { addResident, checkUnitFree, followLease, leaseOf, leaseSummaries, markSigned, removeResident } from '~/leasing/leases.server'
import { handOverToRenewal, renewalErrors, rentChargedFrom } from '~/leasing/lease-starts.server'
import { companyToday } from '~/db/clock.server'
import { leasePdf } from '~/leasing/lease-document.server'
import { generateSignatureRequest, sendableToSign } from '~/leasing/signatures.server'
import { leaseDepositErrors } from '~/leasing/deposits.server'
import { runRent } from '~/leasing/rent.server'
import { resourceNamed } from './index'
import { followTurnover, leaseTerms } from '~/maintenance/make-ready.server'
import { defineResource } from './engine/define'
import { boolean, date, lines, longText, money, number, reference, select, text } from './engine/fields'

/*
 * A lease is a document (ADR 013): a unit let to residents for a term at a rent. It starts as a
 * draft and moves only through its actions (activate, give notice, withdraw notice, end); a unit
 * is let to one lease at a time, and the unit's status and its residents' types follow the lease.
 * Its residents are its lines, each in a role. Its rules are the services of ~/leasing/leases.
 */

const termOf = (values: Record<string, unknown>): Term => ({
  startDate: String(values.startDate),
  endDate: (values.endDate as string | null | undefined) ?? null,
  moveOutDate: (values.moveOutDate as string | null | undefined) ?? null,
})

export const leasesResource = defineResource({
  name: 'leases',
  singular: 'Lease',
  plural: 'Leases',
  description: 'Who rents each unit, for how long and at what rent: a draft until it is activated, then active, on notice and ended, with the unit and its residents following it.',
  group: 'Leasing',
  permission: 'leasing',
  table: leases,
  fields: {
    rentalUnitId: reference('Rental unit', 'rental-units', { required: true }),
    label: text('Name', { readOnly: true, help: 'The unit and the lease’s start, as every page names the lease' }),
    leaseType: select('Lease type', LEASE_TYPES, { required: true }),
    status: select('Status', LEASE_STATUSES, { readOnly: true }),
    startDate: date('Start date', { required: true }),
    endDate: date('End date', { notBefore: 'startDate', help: 'The last day of a fixed term; a month-to-month lease has none' }),
    moveInDate: date('Move-in date', { help: 'The start date when empty; a renewal’s is the day its residents first moved in' }),
    signedOn: date('Signed on', { help: 'Empty: the day it is activated' }),
    noticeDate: date('Notice given on', { readOnly: true }),
    moveOutDate: date('Move-out date', { readOnly: true, help: 'Set by giving notice or ending the lease' }),
    rent: money('Rent', { required: true }),
    rentFrequency: select('Rent frequency', SCHEDULE_FREQUENCIES, { required: true }),
    rentDueDay: number('Rent due day', { min: 1, max: 31, help: 'The day of the month rent falls due: the 1st when empty, 31 for the last day of every month' }),
    securityDeposit: money('Security deposit', { help: 'Where the province allows one (not in Ontario or Québec)' }),
    lastMonthRentDeposit: money('Last month’s rent deposit', { help: 'Ontario’s rent deposit: at most one period’s rent, applied to the last one' }),
    keyDeposit: money('Key deposit', { help: 'Refundable, for keys, fobs and remotes' }),
    renewsLeaseId: reference('Renews', 'leases', { help: 'The lease of the same unit this one renews: that one runs until the day before this one starts, then ends; its residents stay, with its deposits' }),
  },
  title: ['label'],
  label: 'label',
  columns: ['label', 'resident_names', 'leaseType', 'startDate', 'endDate', 'rent', 'balance', 'status'],
  search: ['label'],
  filters: ['status', 'leaseType', 'rentalUnitId', 'renewsLeaseId'],
  lineFilters: ['residentId'],
  // "Add lease" under a lease's renewals starts the renewal from it.
  startsFrom: { renewsLeaseId: renewalTerms },
  ordering: '-start_date',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  states: {
    field: 'status',
    initial: 'DRAFT',
    transitions: [
      ['DRAFT', 'ACTIVE'],
      ['ACTIVE', 'NOTICE'],
      ['NOTICE', 'ACTIVE'],
      ['ACTIVE', 'ENDED'],
      ['NOTICE', 'ENDED'],
    ],
    deletable: ['DRAFT'],
  },
  actions: {
    activate: {
      label: 'Activate',
      from: ['DRAFT'],
      to: 'ACTIVE',
      confirm: 'Activating the lease lets the unit to its residents: from its start the unit shows as occupied and they as current residents (until then, future residents), and rent is charged from its start (a lease with no rent schedule gets one from its rent). A lease it renews runs until the day before this one starts, then ends, and its deposits go over to this one.',
      done: 'Lease activated: the unit is let to its residents.',
      async run({ tx, companyId, record }) {
        await checkUnitFree(tx as Executor, companyId, { ...termOf(record), id: String(record.id), rentalUnitId: String(record.rentalUnitId), renewsLeaseId: record.renewsLeaseId as string | null })
        if (!record.signedOn) await markSigned(tx as Executor, companyId, String(record.id))
      },
    },
    'give-notice': {
      label: 'Give notice',
      from: ['ACTIVE'],
      to: 'NOTICE',
      input: {
        noticeDate: date('Notice given on', { required: true }),
        moveOutDate: date('Move-out date', { required: true, notBefore: 'noticeDate' }),
      },
      done: 'Notice recorded: the unit is on notice.',
      async run({ tx, companyId, record, input }) {
        const moveOut = String(input.move_out_date)
        checkMoveOut(record, moveOut)
        await (tx as Executor).update(leases).set({ noticeDate: String(input.notice_date), moveOutDate: moveOut, updatedAt: new Date() }).where(leaseWhere(companyId, record))
      },
    },
    'withdraw-notice': {
      label: 'Withdraw notice',
      from: ['NOTICE'],
      to: 'ACTIVE',
      done: 'Notice withdrawn: the lease goes on.',
      async run({ tx, companyId, record }) {
        // Going on past the move-out date: only if no lease was let from then.
        await checkUnitFree(tx as Executor, companyId, { ...termOf(record), moveOutDate: null, id: String(record.id), rentalUnitId: String(record.rentalUnitId) })
        await (tx as Executor).update(leases).set({ noticeDate: null, moveOutDate: null, updatedAt: new Date() }).where(leaseWhere(companyId, record))
      },
    },
    end: {
      label: 'End lease',
      from: ['ACTIVE', 'NOTICE'],
      to: 'ENDED',
      input: { moveOutDate: date('Move-out date', { required: true }) },
      confirm: 'Ending the lease frees the unit: it shows as vacant and its residents as former residents.',
      done: 'Lease ended: the unit is vacant.',
      async run({ tx, companyId, record, input }) {
        const moveOut = String(input.move_out_date)
        checkMoveOut(record, moveOut)
        await (tx as Executor).update(leases).set({ moveOutDate: moveOut, updatedAt: new Date() }).where(leaseWhere(companyId, record))
      },
    },
    'add-resident-to-lease': {
      label: 'Add resident',
      from: ['DRAFT', 'ACTIVE', 'NOTICE'],
      input: { residentId: reference('Resident', 'residents', { required: true }), role: select('Role', RESIDENT_ROLES, { required: true }) },
      done: 'Resident added to the lease.',
      run: ({ tx, companyId, record, input }) => addResident(tx as Executor, companyId, String(record.id), String(input.resident_id), String(input.role)),
    },
    'remove-resident-from-lease': {
      label: 'Remove resident',
      from: ['DRAFT', 'ACTIVE', 'NOTICE'],
      input: { residentId: reference('Resident', 'residents', { required: true, narrowedBy: { lease_id: '{id}' } }) },
      done: 'Resident taken off the lease.',
      run: ({ tx, companyId, record, input }) => removeResident(tx as Executor, companyId, String(record.id), String(input.resident_id)),
    },
    'generate-signature-request': {
      label: 'Send to sign online',
      from: ['DRAFT'],
      offeredWhile: 'can_send_to_sign',
      input: {
        companySigns: boolean('I sign for the landlord, last', { help: 'You are sent the link once every resident has signed' }),
        message: longText('Message to the signers', { max: 2000, help: 'Said in the e-mails that carry their links' }),
        reminderIntervalDays: number('Remind after (days)', { min: 1, max: 30, help: 'Empty: 3. A signer who has not signed is sent the link again, at most three times' }),
      },
      done: 'Sent to sign online: the first signer was e-mailed their link. The lease becomes active once everyone has signed.',
      run: ({ tx, companyId, userId, record, input, origin, afterCommit }) => generateSignatureRequest(tx as Executor, companyId, userId, record, input, origin, afterCommit),
    },
  },
  documents: {
    'generate-pdf': {
      label: 'Lease to sign (PDF)',
      contentType: 'application/pdf',
      make: ({ tx, companyId, record }) => leasePdf(tx as Executor, companyId, String(record.id)),
    },
  },
  lines: lines('Residents', {
    table: leaseResidents,
    parentKey: 'leaseId',
    min: 1,
    max: 20,
    fields: {
      residentId: reference('Resident', 'residents', { required: true }),
      role: select('Role', RESIDENT_ROLES, { required: true }),
    },
  }),
  rules: {
    async validate({ tx, companyId, id, values, lines: given }) {
      const errors: Record<string, string[]> = {}
      if (values.leaseType === 'FIXED' && !values.endDate) errors.end_date = ['A fixed-term lease needs its end date.']
      const primaries = (given ?? []).flatMap((line, i) => (line.role === 'PRIMARY' ? [i] : []))
      for (const i of primaries.slice(1)) errors[`lines[${i}].role`] = [`Line ${i + 1}: a lease has one primary tenant; make this one a co-tenant.`]
      const residentIds = (given ?? []).map((line) => String(line.residentId))
      residentIds.forEach((resident, i) => {
        if (residentIds.indexOf(resident) !== i) errors[`lines[${i}].resident_id`] = [`Line ${i + 1}: this resident is already on the lease.`]
      })
      if (Object.keys(errors).length) return errors
      const deposits = await leaseDepositErrors(tx as Executor, companyId, values)
      if (deposits) return deposits
      const renewal = await renewalErrors(tx as Executor, companyId, id, values)
      if (renewal) return renewal
      if (!id) return undefined
      const current = await leaseOf(tx as Executor, companyId, id)
      if (current.status === 'ENDED') throw conflict('An ended lease cannot change; a new lease or a renewal starts the next term.')
      if (HOLDS_UNIT.includes(current.status as never)) {
        if (values.rentalUnitId !== current.rentalUnitId) return { rental_unit_id: ['The unit of a lease in force cannot change: end it and lease the other unit.'] }
        // New dates on a lease in force must still leave the unit to it alone.
        await checkUnitFree(tx as Executor, companyId, { ...termOf(values), id, rentalUnitId: current.rentalUnitId, renewsLeaseId: current.renewsLeaseId })
      }
      return undefined
    },
    // A lease signed for a unit being made ready is its next move-in.
    async created({ tx, companyId, userId, record }) {
      await followTurnover(tx as Executor, companyId, userId, leaseTerms(record))
    },
    async updated({ tx, companyId, id, record }) {
      if (HOLDS_UNIT.includes(record.status as never)) await followLease(tx as Executor, companyId, id)
      await followTurnover(tx as Executor, companyId, null, leaseTerms(record))
    },
    async moved({ tx, companyId, userId, id, from, to }) {
      const lease = await leaseOf(tx as Executor, companyId, id)
      // A renewal takes over from the lease it renews on its first day; that one runs until then.
      if (to === 'ACTIVE') await handOverToRenewal(tx as Executor, companyId, userId, lease, await companyToday(tx as Executor, companyId))
      await followLease(tx as Executor, companyId, id)
      // An active lease is charged: by its schedules, or by one made from its rent (which charges what is due).
      if (to === 'ACTIVE') await startCharging(tx as Executor, companyId, userId, lease)
      // Notice given puts the unit on the make-ready board; withdrawn, takes it off; the next lease moving in ends its turn.
      await followTurnover(tx as Executor, companyId, userId, lease, { from, to })
    },
  },
  outputs: {
    summary: {
      schema: {
        resident_names: z.string().openapi({ description: 'Who is on the lease, in order' }),
        balance: z.string().openapi({ description: 'What the lease owes: the sum of its receivable lines (negative: a credit)' }),
        can_send_to_sign: z.boolean().openapi({ description: 'Whether it can be sent to sign online now: a draft, e-signature on in the workspace, and no request for it out' }),
      },
      fields: {
        resident_names: text('Residents'),
        balance: money('Balance', { min: undefined }),
        can_send_to_sign: boolean('Can be sent to sign online'),
      },
      load: async ({ tx, companyId, records }) => {
        const ids = records.map((r) => String(r.id))
        const [summaries, sendable] = await Promise.all([leaseSummaries(tx as Executor, companyId, ids), sendableToSign(tx as Executor, companyId, records)])
        return new Map(ids.map((id) => [id, { ...summaries.get(id)!, can_send_to_sign: sendable.has(id) }]))
      },
    },
  },
  page: {
    links: [
      { label: 'Record payment', href: '/app/rent-payments/new/?lease_id={id}' },
      { label: 'Rent ledger', href: '/app/reporting/rent-ledger/?lease_id={id}' },
    ],
    sections: [
      { kind: 'fields', fields: ['rentalUnitId', 'leaseType', 'status', 'signedOn', 'startDate', 'endDate', 'moveInDate', 'noticeDate', 'moveOutDate', 'renewsLeaseId'] },
      { kind: 'fields', label: 'Rent and deposits', fields: ['rent', 'rentFrequency', 'rentDueDay', 'balance', 'securityDeposit', 'lastMonthRentDeposit', 'keyDeposit'] },
      { kind: 'lines' },
      { kind: 'actions' },
      { kind: 'related', related: { resource: 'rent-payment-schedules', field: 'leaseId', label: 'Rent schedules' } },
      { kind: 'related', related: { resource: 'rent-receivables', field: 'leaseId', label: 'Charges' } },
      { kind: 'related', related: { resource: 'rent-payments', field: 'leaseId', label: 'Payments' } },
      { kind: 'related', related: { resource: 'rent-increases', field: 'leaseId', label: 'Rent increases' } },
      { kind: 'related', related: { resource: 'security-deposits', field: 'leaseId', label: 'Deposits' } },
      { kind: 'related', related: { resource: 'deposit-dispositions', field: 'leaseId', label: 'Deposit dispositions' } },
      { kind: 'related', related: { resource: 'leases', field: 'renewsLeaseId', label: 'Renewed by', addLabel: 'Renew lease' } },
      // A lease's files are its lease attachments (see lease-attachments.ts), not a Documents drawer beside them.
      { kind: 'related', related: { resource: 'lease-attachments', field: 'leaseId', label: 'Attachments' } },
      { kind: 'related', related: { resource: 'signature-requests', field: 'leaseId', label: 'Signature requests' } },
      { kind: 'history' },
      { kind: 'notes' },
    ],
  },
})

/** A move-out on or after the lease's start; else 409 naming the field. */
function checkMoveOut(record: Record<string, unknown>, moveOut: string) {
  const start = String(record.startDate)
  if (moveOut < start) throw conflict(`The move-out date cannot come before the lease’s start, ${start}.`, { move_out_date: [`On or after ${start}.`] })
}

/** The lease an action runs on, in its company. */
const leaseWhere = (companyId: string, record: Record<string, unknown>) => and(eq(leases.companyId, companyId), eq(leases.id, String(record.id)))

/**
 * An activated lease's rent: its schedules charge what is due; a lease with none gets one made
 * from its rent, frequency and due day, charging from its start (a renewal signed late, from the
 * first period the lease it renews did not charge), through the schedule's own definition, which
 * charges what is due as it is saved.
 */
async function startCharging(tx: Executor, companyId: string, userId: string, lease: Awaited<ReturnType<typeof leaseOf>>) {
  const [existing] = await tx
    .select({ id: rentPaymentSchedules.id })
    .from(rentPaymentSchedules)
    .where(and(eq(rentPaymentSchedules.companyId, companyId), eq(rentPaymentSchedules.leaseId, lease.id)))
  if (existing) {
    await runRent(tx, { companyId, userId, scheduleIds: [existing.id] })
    return
  }
  if (lease.rent <= 0) return
  const schedules = resourceNamed('rent-payment-schedules')!
  const values = {
    lease_id: lease.id,
    frequency: lease.rentFrequency,
    due_day: takesDueDay(lease.rentFrequency) ? lease.rentDueDay : null,
    start_date: await rentChargedFrom(tx, companyId, lease),
    lines: [{ charge_type: 'RENT', amount: lease.rent }],
  }
  // Loaded here, not at the top: the definitions are read by pages and tests that never load the API.
  const { createRecord } = await import('./engine/api.server')
  await createRecord(tx, companyId, schedules, { values }, { userId })
}
