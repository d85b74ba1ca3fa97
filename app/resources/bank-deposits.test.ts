import { describe, expect, it } from 'vitest'
import { depositPosting } from './bank-deposits'

const context = {
  companyId: 'company',
  roles: { UNDEPOSITED_FUNDS: 'undeposited' },
  references: { bankAccountId: { id: 'bank', name: 'Operating at Maple Bank', glAccountId: 'bank-gl' } },
}
const receipt = (amount: number, propertyGroupId: string | null) => ({ journalLineId: `line-${amount}`, amount, propertyGroupId })

describe('a bank deposit posts', () => {
  it('Dr the bank’s GL account and Cr undeposited funds, per property, for its receipts’ total', () => {
    const draft = depositPosting({ id: 'deposit', date: '2026-03-05', memo: null, lines: [receipt(120000, 'elm'), receipt(95050, 'elm'), receipt(7500, null)] }, context)
    expect(draft).toEqual({
      date: '2026-03-05',
      memo: 'Deposit to Operating at Maple Bank',
      basis: 'BOTH',
      source: { type: 'BANK_DEPOSIT', id: 'deposit', purpose: 'DEPOSIT' },
      lines: [
        { accountId: 'bank-gl', amount: 215050, propertyGroupId: 'elm' },
        { accountId: 'undeposited', amount: -215050, propertyGroupId: 'elm' },
        { accountId: 'bank-gl', amount: 7500, propertyGroupId: null },
        { accountId: 'undeposited', amount: -7500, propertyGroupId: null },
      ],
    })
  })

  it('under its own memo when it has one', () => {
    expect(depositPosting({ id: 'deposit', date: '2026-03-05', memo: 'Branch slip 0412', lines: [receipt(100, null)] }, context)?.memo).toBe('Branch slip 0412')
  })
})
