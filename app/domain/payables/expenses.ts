import type { DraftLine, JournalDraft } from '../ledger/entries'

/*
 * An expense paid on the spot, as pure rules: what it posts and its name. Amounts are cents.
 */

export const EXPENSE_SOURCE = 'EXPENSE'

export type ExpenseDocument = {
  id: string
  date: string
  label: string
  status: string
  amount: number
  taxAmount: number
  /** The part of the tax claimed back; the rest is a cost of the expense account. */
  inputTaxCredit: number
  accountId: string
  /** The GL account of the bank account or credit card it was paid from. */
  paidFromAccountId: string
  propertyGroupId: string
  rentalUnitId?: string | null
  vendorId?: string | null
  memo?: string | null
}

/**
 * Dr the expense for what was paid less the tax claimed back, Dr sales tax payable for that tax (an
 * input tax credit, set against the tax collected), Cr the account it was paid from; all for its
 * property and vendor; nothing once void.
 */
export function expenseDraft(expense: ExpenseDocument, salesTaxAccountId: string): JournalDraft | null {
  if (expense.status === 'VOID') return null
  const where = { propertyGroupId: expense.propertyGroupId, vendorId: expense.vendorId ?? null }
  const lines: DraftLine[] = [{ accountId: expense.accountId, amount: expense.amount - expense.inputTaxCredit, memo: expense.memo ?? null, rentalUnitId: expense.rentalUnitId ?? null, ...where }]
  if (expense.inputTaxCredit > 0) lines.push({ accountId: salesTaxAccountId, amount: expense.inputTaxCredit, memo: `Input tax credit · ${expense.label}`, ...where })
  lines.push({ accountId: expense.paidFromAccountId, amount: -expense.amount, ...where })
  return { date: expense.date, memo: expense.label, basis: 'BOTH', source: { type: EXPENSE_SOURCE, id: expense.id, purpose: 'EXPENSE' }, lines }
}

/** "Expense of 2026-11-20 · Home Depot". */
export const expenseLabel = (date: string, payee: string) => `Expense of ${date} · ${payee}`
