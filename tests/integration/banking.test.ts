import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { crossCompany, getDb, withCompany } from '~/db/client.server'
import { bankAccounts } from '~/db/schema'
import { DomainError } from '~/domain/errors'
import { createDeposit } from '~/ledger/deposits.server'
import { api, registerCompany, unique } from '../factories/api'

type Account = { id: string; number: string }

/** A new company with its chart by number, its operating bank account and a property. */
async function books() {
  const company = await registerCompany()
  const token = company.token
  const list = await api('GET', 'accounting/accounts/?page_size=200', { token })
  const byNumber = Object.fromEntries((list.body.results as Account[]).map((a) => [a.number, a.id]))
  const account = (number: string) => byNumber[number] as string
  const bank = await api('POST', 'bank-accounts/', { token, body: { name: 'Operating at Maple Bank', bank_account_type: 'OPERATING', gl_account_id: account('1010') } })
  expect(bank.status).toBe(201)
  const property = await api('POST', 'property-groups/', { token, body: { name: `Elm ${unique()}`, property_type: 'RESIDENTIAL' } })
  return { token, account, bankId: bank.body.id as string, propertyId: property.body.id as string }
}

type Books = Awaited<ReturnType<typeof books>>

/** A manual entry of two lines: Dr `debit` / Cr `credit`; returns the manual entry's id and the journal entry it posted, with its lines. */
async function post(b: Books, date: string, debit: string, credit: string, amount: string, extra: { memo?: string; property_group_id?: string } = {}) {
  const entry = await api('POST', 'accounting/journal-entries/', {
    token: b.token,
    body: { date, memo: extra.memo ?? null, lines: [{ account_id: b.account(debit), debit: amount, property_group_id: extra.property_group_id }, { account_id: b.account(credit), credit: amount, property_group_id: extra.property_group_id }] },
  })
  expect(entry.status, JSON.stringify(entry.body)).toBe(201)
  const posted = await api('GET', `accounting/journal/${entry.body.journal_entry_id}/`, { token: b.token })
  return { ...(posted.body as { number: number; lines: { id: string }[] }), id: entry.body.id as string, entryId: posted.body.id as string }
}

/** A receipt waiting in undeposited funds (Dr 1100 / Cr rent income): its undeposited-funds line id. */
async function receipt(b: Books, date: string, amount: string, memo = 'Rent', property = true) {
  const entry = await post(b, date, '1100', '4000', amount, { memo, property_group_id: property ? b.propertyId : undefined })
  return entry.lines[0].id
}

async function upload(token: string, path: string, name: string, text: string, fields: Record<string, string> = {}) {
  const form = new FormData()
  form.append('file', new File([text], name, { type: 'application/octet-stream' }))
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  const response = await getApi().request(`http://lintel.test/api/${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.10' } })
  return { status: response.status, body: await response.json() }
}

describe('statement number formats', () => {
  it('reads a CSV in the number format chosen, and never an English file as French or the other way round', async () => {
    const b = await books()
    const path = `accounting/bank-accounts/${b.bankId}/statement-import/`
    const french = await upload(b.token, path, 'mars.csv', 'Date;Description;Amount\n2026-03-03;Dépôt;1 250,00\n2026-03-04;Frais;-12,50\n', { number_format: 'fr' })
    expect(french.body).toMatchObject({ imported: 2, errors: [], understood: [{ amount: '1250.00' }, { amount: '-12.50' }] })
    const english = await upload(b.token, path, 'march.csv', 'Date,Description,Amount\n2026-03-05,Fee,"12,50"\n2026-03-06,Rent,"1,250.00"\n')
    expect(english.body).toMatchObject({ imported: 1, errors: ['Line 2: "12,50" is not an amount written the English (1,250.00) way.'], understood: [{ amount: '1250.00' }] })
    const wrong = await upload(b.token, path, 'march.csv', 'Date,Description,Amount\n2026-03-07,Rent,"1,250.00"\n', { number_format: 'fr' })
    expect(wrong.status).toBe(400)
    expect((await upload(b.token, path, 'x.csv', 'Date,Description,Amount\n2026-03-07,Rent,1.00\n', { number_format: 'de' })).status).toBe(400)
    expect((await upload(b.token, path, 'x.csv', 'Date,Description,Amount\n2026-03-07,Rent\u0000,1.00\n')).body.errors.file[0]).toMatch(/control characters/)
    expect((await api('GET', `accounting/bank-accounts/${b.bankId}/statement-lines/`, { token: b.token })).body.count).toBe(3)
  })
})

describe('bank deposits', () => {
  it('lists undeposited receipts and gathers the chosen ones into one deposit posted Dr bank / Cr undeposited funds', async () => {
    const b = await books()
    const first = await receipt(b, '2026-03-01', '1200.00', 'Rent unit 101')
    const second = await receipt(b, '2026-03-02', '950.50', 'Rent unit 102')
    const third = await receipt(b, '2026-03-03', '75.00', 'Parking', false)
    await post(b, '2026-03-04', '5000', '1010', '40.00') // not a receipt: a bank payment

    const waiting = await api('GET', `accounting/bank-deposits/undeposited/?bank_account_id=${b.bankId}`, { token: b.token })
    expect(waiting.status).toBe(200)
    expect(waiting.body.total).toBe('2225.50')
    expect(waiting.body.results.map((r: { journal_line_id: string }) => r.journal_line_id)).toEqual([first, second, third])
    expect(waiting.body.results[0]).toMatchObject({ date: '2026-03-01', entry_number: 1, memo: 'Rent unit 101', property_group_id: b.propertyId, amount: '1200.00' })

    const deposit = await api('POST', 'accounting/bank-deposits/', { token: b.token, body: { bank_account_id: b.bankId, date: '2026-03-05', memo: 'Branch deposit', journal_line_ids: [first, second] } })
    expect(deposit.status).toBe(201)
    expect(deposit.body).toMatchObject({ bank_account_name: 'Operating at Maple Bank', date: '2026-03-05', amount: '2150.50', item_count: 2, memo: 'Branch deposit' })
    expect(deposit.body.items.map((i: { journal_line_id: string }) => i.journal_line_id)).toEqual([first, second])

    const entry = await api('GET', `accounting/journal/${deposit.body.journal_entry_id}/`, { token: b.token })
    expect(entry.body).toMatchObject({ source_type: 'BANK_DEPOSIT', source_id: deposit.body.id, total: '2150.50', date: '2026-03-05' })
    expect(entry.body.lines.map((l: { account_label: string; debit: string | null; credit: string | null; property_group_id: string | null }) => [l.account_label, l.debit, l.credit, l.property_group_id])).toEqual([
      ['1010 · Operating Bank Account', '2150.50', null, b.propertyId],
      ['1100 · Undeposited Funds', null, '2150.50', b.propertyId],
    ])

    const after = await api('GET', 'accounting/bank-deposits/undeposited/', { token: b.token })
    expect(after.body.results.map((r: { journal_line_id: string }) => r.journal_line_id)).toEqual([third])
    // Another company's bank account cannot narrow them: named, as in a body.
    const other = await books()
    const foreign = await api('GET', `accounting/bank-deposits/undeposited/?bank_account_id=${other.bankId}`, { token: b.token })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors.bank_account_id).toEqual(['Bank account: no such bank account in your company.'])
    const list = await api('GET', 'accounting/bank-deposits/', { token: b.token })
    expect(list.body.count).toBe(1)
    expect(list.body.results[0]).toMatchObject({ id: deposit.body.id, journal_entry_number: entry.body.number })
    expect((await api('GET', `accounting/bank-deposits/${deposit.body.id}/`, { token: b.token })).body.items).toHaveLength(2)

    const again = await api('POST', 'accounting/bank-deposits/', { token: b.token, body: { bank_account_id: b.bankId, date: '2026-03-06', journal_line_ids: [first, third] } })
    expect(again.status).toBe(409)
    expect(again.body.detail).toMatch(/entry #1 was already deposited/)
    expect((await api('GET', 'accounting/bank-deposits/undeposited/', { token: b.token })).body.total).toBe('75.00')
  })

  it('two deposits racing for one receipt: one is made, the other answers 409 and writes nothing', async () => {
    const b = await books()
    const line = await receipt(b, '2026-04-01', '500.00')
    const body = (memo: string) => ({ token: b.token, body: { bank_account_id: b.bankId, date: '2026-04-02', memo, journal_line_ids: [line] } })
    const results = await Promise.all([api('POST', 'accounting/bank-deposits/', body('A')), api('POST', 'accounting/bank-deposits/', body('B'))])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect((await api('GET', 'accounting/bank-deposits/', { token: b.token })).body.count).toBe(1)
    const posted = await api('GET', 'accounting/journal/?source_type=BANK_DEPOSIT', { token: b.token })
    expect(posted.body.count).toBe(1)
  })

  it('refuses what is not an undeposited receipt of this company, an inactive or foreign bank account, and a date before a receipt', async () => {
    const b = await books()
    const other = await books()
    const line = await receipt(b, '2026-05-10', '100.00')
    const foreignLine = await receipt(other, '2026-05-10', '100.00')
    const payment = (await post(b, '2026-05-10', '5000', '1010', '10.00')).lines[0].id
    const deposit = (body: Record<string, unknown>) => api('POST', 'accounting/bank-deposits/', { token: b.token, body: { bank_account_id: b.bankId, date: '2026-05-11', journal_line_ids: [line], ...body } })

    const none = await deposit({ journal_line_ids: [] })
    expect(none.status).toBe(400)
    expect(none.body.errors.journal_line_ids[0]).toMatch(/at least one receipt/)
    for (const ids of [[payment], [foreignLine], [line, payment]]) {
      const refused = await deposit({ journal_line_ids: ids })
      expect(refused.status).toBe(400)
      expect(refused.body.errors.journal_line_ids[0]).toMatch(/not (a receipt|receipts) waiting in undeposited funds/)
    }
    const foreignBank = await deposit({ bank_account_id: other.bankId })
    expect(foreignBank.status).toBe(400)
    expect(foreignBank.body.errors.bank_account_id).toEqual(['Bank account: no such bank account in your company.'])
    const early = await deposit({ date: '2026-05-09' })
    expect(early.status).toBe(400)
    expect(early.body.errors.date).toEqual(['Choose 2026-05-10 or later.'])
    expect((await api('DELETE', `bank-accounts/${b.bankId}/`, { token: b.token })).status).toBeLessThan(300)
    const inactive = await deposit({})
    expect(inactive.status).toBe(400)
    expect(inactive.body.errors.bank_account_id[0]).toMatch(/inactive/)
    expect((await api('GET', 'accounting/bank-deposits/', { token: b.token })).body.count).toBe(0)
    expect((await api('GET', 'accounting/bank-deposits/undeposited/', { token: b.token })).body.total).toBe('100.00')
  })

  it('can be made by a job as well as through the API: the same rules, refused with domain errors', async () => {
    const b = await books()
    const line = await receipt(b, '2026-06-01', '40.00')
    const [{ companyId }] = await crossCompany(() => getDb().select({ companyId: bankAccounts.companyId }).from(bankAccounts).where(eq(bankAccounts.id, b.bankId)))
    const early = withCompany(companyId, () => createDeposit(getDb(), companyId, null, { bankAccountId: b.bankId, date: '2026-05-31', journalLineIds: [line] }))
    await expect(early).rejects.toBeInstanceOf(DomainError)
    await expect(early).rejects.toMatchObject({ kind: 'invalid', errors: { date: ['Choose 2026-06-01 or later.'] } })
    const { id } = await withCompany(companyId, () => createDeposit(getDb(), companyId, null, { bankAccountId: b.bankId, date: '2026-06-02', journalLineIds: [line, line] }))
    expect((await api('GET', `accounting/bank-deposits/${id}/`, { token: b.token })).body).toMatchObject({ amount: '40.00', item_count: 1 })
    await expect(withCompany(companyId, () => createDeposit(getDb(), companyId, null, { bankAccountId: b.bankId, date: '2026-06-03', journalLineIds: [line] }))).rejects.toMatchObject({ kind: 'conflict' })
  })
})

describe('transaction register', () => {
  it('lists a bank account’s lines by date then entry with a running balance that counts lines before the range', async () => {
    const b = await books()
    await post(b, '2026-01-05', '1010', '3000', '5000.00', { memo: 'Owner contribution' })
    await post(b, '2026-01-20', '5100', '1010', '120.00', { memo: 'Hydro', property_group_id: b.propertyId })
    await post(b, '2026-01-10', '5000', '1010', '300.00', { memo: 'Plumber' })
    await post(b, '2026-01-10', '1010', '4100', '45.00', { memo: 'Parking' })
    await post(b, '2026-01-12', '5300', '1020', '99.00') // another bank account

    const register = await api('GET', `accounting/transactions/?bank_account_id=${b.bankId}`, { token: b.token })
    expect(register.status).toBe(200)
    expect(register.body.results.map((r: { date: string; entry_memo: string; debit: string | null; credit: string | null; balance: string }) => [r.date, r.entry_memo, r.debit ?? `-${r.credit}`, r.balance])).toEqual([
      ['2026-01-05', 'Owner contribution', '5000.00', '5000.00'],
      ['2026-01-10', 'Plumber', '-300.00', '4700.00'],
      ['2026-01-10', 'Parking', '45.00', '4745.00'],
      ['2026-01-20', 'Hydro', '-120.00', '4625.00'],
    ])
    const ranged = await api('GET', `accounting/transactions/?account_id=${b.account('1010')}&date_from=2026-01-10&date_to=2026-01-15&page_size=1&page=2`, { token: b.token })
    expect(ranged.body.count).toBe(2)
    expect(ranged.body.results.map((r: { entry_memo: string; balance: string }) => [r.entry_memo, r.balance])).toEqual([['Parking', '4745.00']])
    const byProperty = await api('GET', `accounting/transactions/?property_group_id=${b.propertyId}`, { token: b.token })
    expect(byProperty.body.results.map((r: { account_label: string; balance: string | null }) => [r.account_label, r.balance])).toEqual([
      ['5100 · Utilities', null],
      ['1010 · Operating Bank Account', null],
    ])
    expect((await api('GET', 'accounting/transactions/?ordering=amount', { token: b.token })).status).toBe(400)
  })

  it('PUT corrects memo and dimensions only: amount, account and date are refused, and so are another company’s records', async () => {
    const b = await books()
    const other = await books()
    const entry = await post(b, '2026-02-03', '5000', '1010', '80.00', { memo: 'Repair' })
    const lineId = entry.lines[0].id
    const updated = await api('PUT', `accounting/transactions/${lineId}/`, { token: b.token, body: { memo: 'Repair: unit 4 faucet', property_group_id: b.propertyId } })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ memo: 'Repair: unit 4 faucet', property_group_id: b.propertyId, debit: '80.00', account_id: b.account('5000') })
    expect((await api('GET', `accounting/transactions/${lineId}/`, { token: b.token })).body.property_group_label).toMatch(/^Elm/)

    const amount = await api('PUT', `accounting/transactions/${lineId}/`, { token: b.token, body: { memo: 'x', amount: '81.00', account_id: b.account('5100'), date: '2026-02-04' } })
    expect(amount.status).toBe(400)
    expect(Object.keys(amount.body.errors).sort()).toEqual(['account_id', 'amount', 'date'])
    expect(amount.body.errors.amount[0]).toMatch(/cannot be changed here; edit its journal entry/)
    const foreign = await api('PUT', `accounting/transactions/${lineId}/`, { token: b.token, body: { property_group_id: other.propertyId } })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors.property_group_id).toEqual(['No such property.'])
    expect((await api('GET', `accounting/transactions/${lineId}/`, { token: b.token })).body).toMatchObject({ memo: 'Repair: unit 4 faucet', property_group_id: b.propertyId, debit: '80.00' })
    expect((await api('PUT', `accounting/transactions/${lineId}/`, { token: other.token, body: { memo: 'mine now' } })).status).toBe(404)

    // The entry still balances: the journal shows the same amounts.
    const journal = await api('GET', `accounting/journal/${entry.entryId}/`, { token: b.token })
    expect(journal.body.lines.map((l: { debit: string | null; credit: string | null }) => l.debit ?? l.credit)).toEqual(['80.00', '80.00'])

    await api('PUT', 'accounting/ledger-settings/', { token: b.token, body: { lock_date: '2026-02-28' } })
    const closed = await api('PUT', `accounting/transactions/${lineId}/`, { token: b.token, body: { property_group_id: null } })
    expect(closed.status).toBe(409)
    expect(closed.body.detail).toMatch(/closed through 2026-02-28/)
    expect((await api('PUT', `accounting/transactions/${lineId}/`, { token: b.token, body: { memo: 'Faucet' } })).status).toBe(200)
  })
})

describe('bank reconciliations', () => {
  it('reconciles to zero, marks final, locks its items and opens the next one from its ending balance', async () => {
    const b = await books()
    const contribution = await post(b, '2026-01-02', '1010', '3000', '1000.00', { memo: 'Opening contribution' })
    const cheque = await post(b, '2026-01-15', '5000', '1010', '250.00', { memo: 'Cheque 101' })
    const late = await post(b, '2026-01-30', '5100', '1010', '60.00', { memo: 'Hydro (clears in February)' })
    const february = await post(b, '2026-02-03', '5300', '1010', '100.00', { memo: 'Insurance' })
    const bankLine = (entry: { lines: { id: string }[] }, at: number) => entry.lines[at].id

    const created = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-01-31', statement_ending_balance: '750.00' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'DRAFT', opening_balance: '0.00', cleared_total: '0.00', difference: '750.00', book_balance: '690.00' })
    expect(created.body.items.map((i: { memo: string }) => i.memo)).toEqual(['Opening contribution', 'Cheque 101', 'Hydro (clears in February)'])
    const id = created.body.id

    const ahead = await api('POST', `accounting/bank-reconciliations/${id}/cleared-items/`, { token: b.token, body: { journal_line_ids: [bankLine(february, 1)], cleared: true } })
    expect(ahead.status).toBe(400)
    expect(ahead.body.errors.journal_line_ids[0]).toMatch(/after the statement date 2026-01-31/)
    const wrongAccount = await api('POST', `accounting/bank-reconciliations/${id}/cleared-items/`, { token: b.token, body: { journal_line_ids: [bankLine(cheque, 0)], cleared: true } })
    expect(wrongAccount.status).toBe(400)
    expect(wrongAccount.body.errors.journal_line_ids[0]).toMatch(/not a line of 1010 · Operating Bank Account/)

    const ticked = await api('POST', `accounting/bank-reconciliations/${id}/cleared-items/`, { token: b.token, body: { journal_line_ids: [bankLine(contribution, 0), bankLine(late, 1)], cleared: true } })
    expect(ticked.body).toMatchObject({ cleared_total: '940.00', difference: '-190.00', cleared_count: 2 })
    const early = await api('POST', `accounting/bank-reconciliations/${id}/mark-as-final/`, { token: b.token })
    expect(early.status).toBe(409)
    expect(early.body.detail).toMatch(/differ by -190.00/)
    expect(early.body.errors.difference).toEqual(['-190.00'])

    await api('POST', `accounting/bank-reconciliations/${id}/cleared-items/`, { token: b.token, body: { journal_line_ids: [bankLine(late, 1)], cleared: false } })
    const balanced = await api('POST', `accounting/bank-reconciliations/${id}/cleared-items/`, { token: b.token, body: { journal_line_ids: [bankLine(cheque, 1)], cleared: true } })
    expect(balanced.body).toMatchObject({ cleared_total: '750.00', cleared_balance: '750.00', difference: '0.00' })
    expect((await api('GET', `accounting/transactions/${bankLine(cheque, 1)}/`, { token: b.token })).body).toMatchObject({ cleared: true, reconciled: false })

    const final = await api('POST', `accounting/bank-reconciliations/${id}/mark-as-final/`, { token: b.token })
    expect(final.status).toBe(200)
    expect(final.body.status).toBe('FINAL')
    expect(final.body.finalized_at).toBeTruthy()
    expect(final.body.items.filter((i: { cleared: boolean }) => !i.cleared).map((i: { memo: string }) => i.memo)).toEqual(['Hydro (clears in February)'])
    expect((await api('GET', `accounting/transactions/${bankLine(cheque, 1)}/`, { token: b.token })).body).toMatchObject({ cleared: true, reconciled: true })

    // Final: nothing about it changes, and its entries are locked.
    expect((await api('POST', `accounting/bank-reconciliations/${id}/mark-as-final/`, { token: b.token })).status).toBe(409)
    const untick = await api('POST', `accounting/bank-reconciliations/${id}/cleared-items/`, { token: b.token, body: { journal_line_ids: [bankLine(cheque, 1)], cleared: false } })
    expect(untick.status).toBe(409)
    const deleted = await api('DELETE', `accounting/bank-reconciliations/${id}/`, { token: b.token })
    expect(deleted.status).toBe(409)
    expect(deleted.body.detail).toMatch(/final bank reconciliation cannot be deleted/)
    const edit = await api('PUT', `accounting/journal-entries/${cheque.id}/`, {
      token: b.token,
      body: { date: '2026-01-15', lines: [{ account_id: b.account('5000'), debit: '25.00' }, { account_id: b.account('1010'), credit: '25.00' }] },
    })
    expect(edit.status).toBe(409)
    expect(edit.body.detail).toMatch(/on a final bank reconciliation/)
    expect((await api('POST', `accounting/journal-entries/${cheque.id}/void/`, { token: b.token, body: {} })).status).toBe(409)
    expect((await api('GET', `accounting/journal/${cheque.entryId}/`, { token: b.token })).body).toMatchObject({ status: 'POSTED', editable: false, reconciled: true })
    // An entry that is only outstanding can still be changed.
    expect((await api('POST', `accounting/journal-entries/${february.id}/void/`, { token: b.token, body: {} })).status).toBe(200)

    // The next statement: dated after the last final one, opening at its ending balance.
    const before = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-01-31', statement_ending_balance: '0' } })
    expect(before.status).toBe(400)
    expect(before.body.errors.statement_date).toEqual(['Choose a date after 2026-01-31.'])
    // A statement ends today at the latest: a mistyped year is refused at its field.
    const mistyped = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2099-12-31', statement_ending_balance: '690.00' } })
    expect(mistyped.body.errors).toEqual({ statement_date: ['Statement date cannot be in the future.'] })
    const next = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-02-28', statement_ending_balance: '690.00' } })
    expect(next.status).toBe(201)
    expect(next.body.opening_balance).toBe('750.00')
    expect(next.body.items.map((i: { memo: string }) => i.memo)).toEqual(['Hydro (clears in February)', 'Insurance', 'Reversal of entry #4: Insurance'])
    const reticked = await api('POST', `accounting/bank-reconciliations/${next.body.id}/cleared-items/`, { token: b.token, body: { journal_line_ids: [bankLine(cheque, 1)], cleared: true } })
    expect(reticked.status).toBe(400)
    expect(reticked.body.errors.journal_line_ids[0]).toMatch(/already cleared on another final reconciliation/)
    const second = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-03-31', statement_ending_balance: '1.00' } })
    expect(second.status).toBe(409)
    expect(second.body.detail).toMatch(/already has a reconciliation in progress/)

    const list = await api('GET', `accounting/bank-reconciliations/?bank_account_id=${b.bankId}`, { token: b.token })
    expect(list.body.results.map((r: { statement_date: string; status: string }) => `${r.statement_date} ${r.status}`)).toEqual(['2026-02-28 DRAFT', '2026-01-31 FINAL'])
    expect((await api('DELETE', `accounting/bank-reconciliations/${next.body.id}/`, { token: b.token })).status).toBe(204)
    expect((await api('GET', `accounting/bank-reconciliations/${next.body.id}/`, { token: b.token })).status).toBe(404)
  })

  it('writes the reconciliation as a PDF at both addresses, for its own company only', async () => {
    const b = await books()
    const other = await books()
    await post(b, '2026-01-02', '1010', '3000', '1000.00', { memo: 'Contribution' })
    const created = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-01-31', statement_ending_balance: '1000.00' } })
    for (const path of [`accounting/bank-reconciliations/${created.body.id}/generate-pdf/`, `bank-reconciliations/${created.body.id}/generate-pdf/`]) {
      const response = await getApi().request(`http://lintel.test/api/${path}`, { method: 'POST', headers: { authorization: `Bearer ${b.token}`, [CLIENT_IP_HEADER]: '203.0.113.10' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="reconciliation-operating-at-maple-bank-2026-01-31.pdf"')
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
    }
    expect((await api('POST', `bank-reconciliations/${created.body.id}/generate-pdf/`, { token: other.token })).status).toBe(404)
    const bad = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-02-30', statement_ending_balance: 'lots' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['statement_date', 'statement_ending_balance'])
  })
})

describe('statement import', () => {
  const OFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260312
<TRNAMT>-132.45
<FITID>F-0312
<NAME>HYDRO OTTAWA
</STMTTRN>
<STMTTRN>
<TRNTYPE>FEE
<DTPOSTED>20260331
<TRNAMT>-4.95
<FITID>F-0331
<NAME>MONTHLY FEE
</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`

  it('imports CSV and OFX once, suggests register matches best first, and confirms a match', async () => {
    const b = await books()
    const other = await books()
    const hydroFar = await post(b, '2026-03-08', '5100', '1010', '132.45', { memo: 'Hydro February' })
    const hydroNear = await post(b, '2026-03-11', '5100', '1010', '132.45', { memo: 'Hydro March' })
    await post(b, '2026-03-20', '5100', '1010', '132.45', { memo: 'Too late' })
    const deposit = await post(b, '2026-03-02', '1010', '4000', '2450.00', { memo: 'Deposit' })
    const path = `accounting/bank-accounts/${b.bankId}/statement-import/`

    const csv = 'Date,Description,Debit,Credit\n03/03/2026,BRANCH DEPOSIT,,"2,450.00"\n03/05/2026,SERVICE CHARGE,1.50,\n'
    const first = await upload(b.token, path, 'march.csv', csv)
    expect(first).toEqual({
      status: 200,
      body: {
        format: 'CSV',
        imported: 2,
        already_imported: 0,
        errors: [],
        understood: [
          { date: '2026-03-03', description: 'BRANCH DEPOSIT', amount: '2450.00' },
          { date: '2026-03-05', description: 'SERVICE CHARGE', amount: '-1.50' },
        ],
      },
    })
    expect((await upload(b.token, path, 'march.csv', csv)).body).toMatchObject({ imported: 0, already_imported: 2 })
    expect((await upload(b.token, path, 'march.ofx', OFX)).body).toMatchObject({ format: 'OFX', imported: 2 })
    expect((await upload(b.token, path, 'march.ofx', OFX)).body).toMatchObject({ imported: 0, already_imported: 2 })
    const unreadable = await upload(b.token, path, 'notes.csv', 'When,What\nyesterday,coffee\n')
    expect(unreadable.status).toBe(400)
    expect(unreadable.body.errors.file[0]).toMatch(/needs a date column/)
    expect((await upload(other.token, path, 'march.csv', csv)).status).toBe(404)

    const lines = await api('GET', `accounting/bank-accounts/${b.bankId}/statement-lines/`, { token: b.token })
    expect(lines.status).toBe(200)
    expect(lines.body.results.map((l: { date: string; description: string; amount: string }) => `${l.date} ${l.description} ${l.amount}`)).toEqual([
      '2026-03-03 BRANCH DEPOSIT 2450.00',
      '2026-03-05 SERVICE CHARGE -1.50',
      '2026-03-12 HYDRO OTTAWA -132.45',
      '2026-03-31 MONTHLY FEE -4.95',
    ])
    const [depositLine, , hydro] = lines.body.results
    expect(depositLine.suggestions.map((s: { journal_line_id: string }) => s.journal_line_id)).toEqual([deposit.lines[0].id])
    expect(hydro.suggestions.map((s: { memo: string }) => s.memo)).toEqual(['Hydro March', 'Hydro February'])

    const wrong = await api('POST', `accounting/bank-statement-lines/${hydro.id}/match/`, { token: b.token, body: { journal_line_id: deposit.lines[0].id } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.journal_line_id[0]).toMatch(/2450.00; the statement line is -132.45/)
    const notBank = await api('POST', `accounting/bank-statement-lines/${hydro.id}/match/`, { token: b.token, body: { journal_line_id: hydroNear.lines[0].id } })
    expect(notBank.status).toBe(400)
    const matched = await api('POST', `accounting/bank-statement-lines/${hydro.id}/match/`, { token: b.token, body: { journal_line_id: hydroNear.lines[1].id } })
    expect(matched.body).toEqual({ id: hydro.id, matched_journal_line_id: hydroNear.lines[1].id })
    expect((await api('POST', `accounting/bank-statement-lines/${hydro.id}/match/`, { token: other.token, body: { journal_line_id: null } })).status).toBe(404)

    // A second statement line of the same amount now sees only the register line still free.
    const twin = await upload(b.token, path, 'twin.csv', 'Date,Description,Amount\n2026-03-09,HYDRO OTTAWA RETRY,-132.45\n')
    expect(twin.body.imported).toBe(1)
    const unmatchedLines = await api('GET', `accounting/bank-accounts/${b.bankId}/statement-lines/?status=UNMATCHED`, { token: b.token })
    const retry = unmatchedLines.body.results.find((l: { description: string }) => l.description === 'HYDRO OTTAWA RETRY')
    expect(retry.suggestions.map((s: { journal_line_id: string }) => s.journal_line_id)).toEqual([hydroFar.lines[1].id])
    const taken = await api('POST', `accounting/bank-statement-lines/${retry.id}/match/`, { token: b.token, body: { journal_line_id: hydroNear.lines[1].id } })
    expect(taken.status).toBe(409)
    expect(taken.body.detail).toMatch(/already matched to the statement line of 2026-03-12/)
    const matchedList = await api('GET', `accounting/bank-accounts/${b.bankId}/statement-lines/?status=MATCHED`, { token: b.token })
    expect(matchedList.body.results.map((l: { matched: { memo: string } }) => l.matched.memo)).toEqual(['Hydro March'])

    // A reconciliation starts with what the bank's statement shows as cleared ticked, up to its date.
    const cleared = (r: { body: { items: { journal_line_id: string; cleared: boolean }[] } }) => r.body.items.filter((i) => i.cleared).map((i) => i.journal_line_id)
    const early = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-03-11', statement_ending_balance: '0' } })
    expect(early.status).toBe(201)
    expect(cleared(early)).toEqual([])
    expect((await api('DELETE', `accounting/bank-reconciliations/${early.body.id}/`, { token: b.token })).status).toBe(204)
    const march = await api('POST', 'accounting/bank-reconciliations/', { token: b.token, body: { bank_account_id: b.bankId, statement_date: '2026-03-31', statement_ending_balance: '0' } })
    expect(cleared(march)).toEqual([hydroNear.lines[1].id])
    // A match confirmed while it is in progress ticks there too.
    expect((await api('POST', `accounting/bank-statement-lines/${depositLine.id}/match/`, { token: b.token, body: { journal_line_id: deposit.lines[0].id } })).status).toBe(200)
    const after = await api('GET', `accounting/bank-reconciliations/${march.body.id}/`, { token: b.token })
    expect(cleared(after).sort()).toEqual([hydroNear.lines[1].id, deposit.lines[0].id].sort())
    expect(after.body.cleared_total).toBe('2317.55')
  })
})
