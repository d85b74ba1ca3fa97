import type { Executor } from '~/db/client.server'
import { rentalApplicationForms, rentalApplicationQuestions } from '~/db/schema'
import { QUESTION_KINDS } from '~/domain/leasing/applications'
import { checkForm } from '~/leasing/applications.server'
import { defineResource } from './engine/define'
import { boolean, lines, longText, money, select, text } from './engine/fields'

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
    sections: [{ kind: 'fields', fields: ['name', 'slug', 'introduction', 'applicationFee', 'asksCreditCheckConsent', 'isActive'] }, { kind: 'lines' }, { kind: 'notes' }],
  },
})
