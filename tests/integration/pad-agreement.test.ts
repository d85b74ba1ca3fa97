import { describe, expect, it } from 'vitest'
import { PAD_RECOURSE } from '~/domain/leasing/pad'
import { api, registerCompany, signedInMember } from '../factories/api'
import { get, leasingCompany, type Body } from '../factories/leasing'
import { download, pdfPages } from './support/pdf-text'

/*
 * A rent schedule's pre-authorized debit agreement: `POST rent-payment-schedules/{id}/generate-pad-agreement/`
 * answers a PDF holding what Payments Canada's Rule H1 asks of a Payor's PAD Agreement (the payor
 * and payee with their addresses, the account, the amount or its variable terms, frequency and
 * dates, pre-notification or its waiver, cancellation, the recourse statement, a signature line and
 * its date), the account number by its last four digits only; another company's schedule is not found.
 */

async function scheduleWithAccount() {
  const company = await leasingCompany()
  const { name, slug, country, currency, time_zone } = await get(company.token, 'property-management-company/')
  const headed = await api('PUT', 'property-management-company/', {
    token: company.token,
    body: { name, slug, country, currency, time_zone, street_address: '1 Bank Street', city: 'Ottawa', province: 'ON', postal_code: 'K1P 5N2', phone: '613-555-0100', email: 'office@maple.test' },
  })
  expect(headed.status, JSON.stringify(headed.body)).toBe(200)
  const ottawa = await company.post('property-groups/', {
    name: 'Elgin Place',
    property_type: 'RESIDENTIAL',
    address: { street: '455 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6J3', country: 'CA' },
  })
  const people = await Promise.all(['Ada', 'Ben'].map((first) => company.post('residents/', { first_name: first, last_name: 'Tenant', resident_type: 'APPLICANT' })))
  const lease = await company.lease(
    {
      lines: [
        { resident_id: people[0].id, role: 'PRIMARY' },
        { resident_id: people[1].id, role: 'CO_TENANT' },
      ],
    },
    ottawa,
  )
  const [schedule] = (await get(company.token, `rent-payment-schedules/?lease_id=${lease.id}`)).results as Body[]
  return { ...company, lease, schedule }
}

const text = async (path: string, token: string) => {
  const answer = await download(path, token)
  expect(answer.status).toBe(200)
  return (await pdfPages(answer.bytes)).join(' ')
}

describe('a PAD agreement', () => {
  it('holds every element Rule H1 asks, the account by its last four digits', async () => {
    const { token, lease, schedule } = await scheduleWithAccount()
    const account = { pad_account_holder: 'Ada Tenant', pad_institution_number: '003', pad_transit_number: '00102', pad_account_number: '1234567', pad_amount_type: 'FIXED', pad_waives_pre_notification: false }
    const saved = await api('PUT', `rent-payment-schedules/${schedule.id}/`, { token, body: account })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.pad_account_number).toBe('•••••4567')

    const answer = await download(`rent-payment-schedules/${schedule.id}/generate-pad-agreement/`, token)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="pad-agreement-${lease.unit.unit_number}-Elgin-Place-from-2031-03-01.pdf"`)
    const pages = await pdfPages(answer.bytes)
    // One page to read and sign.
    expect(pages).toHaveLength(1)
    const agreement = pages.join(' ')
    for (const element of [
      'Pre-Authorized Debit (PAD) Agreement',
      'Personal PAD',
      // The payor, at the unit's address.
      'Ada Tenant',
      `Unit ${lease.unit.unit_number}, 455 Bronson Avenue, Ottawa, ON K1R 6J3`,
      // The payee, with its address and how to reach it.
      '1 Bank Street, Ottawa, ON K1P 5N2',
      '613-555-0100 or office@maple.test',
      // The account.
      'Institution number 003',
      'Transit (branch) number 00102',
      'Account number •••••4567',
      // The amount, frequency and dates.
      '$1,550.00 per month',
      'Monthly, on the 1st of each month',
      'First debit 2031-03-01',
      // Pre-notification, cancellation, recourse, signature.
      'at least 10 calendar days before the first debit',
      'at least 30 days before the next debit',
      'To obtain a sample cancellation form, or more information on your right to cancel a PAD Agreement, contact your financial institution or visit www.payments.ca.',
      PAD_RECOURSE,
      'Signature of the account holder',
      'Date',
    ])
      expect(agreement).toContain(element)
    expect(agreement).not.toContain('1234567')
  })

  it('says a variable amount’s terms and the payor’s waiver of pre-notification, and leaves blanks for an account not given', async () => {
    const { token, schedule } = await scheduleWithAccount()
    const blank = await text(`rent-payment-schedules/${schedule.id}/generate-pad-agreement/`, token)
    expect(blank).toContain('Institution number ____')
    expect(blank).toContain('Ada Tenant, Ben Tenant')
    await api('PUT', `rent-payment-schedules/${schedule.id}/`, { token, body: { pad_amount_type: 'VARIABLE', pad_waives_pre_notification: true } })
    const variable = await text(`rent-payment-schedules/${schedule.id}/generate-pad-agreement/`, token)
    expect(variable).toContain('Variable: on each due date, what the lease')
    expect(variable).toContain('You waive your right to receive pre-notification of the amount and date of each debit')
    expect(variable).not.toContain('10 calendar days')
  })

  it('refuses a bad account at its field, another company’s schedule, and who may not see leasing', async () => {
    const { token, schedule } = await scheduleWithAccount()
    const bad = await api('PUT', `rent-payment-schedules/${schedule.id}/`, { token, body: { pad_institution_number: '3', pad_transit_number: '12' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['pad_institution_number', 'pad_transit_number'])
    const other = await registerCompany()
    expect((await download(`rent-payment-schedules/${schedule.id}/generate-pad-agreement/`, other.token)).status).toBe(404)
    expect((await download(`rent-payment-schedules/00000000-0000-4000-8000-000000000000/generate-pad-agreement/`, token)).status).toBe(404)
    const accountant = await signedInMember({ token }, 'manager', { has_accounting_permissions: true })
    expect((await download(`rent-payment-schedules/${schedule.id}/generate-pad-agreement/`, accountant.token)).status).toBe(403)
    // A field it does not take is refused by name.
    const extra = await api('POST', `rent-payment-schedules/${schedule.id}/generate-pad-agreement/`, { token, body: { amount: '1.00' } })
    expect(extra.status).toBe(400)
  })
})
