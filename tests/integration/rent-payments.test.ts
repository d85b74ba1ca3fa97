import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany, runRentAt, type Body } from '../factories/leasing'

/*
 * Rent payments as an API client meets them: a payment pays the lease's open charges oldest first
 * (or the ones chosen), what is left is a credit that pays the next charge the rent run makes, a
 * payment the bank returns owes its charges again with the NSF fee, and a payment's received
 * facts cannot change. The receivables control account equals the leases' balances throughout.
 */

const setUp = leasingCompany
const run = runRentAt
/** A lease's charges, oldest first: date, description, paid, open. */
const charges = async (token: string, leaseId: string) =>
  ((await get(token, `rent-receivables/?lease_id=${leaseId}&ordering=date&page_size=100`)).results as Record<string, string>[]).map((c) => [c.date, c.description, c.paid_amount, c.open])
const balance = async (token: string, leaseId: string) => (await get(token, `leases/${leaseId}/`)).balance as string
/** The receivables control account's balance, and the leases' balances summed: they agree. */
async function tieOut(token: string, leaseIds: string[]) {
  const trial = await get(token, 'reporting/trial-balance/?as_of=2031-12-31')
  const row = (trial.rows as Record<string, string | null>[]).find((r) => r.number === '1200')
  const control = Math.round(Number(row?.debit ?? 0) * 100) - Math.round(Number(row?.credit ?? 0) * 100)
  const leases = (await Promise.all(leaseIds.map((id) => balance(token, id)))).reduce((sum, b) => sum + Math.round(Number(b) * 100), 0)
  expect(trial.balanced).toBe(true)
  expect(control).toBe(leases)
}

describe('rent payments', () => {
  it('pay the oldest charges first, hold the rest as a credit for the next charge, and owe again when returned NSF', async () => {
    const { token, companyId, post, lease } = await setUp()
    const { id } = await lease()
    expect(await run(companyId, '2031-04-02T16:00:00Z')).toEqual({ charged: 2, failed: 0 })

    // A partial payment: March first.
    const first = await post('rent-payments/', { lease_id: id, date: '2031-04-03', amount: '1000.00', method: 'E_TRANSFER', reference: 'ET-1' })
    expect(first).toMatchObject({ status: 'RECEIVED', applied: '1000.00', unapplied: '0.00', label: expect.stringMatching(/^Payment of 2031-04-03 · 101/) })
    expect(await charges(token, id)).toEqual([
      ['2031-03-01', 'Rent', '1000.00', '550.00'],
      ['2031-04-01', 'Rent', '0.00', '1550.00'],
    ])
    // The rest and more: the remainder is a credit.
    const second = await post('rent-payments/', { lease_id: id, date: '2031-04-20', amount: '2500.00', method: 'CHEQUE', reference: '0042' })
    expect(second).toMatchObject({ applied: '2100.00', unapplied: '400.00' })
    expect(await balance(token, id)).toBe('-400.00')
    // May's rent takes the credit.
    await run(companyId, '2031-05-02T16:00:00Z')
    expect((await charges(token, id))[2]).toEqual(['2031-05-01', 'Rent', '400.00', '1150.00'])
    expect(await get(token, `rent-payments/${second.id}/`)).toMatchObject({ applied: '2500.00', unapplied: '0.00' })
    expect(await balance(token, id)).toBe('1150.00')
    await tieOut(token, [id])

    // The cheque comes back: what it paid is owed again, with the NSF fee.
    const returned = await api('POST', `rent-payments/${second.id}/record-return/`, { token, body: { returned_date: '2031-05-10', nsf_fee: '45.00' } })
    expect(returned.status, JSON.stringify(returned.body)).toBe(200)
    expect(returned.body).toMatchObject({ status: 'RETURNED', returned_date: '2031-05-10' })
    expect(await charges(token, id)).toEqual([
      ['2031-03-01', 'Rent', '1000.00', '550.00'],
      ['2031-04-01', 'Rent', '0.00', '1550.00'],
      ['2031-05-01', 'Rent', '0.00', '1550.00'],
      ['2031-05-10', 'NSF fee', '0.00', '45.00'],
    ])
    expect(await balance(token, id)).toBe('3695.00')
    const ledger = await get(token, `leases/${id}/rent-account/`)
    const back = ledger.lines.find((l: Record<string, string>) => l.date === '2031-05-10' && l.source_type === 'RENT_PAYMENT')
    expect(back).toMatchObject({ charge: '2500.00', memo: 'Returned: Rent payment 0042' })
    await tieOut(token, [id])
    // Its money went back out of undeposited funds: only the first payment waits for the bank.
    const waiting = (await get(token, 'accounting/bank-deposits/undeposited/')).results as Record<string, string>[]
    expect(waiting.map((r) => r.amount)).toEqual(['1000.00'])
    // Returned once is returned.
    expect((await api('POST', `rent-payments/${second.id}/record-return/`, { token, body: { returned_date: '2031-05-11' } })).status).toBe(409)
  })

  it('pays the charges chosen, and refuses what a payment cannot be at its field, changing nothing', async () => {
    const { token, companyId, post, lease } = await setUp()
    const { id } = await lease()
    const other = await lease()
    await run(companyId, '2031-04-02T16:00:00Z')
    const [march, april] = (await get(token, `rent-receivables/?lease_id=${id}&ordering=date`)).results as Body[]
    const [elsewhere] = (await get(token, `rent-receivables/?lease_id=${other.id}&ordering=date`)).results as Body[]

    // April chosen over March.
    const chosen = await post('rent-payments/', { lease_id: id, date: '2031-04-05', amount: '1550.00', method: 'CASH', lines: [{ charge_id: april.id, amount: '1550.00' }] })
    expect(chosen.lines).toEqual([expect.objectContaining({ charge_id: april.id, amount: '1550.00', charge_label: expect.stringMatching(/^Rent of 2031-04-01 · 101/) })])
    expect((await charges(token, id)).map((c) => c[3])).toEqual(['1550.00', '0.00'])

    const count = async () => (await get(token, `rent-payments/?lease_id=${id}`)).count
    const refused = async (body: Record<string, unknown>, status: number) => {
      const response = await api('POST', 'rent-payments/', { token, body: { lease_id: id, date: '2031-04-05', method: 'CASH', ...body } })
      expect(response.status, JSON.stringify(response.body)).toBe(status)
      return response.body.errors as Record<string, string[]>
    }
    expect((await refused({ amount: '0.00' }, 400)).amount).toEqual(['Amount must be more than zero.'])
    expect((await refused({ amount: '-5.00' }, 400)).amount).toBeDefined()
    expect(await refused({ amount: '2000.00', lines: [{ charge_id: march.id, amount: '1600.00' }] }, 400)).toEqual({ 'lines[0].amount': ['Line 1: the charge owes 1550.00; apply no more.'] })
    expect(await refused({ amount: '100.00', lines: [{ charge_id: elsewhere.id, amount: '100.00' }] }, 400)).toEqual({ 'lines[0].charge_id': ['Line 1: not an open charge of this lease.'] })
    expect(await refused({ amount: '100.00', lines: [{ charge_id: march.id, amount: '150.00' }] }, 400)).toEqual({ amount: ['The lines apply 150.00, more than the payment.'] })
    expect(await count()).toBe(1)

    // Received is received: only the memo and reference change.
    const changed = await api('PUT', `rent-payments/${chosen.id}/`, { token, body: { amount: '1500.00', lines: [] } })
    expect(changed.status).toBe(400)
    expect(Object.keys(changed.body.errors).sort()).toEqual(['amount', 'lines'])
    const memo = await api('PUT', `rent-payments/${chosen.id}/`, { token, body: { memo: 'Paid at the office', reference: 'R-7' } })
    expect(memo.status).toBe(200)
    expect(memo.body).toMatchObject({ memo: 'Paid at the office', reference: 'R-7', amount: '1550.00' })
    // A paid charge cannot be voided, nor cut below what was paid.
    expect((await api('POST', `rent-receivables/${april.id}/void/`, { token, body: {} })).status).toBe(409)
    expect((await api('PUT', `rent-receivables/${april.id}/`, { token, body: { amount: '1000.00' } })).body.errors.amount).toEqual(['At least the 1550.00 already paid of it.'])
    await tieOut(token, [id, other.id])
  })

  it('lands in undeposited funds for a bank deposit, and a deposited payment that returns leaves the bank account', async () => {
    const { token, companyId, post, lease } = await setUp()
    const { id } = await lease()
    await run(companyId, '2031-04-02T16:00:00Z')
    const payment = await post('rent-payments/', { lease_id: id, date: '2031-04-03', amount: '1550.00', method: 'CHEQUE', reference: '0007' })
    const chart = (await get(token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
    const bank = await post('bank-accounts/', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: chart.find((a) => a.number === '1010')!.id })
    const waiting = await get(token, `accounting/bank-deposits/undeposited/?bank_account_id=${bank.id}`)
    const receipt = waiting.results.find((r: Record<string, string>) => r.amount === '1550.00')
    expect(receipt).toBeDefined()
    await post('accounting/bank-deposits/', { bank_account_id: bank.id, date: '2031-04-04', journal_line_ids: [receipt.journal_line_id] })

    expect((await api('POST', `rent-payments/${payment.id}/record-return/`, { token, body: { returned_date: '2031-04-12' } })).status).toBe(200)
    const journal = await get(token, `accounting/journal/?source_id=${payment.id}&ordering=date`)
    const back = await get(token, `accounting/journal/${journal.results.at(-1).id}/`)
    expect(back.lines.map((l: Record<string, string>) => [l.account_id, l.debit, l.credit])).toEqual([
      [chart.find((a) => a.number === '1200')!.id, '1550.00', null],
      [chart.find((a) => a.number === '1010')!.id, null, '1550.00'],
    ])
    expect(await balance(token, id)).toBe('3100.00')
  })

  it('marks charges of several leases as paid in one transaction, one payment per lease, or none when one is not open', async () => {
    const { token, companyId, lease } = await setUp()
    const a = await lease()
    const b = await lease()
    await run(companyId, '2031-04-02T16:00:00Z')
    const open = async (leaseId: string) => ((await get(token, `rent-receivables/?lease_id=${leaseId}&ordering=date`)).results as Body[]).map((c) => c.id)
    const [aMarch, aApril] = await open(a.id)
    const [bMarch] = await open(b.id)
    await api('POST', `rent-receivables/${bMarch}/void/`, { token, body: {} })

    // One charge void: nothing is paid, and the error names it.
    const refused = await api('POST', 'rent-receivables/bulk-mark-as-paid/', { token, body: { charge_ids: [aMarch, bMarch], date: '2031-04-05', method: 'CASH' } })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.errors)).toEqual(['charge_ids[1]'])
    expect((await get(token, 'rent-payments/')).count).toBe(0)

    const [, bApril] = await open(b.id)
    const marked = await api('POST', 'rent-receivables/bulk-mark-as-paid/', { token, body: { charge_ids: [aMarch, aApril, bApril], date: '2031-04-05', method: 'PAD', reference: 'PAD batch 4' } })
    expect(marked.status, JSON.stringify(marked.body)).toBe(201)
    expect(marked.body.payments.map((p: Record<string, string>) => [p.lease_id, p.amount, p.method, p.unapplied])).toEqual([
      [a.id, '3100.00', 'PAD', '0.00'],
      [b.id, '1550.00', 'PAD', '0.00'],
    ])
    expect(await balance(token, a.id)).toBe('0.00')
    expect(await balance(token, b.id)).toBe('0.00')
    await tieOut(token, [a.id, b.id])
  })
})
