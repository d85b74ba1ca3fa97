import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { vendors } from '~/db/schema'
import { expenseLabel } from '~/domain/payables/expenses'
import { lineErrors } from './bills.server'

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/**
 * An expense as it will be stored: paid from one bank account or one credit card; to a vendor on
 * file or a payee named; expensed to an expense or asset account, a unit's on its property (the
 * same rules as a bill's line); its tax less than what was paid; named for its date and payee.
 */
export async function checkExpense(tx: Executor, companyId: string, values: Row): Promise<Errors | undefined> {
  const errors: Errors = {}
  if (Boolean(values.bankAccountId) === Boolean(values.creditCardId)) {
    const message = 'Choose the bank account or the credit card it was paid from (one of them).'
    errors[values.creditCardId ? 'credit_card_id' : 'bank_account_id'] = [message]
  }
  let payee = String(values.payee ?? '').trim()
  if (values.vendorId) {
    const [vendor] = await tx
      .select({ name: vendors.name })
      .from(vendors)
      .where(and(eq(vendors.companyId, companyId), eq(vendors.id, String(values.vendorId))))
    payee ||= vendor?.name ?? ''
  }
  if (!payee) errors.payee = ['Name who was paid, or choose the vendor.']
  if (Number(values.taxAmount ?? 0) >= Number(values.amount)) errors.tax_amount = ['The GST/HST it included is part of what was paid: less than the amount.']
  // One line of a bill, as far as its account, unit and tax credit go.
  const line: Row = { accountId: values.accountId, rentalUnitId: values.rentalUnitId, propertyGroupId: values.propertyGroupId, taxAmount: values.taxAmount, inputTaxCredit: values.inputTaxCredit }
  for (const [key, messages] of Object.entries(await lineErrors(tx, companyId, [line], { document: 'an expense' }))) errors[key.replace('lines[0].', '')] = messages.map((m) => m.replace(/^Line 1: (.)/, (_, first: string) => first.toUpperCase()))
  values.inputTaxCredit = line.inputTaxCredit
  values.payee = payee || null
  values.label = expenseLabel(String(values.date), payee || 'no payee')
  return Object.keys(errors).length ? errors : undefined
}
