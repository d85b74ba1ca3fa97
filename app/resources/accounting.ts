import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { accounts, bankAccounts, creditCards, markupTypes } from '~/db/schema'
import { ACCOUNT_SUBTYPES, ACCOUNT_TYPES, subtypeOf } from '~/domain/ledger/chart'
import { BANKING_TABS } from '~/domain/navigation'
import { glAccountErrors } from '~/ledger/chart.server'
import { defineResource } from './engine/define'
import { boolean, longText, money, number, percent, reference, secret, select, text } from './engine/fields'

/*
 * The accounting area's resources that are plain records: the chart of
 * accounts, bank accounts and credit cards. Journal entries, deposits and
 * reconciliations post to the ledger and have their own API (app/api/accounting/).
 */

export const BANK_ACCOUNT_TYPES = [
  { value: 'OPERATING', label: 'Operating' },
  { value: 'TRUST', label: 'Trust (held for owners and residents)' },
] as const

/** The account a GL reference names must be of one of these subtypes (a bank account's GL account is a BANK account …). */
/** A single GL account field of one of these subtypes (glAccountErrors for one). */
const glAccountError = (tx: Executor, companyId: string, accountId: unknown, subtypes: readonly string[], field: string) => glAccountErrors(tx, companyId, [accountId], subtypes, () => field)

export const accountsResource = defineResource({
  name: 'accounts',
  section: 'accounting',
  apiPath: 'accounting/accounts',
  singular: 'Account',
  plural: 'Accounts',
  description: 'The chart of accounts every posting lands in. An account with history is deactivated, never deleted.',
  group: 'Accounting',
  permission: 'accounting',
  table: accounts,
  fields: {
    number: text('Number', { required: true, max: 20, help: 'Unique, e.g. 1010; statements list accounts by number' }),
    name: text('Name', { required: true, max: 120 }),
    accountType: select('Type', ACCOUNT_TYPES, { required: true }),
    subtype: select('Subtype', ACCOUNT_SUBTYPES, { required: true, help: 'Groups the account on the statements; it must belong to the type' }),
    parentAccountId: reference('Parent account', 'accounts', { help: 'Shows this account as a sub-account on the statements' }),
    subjectToManagementFee: boolean('Counts toward the management fee', { help: 'Receipts into this income account are part of the income a percentage fee is charged on' }),
    description: longText('Description'),
  },
  title: ['number', 'name'],
  columns: ['number', 'name', 'accountType', 'subtype', 'parentAccountId'],
  search: ['number', 'name', 'description'],
  filters: ['accountType', 'subtype'],
  ordering: 'number',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  // Markups are booked to income accounts, and set up beside the chart.
  links: [{ label: 'Markup Types', href: '/app/accounting/markup-types/' }],
  related: [{ resource: 'accounts', field: 'parentAccountId', label: 'Sub-accounts' }],
  rules: {
    async validate({ values, id, companyId, tx }) {
      const errors: Record<string, string[]> = {}
      const subtype = subtypeOf(String(values.subtype ?? ''))
      if (subtype && values.accountType && subtype.type !== values.accountType) errors.subtype = [`${subtype.label} is a subtype of ${subtype.type.toLowerCase()} accounts; choose one for ${String(values.accountType).toLowerCase()} accounts.`]
      const parentId = values.parentAccountId
      if (typeof parentId === 'string') {
        if (parentId === id) errors.parent_account_id = ['An account cannot be its own parent.']
        else {
          const [parent] = await (tx as Executor).select({ accountType: accounts.accountType }).from(accounts).where(and(eq(accounts.companyId, companyId), eq(accounts.id, parentId)))
          if (parent && parent.accountType !== values.accountType) errors.parent_account_id = ['A parent account must be of the same type.']
        }
      }
      return errors
    },
  },
})

export const bankAccountsResource = defineResource({
  name: 'bank-accounts',
  section: 'accounting',
  singular: 'Bank Account',
  plural: 'Bank Accounts',
  description: 'Operating and trust accounts at the bank, each tied to its account in the chart.',
  group: 'Accounting',
  tabs: BANKING_TABS,
  permission: 'accounting',
  table: bankAccounts,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    bankAccountType: select('Kind', BANK_ACCOUNT_TYPES, { required: true }),
    glAccountId: reference('GL account', 'accounts', { required: true, help: 'A bank account in the chart of accounts; its register and reconciliations read it' }),
    propertyGroupId: reference('Property', 'property-groups', { help: 'For a trust account kept for one property' }),
    institutionName: text('Bank', { max: 120 }),
    institutionNumber: text('Institution number', { max: 3, help: 'Canada: 3 digits' }),
    transitNumber: text('Transit or routing number', { max: 9, help: 'Canada: 5-digit transit; US: 9-digit ABA routing number' }),
    accountNumber: secret('Account number', { help: 'Stored encrypted; only the last four digits are ever shown.' }),
    description: longText('Description'),
    eftOriginatorId: text('EFT originator ID', { max: 10, help: 'The 10-character ID your bank assigned for paying vendors by EFT (CPA-005 files)' }),
    eftDataCentre: text('EFT data centre', { max: 5, help: 'The bank’s data centre the files go to: 5 digits, from your bank' }),
    eftShortName: text('Name on payees’ statements', { max: 15, help: 'Up to 15 characters; the company’s name when empty' }),
    eftFileNumber: number('Last EFT file', { readOnly: true, help: 'The number of the last EFT file made from this account; each file takes the next' }),
  },
  title: ['name'],
  columns: ['name', 'bankAccountType', 'glAccountId', 'institutionName', 'accountNumber'],
  search: ['name', 'institutionName'],
  filters: ['bankAccountType', 'propertyGroupId'],
  links: [
    { label: 'Deposits', href: '/app/accounting/bank-deposits/' },
    { label: 'Register', href: '/app/accounting/transactions/' },
    { label: 'Reconciliations', href: '/app/accounting/bank-reconciliations/' },
    // Cards are paid from these accounts, and people look for them beside them.
    { label: 'Credit Cards', href: '/app/accounting/credit-cards/' },
  ],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  rules: {
    async validate({ values, companyId, tx }) {
      const errors: Record<string, string[]> = {}
      if (typeof values.institutionNumber === 'string' && values.institutionNumber && !/^\d{3}$/.test(values.institutionNumber)) errors.institution_number = ['Institution number must be 3 digits.']
      if (typeof values.transitNumber === 'string' && values.transitNumber && !/^(\d{5}|\d{9})$/.test(values.transitNumber)) errors.transit_number = ['Transit number must be 5 digits (Canada) or a 9-digit routing number (US).']
      if (typeof values.eftOriginatorId === 'string' && values.eftOriginatorId && !/^[A-Za-z0-9]{1,10}$/.test(values.eftOriginatorId)) errors.eft_originator_id = ['EFT originator ID: letters and digits, at most 10.']
      if (typeof values.eftDataCentre === 'string' && values.eftDataCentre && !/^\d{5}$/.test(values.eftDataCentre)) errors.eft_data_centre = ['EFT data centre must be 5 digits.']
      return { ...errors, ...(await glAccountError(tx as Executor, companyId, values.glAccountId, ['BANK'], 'gl_account_id')) }
    },
  },
})

export const creditCardsResource = defineResource({
  name: 'credit-cards',
  section: 'accounting',
  singular: 'Credit Card',
  plural: 'Credit Cards',
  description: 'Company credit cards, each tied to its liability account in the chart.',
  group: 'Accounting',
  permission: 'accounting',
  table: creditCards,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    glAccountId: reference('GL account', 'accounts', { required: true, help: 'A credit card account in the chart of accounts' }),
    issuer: text('Issuer', { max: 120 }),
    lastFour: text('Last four digits', { max: 4 }),
    creditLimit: money('Credit limit'),
    description: longText('Description'),
  },
  title: ['name'],
  columns: ['name', 'issuer', 'lastFour', 'glAccountId', 'creditLimit'],
  search: ['name', 'issuer'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  rules: {
    async validate({ values, companyId, tx }) {
      const errors: Record<string, string[]> = {}
      if (typeof values.lastFour === 'string' && values.lastFour && !/^\d{4}$/.test(values.lastFour)) errors.last_four = ['Last four digits must be 4 digits.']
      return { ...errors, ...(await glAccountError(tx as Executor, companyId, values.glAccountId, ['CREDIT_CARD'], 'gl_account_id')) }
    },
  },
})

export const MARKUP_KINDS = [
  { value: 'PERCENT', label: 'Percent of the cost' },
  { value: 'FLAT', label: 'Flat amount' },
] as const

const INCOME_SUBTYPES = ACCOUNT_SUBTYPES.filter((s) => s.type === 'INCOME').map((s) => s.value)

export const markupTypesResource = defineResource({
  name: 'markup-types',
  section: 'accounting',
  apiPath: 'accounting/markup-types',
  singular: 'Markup Type',
  plural: 'Markup Types',
  description: 'What you add when you pass a cost on to an owner or a resident: a percentage of the cost or a flat amount, booked to an income account.',
  group: 'Accounting',
  permission: 'accounting',
  table: markupTypes,
  fields: {
    name: text('Name', { required: true, max: 120, help: 'e.g. Standard 10% or After-hours call-out' }),
    markupKind: select('Markup', MARKUP_KINDS, { required: true }),
    percentage: percent('Percent', { help: 'Of the cost passed on, e.g. 10.00' }),
    flatAmount: money('Flat amount', { help: 'Added to each cost passed on' }),
    incomeAccountId: reference('Income account', 'accounts', { help: 'Where the markup is booked; an income account', narrowedBy: { account_type: 'INCOME' } }),
    description: longText('Description'),
  },
  title: ['name'],
  columns: ['name', 'markupKind', 'percentage', 'flatAmount', 'incomeAccountId'],
  search: ['name', 'description'],
  filters: ['markupKind'],
  ordering: 'name',
  // SPEC.md §7: create, list, read and change; a markup type in use stays.
  methods: ['list', 'create', 'get', 'update'],
  rules: {
    async validate({ values, companyId, tx }) {
      const errors: Record<string, string[]> = {}
      if (values.markupKind === 'PERCENT' && values.percentage == null) errors.percentage = ['Percent is required for a percentage markup.']
      if (values.markupKind === 'FLAT' && values.flatAmount == null) errors.flat_amount = ['Flat amount is required for a flat markup.']
      // One of the two applies: the other, typed before the kind was chosen, is not kept to be mistaken for it.
      if (values.markupKind === 'FLAT') values.percentage = null
      if (values.markupKind === 'PERCENT') values.flatAmount = null
      return { ...errors, ...(await glAccountError(tx as Executor, companyId, values.incomeAccountId, INCOME_SUBTYPES, 'income_account_id')) }
    },
  },
})
