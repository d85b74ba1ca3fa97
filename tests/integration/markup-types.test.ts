import { describe, expect, it } from 'vitest'
import { resourceNamed } from '~/resources'
import { api, registerCompany } from '../factories/api'
import { createSample } from '../factories/resources'

describe('markup types', () => {
  it('are a percentage or a flat amount, each with its figure, booked to an income account', async () => {
    const company = await registerCompany()
    const income = await createSample(resourceNamed('accounts')!, company.token, { account_type: 'INCOME', subtype: 'OTHER_INCOME', name: 'Markup Income' })
    const bank = await createSample(resourceNamed('accounts')!, company.token, { account_type: 'ASSET', subtype: 'BANK' })

    const percent = await api('POST', 'accounting/markup-types/', { token: company.token, body: { name: 'Standard', markup_kind: 'PERCENT', percentage: '10.00', income_account_id: income.id } })
    expect(percent.status).toBe(201)
    expect(percent.body).toMatchObject({ name: 'Standard', markup_kind: 'PERCENT', percentage: '10.00', flat_amount: null, income_account_label: expect.stringContaining('Markup Income') })

    const noFigure = await api('POST', 'accounting/markup-types/', { token: company.token, body: { name: 'Call-out', markup_kind: 'FLAT' } })
    expect(noFigure.status).toBe(400)
    expect(noFigure.body.errors.flat_amount).toEqual(['Flat amount is required for a flat markup.'])

    const notIncome = await api('POST', 'accounting/markup-types/', { token: company.token, body: { name: 'Call-out', markup_kind: 'FLAT', flat_amount: '45.00', income_account_id: bank.id } })
    expect(notIncome.status).toBe(400)
    expect(notIncome.body.errors.income_account_id[0]).toMatch(/is not a .*income.* account/i)

    const duplicate = await api('POST', 'accounting/markup-types/', { token: company.token, body: { name: 'standard', markup_kind: 'FLAT', flat_amount: '45.00' } })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.detail).toMatch(/already exists/)

    const changed = await api('PUT', `accounting/markup-types/${percent.body.id}/`, { token: company.token, body: { markup_kind: 'FLAT' } })
    expect(changed.status).toBe(400)
    const flat = await api('PUT', `accounting/markup-types/${percent.body.id}/`, { token: company.token, body: { markup_kind: 'FLAT', flat_amount: '45.00' } })
    expect(flat.status).toBe(200)
    // The percent it had no longer applies: it is not kept beside the flat amount.
    expect(flat.body).toMatchObject({ markup_kind: 'FLAT', flat_amount: '45.00', percentage: null })
    const both = await api('POST', 'accounting/markup-types/', { token: company.token, body: { name: 'After hours', markup_kind: 'FLAT', percentage: '12.00', flat_amount: '25.00' } })
    expect(both.body).toMatchObject({ markup_kind: 'FLAT', flat_amount: '25.00', percentage: null })
    // SPEC.md §7 gives no DELETE: a markup type in use stays.
    expect((await api('DELETE', `accounting/markup-types/${percent.body.id}/`, { token: company.token })).status).toBe(404)
  })
})
