import { describe, expect, it } from 'vitest'
import { checkDraft, datesToPost, debitCreditOf, depositDraft, dueDates, isIsoDate, linesFromInput, manualDraft, nthDate, recurringDraft, reversalDraft } from './entries'

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'

describe('checkDraft', () => {
  it('accepts two or more lines summing to zero', () => {
    expect(checkDraft({ date: '2026-05-01', lines: [{ accountId: A, amount: 125050 }, { accountId: B, amount: -125050 }] })).toEqual({})
  })
  it('names what is wrong', () => {
    expect(checkDraft({ date: '2026-05-01', lines: [{ accountId: A, amount: 100 }] }).lines[0]).toMatch(/at least two lines/)
    expect(checkDraft({ date: '2026-05-01', lines: [{ accountId: A, amount: 100 }, { accountId: B, amount: -99 }] }).lines[0]).toBe('Debits (1.00) and credits (0.99) must be equal; they differ by 0.01.')
    expect(checkDraft({ date: '2026-05-01', lines: [{ accountId: A, amount: 0 }, { accountId: B, amount: 0 }] })['lines[0].amount'][0]).toMatch(/other than zero/)
    expect(checkDraft({ date: '2026-05-01', lines: [{ accountId: A, amount: 1.5 }, { accountId: B, amount: -1.5 }] })['lines[1].amount']).toBeDefined()
    expect(checkDraft({ date: '2026-13-01', lines: [{ accountId: A, amount: 1 }, { accountId: B, amount: -1 }] }).date).toBeDefined()
  })
  it('adds beyond what a float can hold exactly', () => {
    const big = Number.MAX_SAFE_INTEGER
    expect(checkDraft({ date: '2026-05-01', lines: [{ accountId: A, amount: big }, { accountId: A, amount: big }, { accountId: B, amount: -big }, { accountId: B, amount: -big }] })).toEqual({})
  })
})

describe('linesFromInput', () => {
  it('turns debit and credit columns into signed cents', () => {
    const { lines, errors } = linesFromInput([
      { accountId: A, debit: '1250.50', propertyGroupId: B },
      { accountId: B, credit: '1250.5' },
    ])
    expect(errors).toEqual({})
    expect(linesFromInput([{ accountId: A, debit: '1,250.50' }]).errors).toEqual({ 'lines[0].debit': ['Line 1: debit must be an amount such as 1250.00.'] })
    expect(lines.map((l) => [l.amount, l.propertyGroupId])).toEqual([
      [125050, B],
      [-125050, null],
    ])
  })
  it('refuses both, neither, negatives and non-amounts, naming the line', () => {
    const { errors } = linesFromInput([
      { accountId: A, debit: '1', credit: '1' },
      { accountId: A },
      { accountId: A, debit: '-5' },
      { accountId: A, credit: 'ten' },
    ])
    expect(Object.keys(errors)).toEqual(['lines[0].amount', 'lines[1].amount', 'lines[2].amount', 'lines[3].credit'])
  })
  it('round-trips through debitCreditOf', () => {
    expect(debitCreditOf(500)).toEqual({ debit: '5.00', credit: null })
    expect(debitCreditOf(-500)).toEqual({ debit: null, credit: '5.00' })
  })
})

describe('builders', () => {
  const entry = { id: 'e1', number: 7, date: '2026-02-10', memo: 'Rent', basis: 'BOTH' as const, sourceType: 'JOURNAL_ENTRY' as const, sourceId: 'chain' }
  it('a reversal negates every line and keeps the dimensions', () => {
    const draft = reversalDraft(entry, [{ accountId: A, amount: 300, propertyGroupId: 'p' }, { accountId: B, amount: -300 }], '2026-02-11')
    expect(draft.lines).toEqual([{ accountId: A, amount: -300, propertyGroupId: 'p' }, { accountId: B, amount: 300 }])
    expect(draft).toMatchObject({ date: '2026-02-11', reversesEntryId: 'e1', memo: 'Reversal of entry #7: Rent', source: { type: 'JOURNAL_ENTRY', id: 'chain', purpose: 'REVERSAL:e1' } })
  })
  it('a replacement shares the chain and names what it replaces', () => {
    expect(manualDraft({ chainId: 'chain', date: '2026-02-12', lines: [], replaces: { id: 'e1' } }).source).toEqual({ type: 'JOURNAL_ENTRY', id: 'chain', purpose: 'REPLACEMENT:e1' })
    expect(manualDraft({ chainId: 'chain', date: '2026-02-12', lines: [] }).source.purpose).toBe('ORIGINAL')
  })
  it('a deposit moves each property’s receipts from undeposited funds to the bank', () => {
    const draft = depositDraft({ depositId: 'd', date: '2026-03-02', bankGlAccountId: 'bank', undepositedFundsAccountId: 'uf', items: [{ amount: 100, propertyGroupId: 'p1' }, { amount: 50, propertyGroupId: 'p2' }, { amount: 25, propertyGroupId: 'p1' }] })
    expect(draft.lines).toEqual([
      { accountId: 'bank', amount: 125, propertyGroupId: 'p1' },
      { accountId: 'uf', amount: -125, propertyGroupId: 'p1' },
      { accountId: 'bank', amount: 50, propertyGroupId: 'p2' },
      { accountId: 'uf', amount: -50, propertyGroupId: 'p2' },
    ])
    expect(checkDraft(draft)).toEqual({})
  })
})

describe('schedules', () => {
  it('keeps month ends and leap days', () => {
    expect([0, 1, 2, 3].map((n) => nthDate('2028-01-31', 'MONTHLY', n))).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'])
    expect(nthDate('2026-11-30', 'QUARTERLY', 1)).toBe('2027-02-28')
    expect(nthDate('2024-02-29', 'YEARLY', 1)).toBe('2025-02-28')
    expect(nthDate('2026-12-28', 'WEEKLY', 1)).toBe('2027-01-04')
  })
  it('lists the due dates up to a day and the end date', () => {
    expect(dueDates({ startDate: '2026-01-15', frequency: 'MONTHLY' }, '2026-04-14')).toEqual(['2026-01-15', '2026-02-15', '2026-03-15'])
    expect(dueDates({ startDate: '2026-01-15', endDate: '2026-02-20', frequency: 'MONTHLY' }, '2026-12-31')).toEqual(['2026-01-15', '2026-02-15'])
    // What earlier dates posted counts for the period it falls in; a period that failed is still open.
    expect(datesToPost({ startDate: '2026-01-15', frequency: 'MONTHLY' }, '2026-05-20', ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'])).toEqual(['2026-05-15'])
    expect(datesToPost({ startDate: '2026-01-31', frequency: 'MONTHLY' }, '2026-04-30', ['2026-01-31', '2026-03-31'])).toEqual(['2026-02-28', '2026-04-30'])
    expect(datesToPost({ startDate: '2026-01-05', frequency: 'WEEKLY' }, '2026-01-20', ['2026-01-07'])).toEqual(['2026-01-12', '2026-01-19'])
    expect(datesToPost({ startDate: '2026-01-31', frequency: 'MONTHLY' }, '2026-06-30', ['2026-01-31', '2026-02-28', '2026-05-15'])).toEqual(['2026-03-31', '2026-04-30', '2026-06-30'])
  })
  it('posts once per period', () => {
    expect(recurringDraft({ id: 'r', name: 'Depreciation', lines: [] }, '2026-03-31').source).toEqual({ type: 'RECURRING_JOURNAL_ENTRY', id: 'r', purpose: 'PERIOD:2026-03-31' })
  })
  it('knows a real date', () => {
    expect(isIsoDate('2026-02-28')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-2-28')).toBe(false)
  })
})
