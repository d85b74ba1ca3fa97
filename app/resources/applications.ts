import { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { rentalApplicants, rentalApplicationForms, rentalApplicationQuestions, rentalApplicationSubmissions } from '~/db/schema'
import { APPLICANT_ROLES, MAX_OTHER_APPLICANTS, QUESTION_KINDS, SUBMISSION_SOURCES, SUBMISSION_STATUSES } from '~/domain/leasing/applications'
import { conflict } from '~/domain/errors'
import { addApplicant, approveApplication, checkForm, checkSubmission, declineApplication, submissionDetails } from '~/leasing/applications.server'
import { defineResource } from './engine/define'
import { boolean, date, email, lines, longText, money, number, phone, reference, select, text } from './engine/fields'

const OTHER_APPLICANT_ROLES = APPLICANT_ROLES.filter((r) => r.value !== 'APPLICANT')

/*
 * Rental application forms (issue 17 item 2): what a company asks applicants, its questions in
 * sections as the form's lines, at a public address a listing links to. The rules are the services
 * of ~/leasing/applications.server.
 */
export const applicationFormsResource = defineResource({
  name: 'rental-application-forms',
  singular: 'Application Form',
  plural: 'Application Forms',
  description: 'What you ask people applying for a home: questions in sections (answers, choices, dates, amounts, files, yes or no), at a public address your listings link to.',
  group: 'Leasing',
  permission: 'leasing',
  table: rentalApplicationForms,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    slug: text('Public address', { max: 80, help: 'The end of /apply/…/; empty: made from your company’s and the form’s names' }),
    introduction: longText('Introduction', { max: 5000, help: 'What applicants read first: what to have at hand, how long it takes' }),
    applicationFee: money('Application fee', { help: 'What the form says is paid (nothing is charged online)' }),
    asksCreditCheckConsent: boolean('Asks consent to a credit check'),
    isActive: boolean('Taking applications'),
  },
  title: ['name'],
  label: 'name',
  columns: ['name', 'slug', 'isActive'],
  search: ['name', 'slug'],
  filters: ['isActive'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  links: [
    { label: 'Every question', href: '/app/rental-application-questions/' },
    { label: 'Applications', href: '/app/rental-applications/' },
  ],
  lines: lines('Questions', {
    table: rentalApplicationQuestions,
    parentKey: 'formId',
    min: 1,
    max: 100,
    fields: {
      section: text('Section', { required: true, max: 120, help: 'About you, Where you live now, Income…' }),
      label: text('Question', { required: true, max: 300 }),
      kind: select('Answer', QUESTION_KINDS, { required: true }),
      required: boolean('Required'),
      choices: longText('Choices', { max: 2000, help: 'For a choice question: one a line' }),
      help: text('Help', { max: 300 }),
    },
  }),
  rules: {
    validate: ({ tx, companyId, id, values, lines: given }) => checkForm(tx as Executor, companyId, id, values, given),
  },
  page: {
    links: [{ label: 'Open the public form', href: '/apply/{slug}/' }],
    sections: [
      { kind: 'fields', fields: ['name', 'slug', 'introduction', 'applicationFee', 'asksCreditCheckConsent', 'isActive'] },
      { kind: 'lines' },
      { kind: 'related', related: { resource: 'rental-unit-listings', field: 'applicationFormId', label: 'Listings it is for' } },
      { kind: 'related', related: { resource: 'rental-applications', field: 'formId', label: 'Applications' } },
      { kind: 'notes' },
    ],
  },
})

/**
 * Rental applications (issue 17 items 3–4; the API's rental-application-submissions): who applied
 * for which home on which form, with their answers and files. Submitted on the public form (or
 * entered by staff), then approved (a draft lease of the unit with the applicants on it as future
 * residents) or declined with a reason e-mailed to them. Its people are its lines, each a resident
 * of type Applicant in a role.
 */
export const submissionsResource = defineResource({
  name: 'rental-applications',
  apiPath: 'rental-application-submissions',
  singular: 'Rental Application',
  plural: 'Rental Applications',
  description: 'Applications to rent: who applied, for which home, with their answers and files. Approve one to draft its lease, or decline it with a reason the applicants are e-mailed.',
  group: 'Leasing',
  permission: 'leasing',
  table: rentalApplicationSubmissions,
  fields: {
    label: text('Name', { readOnly: true }),
    formId: reference('Application form', 'rental-application-forms', { required: true }),
    listingId: reference('Listing', 'rental-unit-listings', { help: 'The home applied for' }),
    rentalUnitId: reference('Unit', 'rental-units', { help: 'The listing’s when it has one' }),
    desiredMoveInDate: date('Move-in wanted'),
    creditCheckConsent: boolean('Consented to a credit check'),
    status: select('Status', SUBMISSION_STATUSES, { readOnly: true }),
    source: select('Sent', SUBMISSION_SOURCES, { readOnly: true }),
    ipAddress: text('Sent from (IP address)', { readOnly: true }),
    decidedOn: date('Decided on', { readOnly: true }),
    declineReason: longText('Reason declined', { readOnly: true }),
    leaseId: reference('Lease', 'leases', { readOnly: true, help: 'The draft lease its approval made' }),
  },
  title: ['label'],
  label: 'label',
  columns: ['label', 'listingId', 'desiredMoveInDate', 'source', 'status'],
  search: ['label'],
  filters: ['status', 'listingId', 'rentalUnitId', 'formId'],
  lineFilters: ['residentId'],
  ordering: '-created_at',
  methods: ['list', 'create', 'get', 'update'],
  states: {
    field: 'status',
    initial: 'SUBMITTED',
    transitions: [
      ['SUBMITTED', 'APPROVED'],
      ['SUBMITTED', 'DECLINED'],
    ],
  },
  lines: lines('Applicants', {
    table: rentalApplicants,
    parentKey: 'submissionId',
    min: 1,
    max: 1 + MAX_OTHER_APPLICANTS,
    fields: {
      residentId: reference('Person', 'residents', { required: true }),
      role: select('Role', APPLICANT_ROLES, { required: true }),
      monthlyIncome: money('Monthly income', { help: 'Before tax' }),
      employer: text('Employer', { max: 200 }),
    },
  }),
  actions: {
    'add-applicant': {
      label: 'Add applicant',
      from: ['SUBMITTED'],
      input: {
        role: select('Role', OTHER_APPLICANT_ROLES, { required: true }),
        firstName: text('First name', { required: true, max: 100 }),
        lastName: text('Last name', { required: true, max: 100 }),
        email: email('E-mail', { help: 'Someone already known by this e-mail is the same person' }),
        phone: phone('Phone'),
        monthlyIncome: money('Monthly income', { help: 'Before tax' }),
        employer: text('Employer', { max: 200 }),
      },
      done: 'Applicant added.',
      run: ({ tx, companyId, record, input }) => addApplicant(tx as Executor, companyId, record, input),
    },
    approve: {
      label: 'Approve',
      from: ['SUBMITTED'],
      to: 'APPROVED',
      input: {
        startDate: date('Lease starts', { help: 'Empty: the move-in wanted, else the day the listing is available' }),
        endDate: date('Lease ends', { notBefore: 'startDate', help: 'Empty: a year’s term' }),
        rent: money('Rent', { help: 'Empty: the listing’s' }),
      },
      confirm: 'Approving drafts a lease of the unit with the applicants on it, and makes them future residents. Review the lease, then send it to sign or activate it.',
      done: 'Application approved: its draft lease is linked on this page.',
      run: ({ tx, companyId, userId, record, input }) => approveApplication(tx as Executor, companyId, userId, record, input),
    },
    decline: {
      label: 'Decline',
      from: ['SUBMITTED'],
      to: 'DECLINED',
      input: { reason: longText('Reason', { required: true, max: 2000, help: 'E-mailed to the applicants as you write it: say it plainly and lawfully (never a ground the Human Rights Code protects)' }) },
      confirm: 'Declining e-mails the applicants the reason you give. It cannot be undone.',
      done: 'Application declined: the applicants are e-mailed the reason.',
      run: ({ tx, companyId, record, input, afterCommit }) => declineApplication(tx as Executor, companyId, record, String(input.reason), afterCommit),
    },
  },
  rules: {
    async validate({ tx, companyId, id, values, lines: given }) {
      if (id) {
        const [current] = await (tx as Executor).select({ status: rentalApplicationSubmissions.status }).from(rentalApplicationSubmissions).where(and(eq(rentalApplicationSubmissions.companyId, companyId), eq(rentalApplicationSubmissions.id, id)))
        if (current && current.status !== 'SUBMITTED') throw conflict('A decided application cannot change.')
      }
      return checkSubmission(tx as Executor, companyId, values, given)
    },
  },
  outputs: {
    detail: {
      schema: {
        answers: z
          .array(z.object({ question_id: z.string(), section: z.string(), question: z.string(), kind: z.string(), answer: z.string().nullable(), answer_text: z.string(), document_id: z.uuid().nullable(), file_url: z.string().nullable() }))
          .openapi({ description: 'The answers as the questions were asked, in order; a file question’s answer is its file’s name, with its document' }),
        submitted: z.string().openapi({ description: 'When it was sent, on the company’s clock' }),
      },
      fields: { submitted: text('Sent on') },
      load: ({ tx, companyId, stored }) => submissionDetails(tx as Executor, companyId, stored),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['status', 'formId', 'listingId', 'rentalUnitId', 'desiredMoveInDate', 'creditCheckConsent', 'submitted', 'source', 'ipAddress', 'leaseId', 'decidedOn', 'declineReason'] },
      { kind: 'lines' },
      { kind: 'actions' },
      {
        kind: 'table',
        label: 'Answers',
        items: 'answers',
        columns: [
          { key: 'section', label: 'Section' },
          { key: 'question', label: 'Question' },
          { key: 'answer_text', label: 'Answer' },
          { key: 'file_url', label: 'File', text: 'Open', href: '{file_url}', optional: true },
        ],
        empty: 'No answers: it was entered by staff.',
      },
      { kind: 'attachments' },
      { kind: 'history' },
      { kind: 'notes' },
    ],
  },
})

/** A form's questions, each in its form's order (SPEC.md §7 GET rental-application-questions/): read here, written as the form's lines. */
export const applicationQuestionsResource = defineResource({
  name: 'rental-application-questions',
  singular: 'Application Question',
  plural: 'Application Questions',
  description: 'The questions of your application forms, in order: change them on their form.',
  group: 'Leasing',
  permission: 'leasing',
  table: rentalApplicationQuestions,
  palette: false,
  attachments: false,
  fields: {
    formId: reference('Form', 'rental-application-forms', { readOnly: true }),
    position: number('Order', { readOnly: true }),
    section: text('Section', { readOnly: true }),
    label: text('Question', { readOnly: true }),
    kind: select('Answer', QUESTION_KINDS, { readOnly: true }),
    required: boolean('Required', { readOnly: true }),
    choices: longText('Choices', { readOnly: true }),
    help: text('Help', { readOnly: true }),
  },
  title: ['label'],
  columns: ['formId', 'position', 'section', 'label', 'kind', 'required'],
  search: ['label', 'section'],
  filters: ['formId', 'kind'],
  ordering: 'position',
  methods: ['list', 'get'],
})
