import { describe, expect, it } from 'vitest'
import { expenseDraft } from './expenses'

const expense = { id: 'e1', date: '2026-11-20', label: 'Expense of 2026-11-20 · Home Depot', status: 'POSTED', amount: 11_300, taxAmount: 1_300, inputTaxCredit: 1_300, accountId: 'repairs', paidFromAccountId: 'card', propertyGroupId: 'p1', vendorId: null }

describe('what an expense paid on the spot posts', () => {
  it('debits the expense net of its GST/HST and the tax as a credit, and credits what it was paid from', () => {
    const draft = expenseDraft(expense, 'tax')!
    expect(draft.source).toEqual({ type: 'EXPENSE', id: 'e1', purpose: 'EXPENSE' })
    expect(draft.lines.map((l) => [l.accountId, l.amount, l.propertyGroupId])).toEqual([
      ['repairs', 10_000, 'p1'],
      ['tax', 1_300, 'p1'],
      ['card', -11_300, 'p1'],
    ])
  })
  it('has no tax line without a credit claimed (the tax is then a cost), and posts nothing once void', () => {
    expect(expenseDraft({ ...expense, taxAmount: 0, inputTaxCredit: 0 }, 'tax')!.lines.map((l) => l.amount)).toEqual([11_300, -11_300])
    expect(expenseDraft({ ...expense, inputTaxCredit: 0 }, 'tax')!.lines.map((l) => l.amount)).toEqual([11_300, -11_300])
    expect(expenseDraft({ ...expense, inputTaxCredit: 650 }, 'tax')!.lines.map((l) => [l.accountId, l.amount])).toEqual([['repairs', 10_650], ['tax', 650], ['card', -11_300]])
    expect(expenseDraft({ ...expense, status: 'VOID' }, 'tax')).toBeNull()
  })
})
