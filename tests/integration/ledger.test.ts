import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { companies, ledgerSettings } from '~/db/schema'
import { api, registerCompany, signedInMember, unique } from '../factories/api'

type Account = { id: string; number: string; name: string; subtype: string; is_active: boolean }

/** A new company and its chart, by account number. */
async function books() {
  const company = await registerCompany()
  const list = await api('GET', 'accounting/accounts/?page_size=200', { token: company.token })
  expect(list.status).toBe(200)
  const byNumber = Object.fromEntries((list.body.results as Account[]).map((a) => [a.number, a]))
  return { token: company.token, company, account: (number: string) => byNumber[number].id as string }
}

const line = (account_id: string, side: 'debit' | 'credit', amount: string, extra: Record<string, unknown> = {}) => ({ account_id, [side]: amount, ...extra })

describe('chart of accounts', () => {
  it('a new company starts with a default chart and every role assigned', async () => {
    const { token } = await books()
    const accounts = await api('GET', 'accounting/accounts/?page_size=200', { token })
    const numbers = (accounts.body.results as Account[]).map((a) => `${a.number} ${a.name}`)
    expect(numbers).toEqual(expect.arrayContaining(['1010 Operating Bank Account', '1020 Trust Bank Account', '1100 Undeposited Funds', '1200 Accounts Receivable', '2000 Accounts Payable', '2100 Security Deposits Held', '2200 Prepaid Rent', '2300 Sales Tax Payable (GST/HST)', '3000 Owner Contributions', '3100 Owner Distributions', '3900 Retained Earnings', '4000 Rent Income', '5000 Repairs and Maintenance']))
    const roles = await api('GET', 'accounting/account-roles/', { token })
    expect(roles.status).toBe(200)
    expect(roles.body.find((r: { value: string }) => r.value === 'ACCOUNTS_RECEIVABLE')).toMatchObject({ account_label: '1200 · Accounts Receivable' })
    expect(roles.body.every((r: { account_id: string | null }) => r.account_id)).toBe(true)
  })

  it('numbers are unique per company, subtypes belong to their type, and DELETE deactivates', async () => {
    const { token, account } = await books()
    const duplicate = await api('POST', 'accounting/accounts/', { token, body: { number: '1010', name: 'Another bank', account_type: 'ASSET', subtype: 'BANK' } })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.errors.number).toEqual(['An account with this number already exists.'])
    const mismatched = await api('POST', 'accounting/accounts/', { token, body: { number: '1011', name: 'Odd', account_type: 'INCOME', subtype: 'BANK' } })
    expect(mismatched.status).toBe(400)
    expect(mismatched.body.errors.subtype[0]).toMatch(/Bank is a subtype of asset accounts/)
    const other = await books()
    expect((await api('POST', 'accounting/accounts/', { token: other.token, body: { number: '1011', name: 'Savings', account_type: 'ASSET', subtype: 'BANK' } })).status).toBe(201)

    const removed = await api('DELETE', `accounting/accounts/${account('5900')}/`, { token })
    expect(removed.status).toBeLessThan(300)
    expect((await api('GET', `accounting/accounts/${account('5900')}/`, { token })).body.is_active).toBe(false)
    const posted = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-03-01', lines: [line(account('5900'), 'debit', '5.00'), line(account('1010'), 'credit', '5.00')] } })
    expect(posted.status).toBe(400)
    expect(posted.body.errors['lines[0].account_id'][0]).toMatch(/Bank Charges is inactive/)
    expect((await api('POST', `accounting/accounts/${account('5900')}/reactivate/`, { token })).status).toBe(200)
  })

  it('default GL accounts accept only an account of the right subtype', async () => {
    const { token, account } = await books()
    const wrong = await api('POST', 'accounting/default-gl-accounts/', { token, body: { ACCOUNTS_RECEIVABLE: account('4000') } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.ACCOUNTS_RECEIVABLE[0]).toMatch(/must be a accounts receivable account|must be a/i)
    const created = await api('POST', 'accounting/accounts/', { token, body: { number: '1210', name: 'Receivable — commercial', account_type: 'ASSET', subtype: 'ACCOUNTS_RECEIVABLE' } })
    const right = await api('POST', 'accounting/default-gl-accounts/', { token, body: { ACCOUNTS_RECEIVABLE: created.body.id } })
    expect(right.status).toBe(200)
    expect(right.body.find((r: { value: string }) => r.value === 'ACCOUNTS_RECEIVABLE').account_id).toBe(created.body.id)
  })
})

describe('journal entries', () => {
  it('posts a balanced manual entry with dimensions and refuses an unbalanced one, naming the problem', async () => {
    const { token, account } = await books()
    const property = await api('POST', 'property-groups/', { token, body: { name: `Elm ${unique()}`, property_type: 'RESIDENTIAL' } })
    const owner = await api('POST', 'property-owners/', { token, body: { owner_type: 'PERSON', first_name: 'Olive', last_name: 'Owner' } })
    const posted = await api('POST', 'accounting/journal-entries/', {
      token,
      body: {
        date: '2026-03-31',
        memo: 'March snow removal',
        lines: [line(account('5500'), 'debit', '450.00', { property_group_id: property.body.id, memo: 'Plowing' }), line(account('1010'), 'credit', '450', { property_group_id: property.body.id, property_owner_id: owner.body.id })],
      },
    })
    expect(posted.status).toBe(201)
    // The answer to POST is the manual entry (a document) and the journal entry it posted.
    expect(posted.body).toMatchObject({ number: 1, date: '2026-03-31', total: '450.00', status: 'POSTED', memo: 'March snow removal' })
    expect(posted.body.lines[0]).toMatchObject({ debit: '450.00', credit: null, account_id: account('5500'), property_group_id: property.body.id, memo: 'Plowing' })
    expect(posted.body.lines[1]).toMatchObject({ debit: null, credit: '450.00', property_owner_id: owner.body.id })
    expect((await api('GET', `accounting/journal-entries/${posted.body.id}/`, { token })).body).toEqual(posted.body)
    const entry = await api('GET', `accounting/journal/${posted.body.journal_entry_id}/`, { token })
    expect(entry.body).toMatchObject({ number: 1, date: '2026-03-31', total: '450.00', kind: 'ORIGINAL', status: 'POSTED', source_type: 'JOURNAL_ENTRY', source_id: posted.body.id, editable: true })
    expect(entry.body.lines[0]).toMatchObject({ debit: '450.00', credit: null, account_label: '5500 · Landscaping and Snow Removal', property_group_label: property.body.name, memo: 'Plowing' })
    expect(entry.body.lines[1]).toMatchObject({ debit: null, credit: '450.00', account_label: '1010 · Operating Bank Account', property_owner_label: 'Olive Owner' })

    const unbalanced = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-03-31', lines: [line(account('5500'), 'debit', '450.00'), line(account('1010'), 'credit', '449.99')] } })
    expect(unbalanced.status).toBe(400)
    expect(unbalanced.body.errors.lines[0]).toMatch(/differ by 0.01/)
    const single = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-03-31', lines: [line(account('5500'), 'debit', '1.00')] } })
    expect(single.status).toBe(400)
    expect(single.body.errors.lines[0]).toMatch(/at least 2 lines/)
    const both = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-03-31', lines: [{ account_id: account('5500'), debit: '1.00', credit: '1.00' }, line(account('1010'), 'credit', '1.00')] } })
    expect(both.status).toBe(400)
    expect(both.body.errors['lines[0].debit'][0]).toMatch(/both a debit and a credit/)
    const badDate = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-02-30', lines: [line(account('5500'), 'debit', '1.00'), line(account('1010'), 'credit', '1.00')] } })
    expect(badDate.status).toBe(400)
    expect(badDate.body.errors.date).toBeDefined()

    expect((await api('GET', 'accounting/journal-entries/', { token })).body.count).toBe(1)
    expect((await api('GET', 'accounting/journal/', { token })).body.count).toBe(1)

    // A line naming a unit counts for the unit's property; naming another property is refused at the unit.
    const building = await api('POST', 'buildings/', { token, body: { name: 'Elm House', property_group_id: property.body.id } })
    const unit = await api('POST', 'rental-units/', { token, body: { unit_number: '204', building_id: building.body.id, unit_type: 'APARTMENT', status: 'VACANT' } })
    const placed = await api('POST', 'accounting/journal-entries/', {
      token,
      body: { date: '2026-03-31', lines: [line(account('5500'), 'debit', '80.00', { rental_unit_id: unit.body.id }), line(account('1010'), 'credit', '80.00')] },
    })
    expect(placed.status).toBe(201)
    expect(placed.body.lines[0]).toMatchObject({ rental_unit_id: unit.body.id, property_group_id: property.body.id })
    expect((await api('GET', `accounting/journal/${placed.body.journal_entry_id}/`, { token })).body.lines[0]).toMatchObject({ property_group_id: property.body.id })
    const elsewhere = await api('POST', 'property-groups/', { token, body: { name: `Oak ${unique()}`, property_type: 'RESIDENTIAL' } })
    const misplaced = await api('POST', 'accounting/journal-entries/', {
      token,
      body: { date: '2026-03-31', lines: [line(account('5500'), 'debit', '80.00', { rental_unit_id: unit.body.id, property_group_id: elsewhere.body.id }), line(account('1010'), 'credit', '80.00')] },
    })
    expect(misplaced.status).toBe(400)
    expect(misplaced.body.errors['lines[0].rental_unit_id'][0]).toMatch(/is at Elm/)
  })

  it("refuses another company's accounts and dimensions, and hides its entries", async () => {
    const mine = await books()
    const theirs = await books()
    const foreign = await api('POST', 'accounting/journal-entries/', { token: mine.token, body: { date: '2026-01-15', lines: [line(theirs.account('5000'), 'debit', '10.00'), line(mine.account('1010'), 'credit', '10.00')] } })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors['lines[0].account_id'][0]).toMatch(/no such account/)
    const property = await api('POST', 'property-groups/', { token: theirs.token, body: { name: `Theirs ${unique()}`, property_type: 'RESIDENTIAL' } })
    const foreignProperty = await api('POST', 'accounting/journal-entries/', { token: mine.token, body: { date: '2026-01-15', lines: [line(mine.account('5000'), 'debit', '10.00', { property_group_id: property.body.id }), line(mine.account('1010'), 'credit', '10.00')] } })
    expect(foreignProperty.status).toBe(400)
    expect(foreignProperty.body.errors['lines[0].property_group_id'][0]).toMatch(/no such property/)
    // What was refused took no number.
    const mineFirst = await api('POST', 'accounting/journal-entries/', { token: mine.token, body: { date: '2026-01-15', lines: [line(mine.account('5000'), 'debit', '10.00'), line(mine.account('1010'), 'credit', '10.00')] } })
    expect(mineFirst.body.number).toBe(1)
    const entry = await api('POST', 'accounting/journal-entries/', { token: theirs.token, body: { date: '2026-01-15', lines: [line(theirs.account('5000'), 'debit', '10.00'), line(theirs.account('1010'), 'credit', '10.00')] } })
    expect((await api('GET', `accounting/journal-entries/${entry.body.id}/`, { token: mine.token })).status).toBe(404)
    expect((await api('GET', `accounting/journal/${entry.body.journal_entry_id}/`, { token: mine.token })).status).toBe(404)
    expect((await api('POST', `accounting/journal-entries/${entry.body.id}/void/`, { token: mine.token, body: {} })).status).toBe(404)
    expect((await api('GET', 'accounting/journal-entries/', { token: mine.token })).body.count).toBe(1)
    expect((await api('GET', 'accounting/journal/', { token: mine.token })).body.count).toBe(1)
  })

  it("lists the entries a document posted by its id (source_id), its own company's only", async () => {
    const { token, account } = await books()
    const body = (memo: string) => ({ date: '2026-02-01', memo, lines: [line(account('5000'), 'debit', '10.00'), line(account('1010'), 'credit', '10.00')] })
    const first = await api('POST', 'accounting/journal-entries/', { token, body: body('First') })
    await api('POST', 'accounting/journal-entries/', { token, body: body('Second') })
    const bySource = await api('GET', `accounting/journal/?source_id=${first.body.id}`, { token })
    expect(bySource.status).toBe(200)
    expect(bySource.body.results.map((e: { memo: string }) => e.memo)).toEqual(['First'])
    const other = await books()
    expect((await api('GET', `accounting/journal/?source_id=${first.body.id}`, { token: other.token })).body.count).toBe(0)
    const bad = await api('GET', 'accounting/journal/?source_id=nope', { token })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['source_id'])
  })

  it('a correction posts a reversal and a replacement; voiding posts a reversal; the history shows them all', async () => {
    const { token, account } = await books()
    const original = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-04-10', memo: 'Insurance', lines: [line(account('5300'), 'debit', '1200.00'), line(account('1010'), 'credit', '1200.00')] } })
    const edited = await api('PUT', `accounting/journal-entries/${original.body.id}/`, { token, body: { date: '2026-04-12', memo: 'Insurance (corrected)', lines: [line(account('5300'), 'debit', '1250.00'), line(account('1010'), 'credit', '1250.00')] } })
    expect(edited.status).toBe(200)
    // PUT answers the document, standing now at its replacement.
    expect(edited.body).toMatchObject({ id: original.body.id, number: 3, total: '1250.00', memo: 'Insurance (corrected)', date: '2026-04-12' })
    const replacement = await api('GET', `accounting/journal/${edited.body.journal_entry_id}/`, { token })
    expect(replacement.body).toMatchObject({ number: 3, kind: 'REPLACEMENT', replaces_entry_id: original.body.journal_entry_id, total: '1250.00', memo: 'Insurance (corrected)' })
    expect(replacement.body.history.map((h: { number: number; kind: string }) => `${h.number} ${h.kind}`)).toEqual(['1 ORIGINAL', '2 REVERSAL', '3 REPLACEMENT'])

    const before = await api('GET', `accounting/journal/${original.body.journal_entry_id}/`, { token })
    expect(before.body).toMatchObject({ status: 'REVERSED', reversed_by_number: 2, replaced_by_number: 3, editable: false })
    const reversal = await api('GET', `accounting/journal/${before.body.reversed_by_entry_id}/`, { token })
    expect(reversal.body).toMatchObject({ kind: 'REVERSAL', date: '2026-04-10', reverses_entry_id: original.body.journal_entry_id })
    expect(reversal.body.lines.map((l: { debit: string | null; credit: string | null }) => [l.debit, l.credit])).toEqual([
      [null, '1200.00'],
      ['1200.00', null],
    ])

    const voided = await api('POST', `accounting/journal-entries/${original.body.id}/void/`, { token, body: {} })
    expect(voided.status).toBe(200)
    expect(voided.body.status).toBe('VOID')
    const last = await api('GET', `accounting/journal/${edited.body.journal_entry_id}/`, { token })
    expect(last.body.status).toBe('REVERSED')
    expect(last.body.history.map((h: { kind: string }) => h.kind)).toEqual(['ORIGINAL', 'REVERSAL', 'REPLACEMENT', 'REVERSAL'])
    // A void entry is not changed again.
    const again = await api('PUT', `accounting/journal-entries/${original.body.id}/`, { token, body: { date: '2026-04-12', lines: [line(account('5300'), 'debit', '1.00'), line(account('1010'), 'credit', '1.00')] } })
    expect(again.status).toBe(409)
    const posted = await api('GET', 'accounting/journal/?status=POSTED', { token })
    expect(posted.body.results.map((e: { kind: string }) => e.kind).sort()).toEqual(['REVERSAL', 'REVERSAL'])
    expect((await api('GET', 'accounting/journal/?search=corrected', { token })).body.count).toBe(2)
    expect((await api('GET', 'accounting/journal/?search=%233', { token })).body.results.map((e: { number: number }) => e.number)).toEqual([4, 3])
  })

  it('a lock date closes the period: posting, editing and reversing in it answer 409', async () => {
    const { token, account } = await books()
    const entry = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-01-31', lines: [line(account('5100'), 'debit', '80.00'), line(account('1010'), 'credit', '80.00')] } })
    expect((await api('PUT', 'accounting/ledger-settings/', { token, body: { lock_date: '2026-01-31' } })).body.lock_date).toBe('2026-01-31')
    const locked = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-01-15', lines: [line(account('5100'), 'debit', '1.00'), line(account('1010'), 'credit', '1.00')] } })
    expect(locked.status).toBe(409)
    expect(locked.body.detail).toMatch(/closed through 2026-01-31/)
    expect((await api('POST', `accounting/journal-entries/${entry.body.id}/void/`, { token, body: {} })).status).toBe(409)
    // DELETE is the same void (an entry never leaves the books): refused in the closed period too.
    expect((await api('DELETE', `accounting/journal-entries/${entry.body.id}/`, { token })).status).toBe(409)
    expect((await api('GET', `accounting/journal-entries/${entry.body.id}/`, { token })).body.status).toBe('POSTED')
    // Reversed before the entry itself: refused at the field, in any period; nothing posts.
    const before = await api('POST', `accounting/journal-entries/${entry.body.id}/void/`, { token, body: { reversal_date: '2020-01-01' } })
    expect(before.status).toBe(400)
    expect(before.body.errors).toEqual({ reversal_date: [`On or after 2026-01-31, the date of entry #${entry.body.number} it reverses.`] })
    const correctedBefore = await api('PUT', `accounting/journal-entries/${entry.body.id}/`, { token, body: { reversal_date: '2026-01-30', lines: [line(account('5100'), 'debit', '90.00'), line(account('1010'), 'credit', '90.00')] } })
    expect(correctedBefore.body.errors).toEqual({ reversal_date: [`On or after 2026-01-31, the date of entry #${entry.body.number} it reverses.`] })
    expect((await api('GET', `accounting/journal-entries/${entry.body.id}/`, { token })).body).toMatchObject({ status: 'POSTED', total: '80.00' })
    // Reversed in the open period instead.
    const reversed = await api('POST', `accounting/journal-entries/${entry.body.id}/void/`, { token, body: { reversal_date: '2026-02-01' } })
    expect(reversed.status).toBe(200)
    const voidedEntry = await api('GET', `accounting/journal/${entry.body.journal_entry_id}/`, { token })
    expect(voidedEntry.body.reversed_by_number).toBe(2)
    expect((await api('GET', `accounting/journal/${voidedEntry.body.reversed_by_entry_id}/`, { token })).body.date).toBe('2026-02-01')

    // In an open period, DELETE voids: the entry stays, void, its reversal posted.
    const open = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-02-10', lines: [line(account('5100'), 'debit', '5.00'), line(account('1010'), 'credit', '5.00')] } })
    expect((await api('DELETE', `accounting/journal-entries/${open.body.id}/`, { token })).status).toBe(204)
    expect((await api('GET', `accounting/journal-entries/${open.body.id}/`, { token })).body.status).toBe('VOID')
    expect((await api('GET', `accounting/journal/${open.body.journal_entry_id}/`, { token })).body.status).toBe('REVERSED')
  })

  it('books opened before their settings existed post from number 1, with the settings made on the way', async () => {
    const { token, company, account } = await books()
    const [row] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.name, company.company_name))
    await crossCompany(() => getDb().delete(ledgerSettings).where(eq(ledgerSettings.companyId, row.id)))
    const posted = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-02-02', lines: [line(account('5100'), 'debit', '12.00'), line(account('1010'), 'credit', '12.00')] } })
    expect(posted.status).toBe(201)
    expect(posted.body.number).toBe(1)
    expect((await api('GET', 'accounting/ledger-settings/', { token })).body).toEqual({ lock_date: null, fiscal_year_start_month: 1, gst_number: null })
  })

  it('needs the accounting permission', async () => {
    const company = await registerCompany()
    const member = await signedInMember(company, 'manager', { has_operations_permissions: true })
    expect((await api('GET', 'accounting/journal-entries/', { token: member.token })).status).toBe(403)
    expect((await api('GET', 'accounting/journal/', { token: member.token })).status).toBe(403)
    expect((await api('GET', 'accounting/account-roles/', { token: member.token })).status).toBe(403)
    expect((await api('PUT', 'accounting/ledger-settings/', { token: member.token, body: { lock_date: null } })).status).toBe(403)
  })
})
