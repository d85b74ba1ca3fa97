import type { Choice, ValueOf } from '../reference-data'

/*
 * The chart of accounts: the five account types, their subtypes (which group the
 * statements), the roles the postings need (which account is "accounts receivable"),
 * and the chart a new company starts with. Pure data; the API and the seed use it.
 */

export const ACCOUNT_TYPES = [
  { value: 'ASSET', label: 'Asset' },
  { value: 'LIABILITY', label: 'Liability' },
  { value: 'EQUITY', label: 'Equity' },
  { value: 'INCOME', label: 'Income' },
  { value: 'EXPENSE', label: 'Expense' },
] as const satisfies readonly Choice[]
export type AccountType = ValueOf<typeof ACCOUNT_TYPES>

/** Assets and expenses grow with debits; the rest with credits. A line's amount is + for a debit. */
export const normalSign = (type: AccountType): 1 | -1 => (type === 'ASSET' || type === 'EXPENSE' ? 1 : -1)

/** Balance sheet accounts carry their balance forward; income and expense close into retained earnings each year. */
export const isBalanceSheet = (type: AccountType) => type === 'ASSET' || type === 'LIABILITY' || type === 'EQUITY'

export const ACCOUNT_SUBTYPES = [
  { value: 'BANK', label: 'Bank', type: 'ASSET' },
  { value: 'CASH', label: 'Cash on hand', type: 'ASSET' },
  { value: 'UNDEPOSITED_FUNDS', label: 'Undeposited funds', type: 'ASSET' },
  { value: 'ACCOUNTS_RECEIVABLE', label: 'Accounts receivable', type: 'ASSET' },
  { value: 'OTHER_CURRENT_ASSET', label: 'Other current asset', type: 'ASSET' },
  { value: 'FIXED_ASSET', label: 'Fixed asset', type: 'ASSET' },
  { value: 'OTHER_ASSET', label: 'Other asset', type: 'ASSET' },
  { value: 'ACCOUNTS_PAYABLE', label: 'Accounts payable', type: 'LIABILITY' },
  { value: 'CREDIT_CARD', label: 'Credit card', type: 'LIABILITY' },
  { value: 'SECURITY_DEPOSITS', label: 'Security deposits held', type: 'LIABILITY' },
  { value: 'PREPAID_RENT', label: 'Prepaid rent', type: 'LIABILITY' },
  { value: 'SALES_TAX', label: 'Sales tax payable', type: 'LIABILITY' },
  { value: 'OTHER_CURRENT_LIABILITY', label: 'Other current liability', type: 'LIABILITY' },
  { value: 'LONG_TERM_LIABILITY', label: 'Long-term liability', type: 'LIABILITY' },
  { value: 'OWNER_CONTRIBUTIONS', label: 'Owner contributions', type: 'EQUITY' },
  { value: 'OWNER_DISTRIBUTIONS', label: 'Owner distributions', type: 'EQUITY' },
  { value: 'RETAINED_EARNINGS', label: 'Retained earnings', type: 'EQUITY' },
  { value: 'OTHER_EQUITY', label: 'Other equity', type: 'EQUITY' },
  { value: 'RENT_INCOME', label: 'Rent income', type: 'INCOME' },
  { value: 'OTHER_INCOME', label: 'Other income', type: 'INCOME' },
  { value: 'NON_OPERATING_INCOME', label: 'Non-operating income', type: 'INCOME' },
  { value: 'OPERATING_EXPENSE', label: 'Operating expense', type: 'EXPENSE' },
  { value: 'NON_OPERATING_EXPENSE', label: 'Non-operating expense (interest, depreciation)', type: 'EXPENSE' },
] as const satisfies readonly (Choice & { type: AccountType })[]
export type AccountSubtype = ValueOf<typeof ACCOUNT_SUBTYPES>

export const subtypeOf = (value: string) => ACCOUNT_SUBTYPES.find((s) => s.value === value)

/** Subtypes whose lines are money moving in or out of the company's hands: the cash basis and the bank register read them. */
export const CASH_SUBTYPES: readonly AccountSubtype[] = ['BANK', 'CASH', 'UNDEPOSITED_FUNDS', 'CREDIT_CARD']

/** The roles postings look accounts up by (`POST accounting/default-gl-accounts/` says which account plays each). */
export const ACCOUNT_ROLES = [
  { value: 'OPERATING_BANK', label: 'Operating bank account', subtypes: ['BANK'] },
  { value: 'TRUST_BANK', label: 'Trust bank account', subtypes: ['BANK'] },
  { value: 'UNDEPOSITED_FUNDS', label: 'Undeposited funds', subtypes: ['UNDEPOSITED_FUNDS'] },
  { value: 'ACCOUNTS_RECEIVABLE', label: 'Accounts receivable', subtypes: ['ACCOUNTS_RECEIVABLE'] },
  { value: 'ACCOUNTS_PAYABLE', label: 'Accounts payable', subtypes: ['ACCOUNTS_PAYABLE'] },
  { value: 'SECURITY_DEPOSITS_HELD', label: 'Security deposits held', subtypes: ['SECURITY_DEPOSITS'] },
  { value: 'PREPAID_RENT', label: 'Prepaid rent', subtypes: ['PREPAID_RENT'] },
  { value: 'SALES_TAX_PAYABLE', label: 'Sales tax payable', subtypes: ['SALES_TAX'] },
  { value: 'OWNER_CONTRIBUTIONS', label: 'Owner contributions', subtypes: ['OWNER_CONTRIBUTIONS'] },
  { value: 'OWNER_DISTRIBUTIONS', label: 'Owner distributions', subtypes: ['OWNER_DISTRIBUTIONS'] },
  { value: 'RETAINED_EARNINGS', label: 'Retained earnings', subtypes: ['RETAINED_EARNINGS'] },
  { value: 'RENT_INCOME', label: 'Rent income', subtypes: ['RENT_INCOME'] },
  { value: 'LATE_FEE_INCOME', label: 'Late fee income', subtypes: ['OTHER_INCOME', 'RENT_INCOME'] },
  { value: 'MAINTENANCE_INCOME', label: 'Maintenance charged to residents', subtypes: ['OTHER_INCOME'] },
  { value: 'MANAGEMENT_FEE_EXPENSE', label: 'Management fee expense', subtypes: ['OPERATING_EXPENSE'] },
  { value: 'OPENING_BALANCE_EQUITY', label: 'Opening balance equity', subtypes: ['OTHER_EQUITY'] },
] as const satisfies readonly (Choice & { subtypes: readonly AccountSubtype[] })[]
export type AccountRole = ValueOf<typeof ACCOUNT_ROLES>

export const roleOf = (value: string) => ACCOUNT_ROLES.find((r) => r.value === value)

export type ChartAccount = {
  number: string
  name: string
  subtype: AccountSubtype
  role?: AccountRole
  subjectToManagementFee?: boolean
  description?: string
}

/** The chart a new company starts with: what a residential manager in Canada or the US needs on day one. */
export const DEFAULT_CHART: readonly ChartAccount[] = [
  { number: '1010', name: 'Operating Bank Account', subtype: 'BANK', role: 'OPERATING_BANK' },
  { number: '1020', name: 'Trust Bank Account', subtype: 'BANK', role: 'TRUST_BANK', description: 'Money held for owners and residents, kept apart from the company’s own.' },
  { number: '1050', name: 'Petty Cash', subtype: 'CASH' },
  { number: '1100', name: 'Undeposited Funds', subtype: 'UNDEPOSITED_FUNDS', role: 'UNDEPOSITED_FUNDS', description: 'Receipts taken in but not yet deposited at the bank.' },
  { number: '1200', name: 'Accounts Receivable', subtype: 'ACCOUNTS_RECEIVABLE', role: 'ACCOUNTS_RECEIVABLE' },
  { number: '1300', name: 'Prepaid Expenses', subtype: 'OTHER_CURRENT_ASSET' },
  { number: '1500', name: 'Buildings', subtype: 'FIXED_ASSET' },
  { number: '1510', name: 'Accumulated Depreciation', subtype: 'FIXED_ASSET' },
  { number: '2000', name: 'Accounts Payable', subtype: 'ACCOUNTS_PAYABLE', role: 'ACCOUNTS_PAYABLE' },
  { number: '2100', name: 'Security Deposits Held', subtype: 'SECURITY_DEPOSITS', role: 'SECURITY_DEPOSITS_HELD' },
  { number: '2200', name: 'Prepaid Rent', subtype: 'PREPAID_RENT', role: 'PREPAID_RENT', description: 'Rent received before it is due.' },
  { number: '2300', name: 'Sales Tax Payable (GST/HST)', subtype: 'SALES_TAX', role: 'SALES_TAX_PAYABLE' },
  { number: '2500', name: 'Mortgages Payable', subtype: 'LONG_TERM_LIABILITY' },
  { number: '3000', name: 'Owner Contributions', subtype: 'OWNER_CONTRIBUTIONS', role: 'OWNER_CONTRIBUTIONS' },
  { number: '3100', name: 'Owner Distributions', subtype: 'OWNER_DISTRIBUTIONS', role: 'OWNER_DISTRIBUTIONS' },
  { number: '3200', name: 'Opening Balance Equity', subtype: 'OTHER_EQUITY', role: 'OPENING_BALANCE_EQUITY' },
  { number: '3900', name: 'Retained Earnings', subtype: 'RETAINED_EARNINGS', role: 'RETAINED_EARNINGS' },
  { number: '4000', name: 'Rent Income', subtype: 'RENT_INCOME', role: 'RENT_INCOME', subjectToManagementFee: true },
  { number: '4100', name: 'Parking Income', subtype: 'OTHER_INCOME', subjectToManagementFee: true },
  { number: '4200', name: 'Late Fee Income', subtype: 'OTHER_INCOME', role: 'LATE_FEE_INCOME' },
  { number: '4300', name: 'Laundry and Vending Income', subtype: 'OTHER_INCOME', subjectToManagementFee: true },
  { number: '4400', name: 'Storage Income', subtype: 'OTHER_INCOME', subjectToManagementFee: true },
  { number: '4500', name: 'Maintenance Charged to Residents', subtype: 'OTHER_INCOME', role: 'MAINTENANCE_INCOME', description: 'Repairs and other work billed to residents from work orders.' },
  { number: '4900', name: 'Interest Income', subtype: 'NON_OPERATING_INCOME' },
  { number: '5000', name: 'Repairs and Maintenance', subtype: 'OPERATING_EXPENSE' },
  { number: '5100', name: 'Utilities', subtype: 'OPERATING_EXPENSE' },
  { number: '5200', name: 'Property Taxes', subtype: 'OPERATING_EXPENSE' },
  { number: '5300', name: 'Insurance', subtype: 'OPERATING_EXPENSE' },
  { number: '5400', name: 'Management Fees', subtype: 'OPERATING_EXPENSE', role: 'MANAGEMENT_FEE_EXPENSE' },
  { number: '5500', name: 'Landscaping and Snow Removal', subtype: 'OPERATING_EXPENSE' },
  { number: '5600', name: 'Cleaning and Janitorial', subtype: 'OPERATING_EXPENSE' },
  { number: '5700', name: 'Advertising', subtype: 'OPERATING_EXPENSE' },
  { number: '5800', name: 'Legal and Professional Fees', subtype: 'OPERATING_EXPENSE' },
  { number: '5900', name: 'Bank Charges', subtype: 'OPERATING_EXPENSE' },
  { number: '6000', name: 'Mortgage Interest', subtype: 'NON_OPERATING_EXPENSE' },
  { number: '6100', name: 'Depreciation', subtype: 'NON_OPERATING_EXPENSE' },
]
