import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { bulkRentIncreaseNoticeLeases, bulkRentIncreaseNotices, rentIncreases } from '~/db/schema'
import { RENT_INCREASE_STATUSES } from '~/domain/leasing/rent-increases'
import {
  applyIncrease,
  bulkCandidates,
  bulkNoticeSummaries,
  checkBulkNotice,
  checkIncrease,
  emailBulkNotice,
  giveNotice,
  increaseSummaries,
  issueBulkNotice,
  noticesPdf,
  pickedLeases,
} from '~/leasing/rent-increases.server'
import { defineResource } from './engine/define'
import { boolean, date, lines, money, number, percent, reference, select, text } from './engine/fields'

/*
 * Raising the rent as documents (ADR 013). A rent increase is a lease's new rent from a date: a
 * draft until written notice is given, then applied to the lease's rent schedule (or canceled).
 * A bulk notice makes many at once, their notice given together, with one letter per lease. The
 * rules are the services of ~/leasing/rent-increases, the law the pure rules beside them.
 */

export const rentIncreasesResource = defineResource({
  name: 'rent-increases',
  singular: 'Rent Increase',
  plural: 'Rent Increases',
  description:
    'A lease’s new rent from a date, within its province’s law: twelve months after the last increase or the move-in, at most the year’s guideline unless the unit is exempt, after the written notice the province asks (90 days in Ontario). Applying it changes the lease’s rent schedule from its date; once notice is given, the rent run applies it on its date.',
  group: 'Leasing',
  permission: 'leasing',
  table: rentIncreases,
  fields: {
    leaseId: reference('Lease', 'leases', { required: true }),
    label: text('Name', { readOnly: true, help: 'Its lease’s name' }),
    status: select('Status', RENT_INCREASE_STATUSES, { readOnly: true }),
    currentRent: money('Current rent', { readOnly: true, help: 'The lease’s rent when the increase was made' }),
    newRent: money('New rent', { required: true, min: 1 }),
    effectiveDate: date('Takes effect on', { required: true, help: 'Usually the first day of a rent period' }),
    noticeDate: date('Notice given on', { help: 'When written notice is, or was, given: at least the province’s notice before the increase' }),
    exempt: boolean('Exempt from the guideline', { help: 'In Ontario: a unit first occupied as a home after November 15, 2018' }),
    exemptionReason: text('Why it is exempt', { max: 500 }),
    bulkNoticeId: reference('Bulk notice', 'bulk-rent-increase-notices', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['label', 'currentRent', 'newRent', 'increase_percent', 'effectiveDate', 'noticeDate', 'status'],
  search: ['label'],
  filters: ['status', 'leaseId', 'bulkNoticeId'],
  ordering: '-effective_date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  links: [{ label: 'Bulk notices', href: '/app/bulk-rent-increase-notices/' }],
  states: {
    field: 'status',
    initial: 'DRAFT',
    transitions: [
      ['DRAFT', 'NOTICE_SENT'],
      ['NOTICE_SENT', 'APPLIED'],
      ['DRAFT', 'CANCELED'],
      ['NOTICE_SENT', 'CANCELED'],
    ],
  },
  actions: {
    'give-notice': {
      label: 'Give notice',
      from: ['DRAFT'],
      to: 'NOTICE_SENT',
      input: { noticeDate: date('Notice given on', { help: 'Empty: the date on the increase, else today' }) },
      done: 'Notice recorded: the rent run applies the increase to the rent schedule on its date (or apply it now).',
      run: ({ tx, companyId, record, input }) => giveNotice(tx as Executor, companyId, record, (input.notice_date as string | null | undefined) ?? null),
    },
    apply: {
      label: 'Apply to the rent schedule',
      from: ['NOTICE_SENT'],
      to: 'APPLIED',
      confirm:
        'Applying the increase changes the lease’s rent schedule: its rent line ends the day before the increase and the new rent is charged from its date on. Periods already charged at the old rent are charged the difference. The lease’s rent says the new rent from its date. Left as it is, the rent run applies it on its date.',
      done: 'Increase applied: the rent schedule charges the new rent from its date.',
      run: ({ tx, companyId, userId, record }) => applyIncrease(tx as Executor, companyId, userId, record),
    },
    cancel: {
      label: 'Cancel increase',
      from: ['DRAFT', 'NOTICE_SENT'],
      to: 'CANCELED',
      confirm: 'Canceling the increase keeps the lease’s rent as it is. A notice already given should be withdrawn in writing.',
      done: 'Increase canceled: the rent stays as it is.',
    },
  },
  documents: {
    'generate-pdf': {
      label: 'Notice (PDF)',
      contentType: 'application/pdf',
      from: ['DRAFT', 'NOTICE_SENT', 'APPLIED'],
      make: async ({ tx, companyId, record }) => ({ filename: `notice-of-rent-increase-${String(record.label)}.pdf`, body: await noticesPdf(tx as Executor, companyId, { id: String(record.id) }) }),
    },
  },
  rules: {
    validate: ({ tx, companyId, id, values }) => checkIncrease(tx as Executor, companyId, id, values),
  },
  outputs: {
    summary: {
      schema: {
        increase_percent: z.string().openapi({ description: 'The increase, in percent of the current rent' }),
        maximum_rent: z.string().nullable().openapi({ description: 'The most the province’s guideline for the year allows; null where it sets none' }),
      },
      fields: { increase_percent: percent('Increase'), maximum_rent: money('Most the guideline allows') },
      load: ({ tx, companyId, records }) => increaseSummaries(tx as Executor, companyId, records),
    },
  },
  page: {
    title: 'Rent increase of {label}',
    sections: [
      { kind: 'fields', fields: ['leaseId', 'status', 'currentRent', 'newRent', 'increase_percent', 'maximum_rent', 'effectiveDate', 'noticeDate', 'exempt', 'exemptionReason', 'bulkNoticeId'] },
      { kind: 'actions' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

export const bulkRentIncreaseNoticesResource = defineResource({
  name: 'bulk-rent-increase-notices',
  singular: 'Bulk Rent Increase Notice',
  plural: 'Bulk Rent Increase Notices',
  description:
    'Notices of rent increase for many leases at once: each lease picked gets an increase from one date (the percent given, or its province’s guideline), its notice given the same day. One PDF holds a letter per lease, and the letters can be e-mailed to the tenants.',
  group: 'Leasing',
  permission: 'leasing',
  table: bulkRentIncreaseNotices,
  fields: {
    propertyGroupId: reference('Property', 'property-groups', { writableOn: 'create', help: 'Offers that property’s leases; empty: every property’s' }),
    noticeDate: date('Notice given on', { required: true, writableOn: 'create', startsToday: true }),
    effectiveDate: date('Takes effect on', { required: true, writableOn: 'create', notBefore: 'noticeDate', help: 'At least the province’s notice after it (90 days in Ontario)' }),
    increasePercent: percent('Increase', { writableOn: 'create', help: 'Empty: each lease’s province’s guideline for the year' }),
    emailResidents: boolean('E-mail the letters to the tenants', { writableOn: 'create', help: 'Each lease’s letter to its tenants who have an e-mail address' }),
    status: select('Status', [{ value: 'ISSUED', label: 'Issued' }], { readOnly: true }),
    memo: text('Memo', { max: 500 }),
  },
  title: ['noticeDate'],
  columns: ['noticeDate', 'effectiveDate', 'propertyGroupId', 'increasePercent', 'increase_count', 'applied_count'],
  search: ['memo'],
  filters: ['propertyGroupId'],
  ordering: '-notice_date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  links: [{ label: 'Rent increases', href: '/app/rent-increases/' }],
  // Made whole in one step, its leases and dates fixed then (only its memo changes); its history says who made it and when.
  states: { field: 'status', initial: 'ISSUED', transitions: [] },
  lines: lines('Leases', {
    table: bulkRentIncreaseNoticeLeases,
    parentKey: 'noticeId',
    max: 1000,
    writableOn: 'create',
    fields: {
      leaseId: reference('Lease', 'leases'),
      residentNames: text('Tenants'),
      currentRent: money('Current rent'),
      lastIncreaseDate: date('Last increase'),
      eligibleFrom: date('May rise from'),
      maximumRent: money('Most allowed'),
    },
    picks: {
      key: 'leaseId',
      input: 'lease_ids',
      output: 'leases',
      none: 'Choose at least one lease.',
      read: ({ tx, companyId, ids }) => pickedLeases(tx as Executor, companyId, ids),
      describe: 'Raise the rent of {lease_label}',
      candidates: {
        path: 'eligible',
        by: 'propertyGroupId',
        label: 'Leases whose rent may rise within four months',
        none: 'No lease’s rent may rise within four months: a lease waits twelve months after its last increase or its move-in, and one with an increase under way is not offered.',
        load: ({ tx, companyId, by }) => bulkCandidates(tx as Executor, companyId, by),
      },
    },
  }),
  actions: {
    'email-to-residents': {
      label: 'E-mail the letters',
      from: ['ISSUED'],
      confirm: 'Each lease’s letter goes by e-mail to its tenants who have an e-mail address, again for those already sent.',
      done: 'Letters e-mailed to the tenants who have an e-mail address.',
      run: ({ tx, companyId, record }) => emailBulkNotice(tx as Executor, companyId, String(record.id)),
    },
  },
  documents: {
    'generate-pdf': {
      label: 'Letters (PDF)',
      contentType: 'application/pdf',
      make: async ({ tx, companyId, record }) => ({ filename: `notices-of-rent-increase-${String(record.noticeDate)}.pdf`, body: await noticesPdf(tx as Executor, companyId, { bulkNoticeId: String(record.id) }) }),
    },
  },
  rules: {
    validate: ({ tx, companyId, id, values, lines: picked }) => checkBulkNotice(tx as Executor, companyId, id, values, picked),
    async created({ tx, companyId, record, userId }) {
      // Each increase's history says who gave its notice: the API and the seed always say.
      if (!userId) throw new Error('A bulk rent increase notice is made by someone.')
      await issueBulkNotice(tx as Executor, companyId, userId, record)
    },
  },
  outputs: {
    summary: {
      schema: {
        increase_count: z.number().int().openapi({ description: 'How many rent increases it made' }),
        applied_count: z.number().int().openapi({ description: 'How many of them are applied to their rent schedules' }),
        emailed_on: z.string().nullable().openapi({ description: 'The day its letters were last e-mailed; null when never' }),
      },
      fields: { increase_count: number('Increases'), applied_count: number('Applied'), emailed_on: date('Letters e-mailed on') },
      load: ({ tx, companyId, records }) =>
        bulkNoticeSummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    title: 'Notices of rent increase of {notice_date}',
    saved: 'Rent increases made: {increase_count}.',
    sections: [
      { kind: 'fields', fields: ['noticeDate', 'effectiveDate', 'propertyGroupId', 'increasePercent', 'emailResidents', 'increase_count', 'applied_count', 'emailed_on', 'memo'] },
      { kind: 'related', related: { resource: 'rent-increases', field: 'bulkNoticeId', label: 'Rent increases' } },
      { kind: 'actions' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})
