import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { leasingCompany } from '../factories/leasing'
import { download, pdfPages } from './support/pdf-text'

/*
 * A lease as a PDF to sign, as an API client downloads it: on Ontario's standard form where the
 * unit is in Ontario, with its parties, term, rent and deposits; under plain headings elsewhere.
 */

describe('the lease to sign', () => {
  it('is Ontario’s standard form for a unit in Ontario, and a plain lease elsewhere', async () => {
    const { token, property, lease } = await leasingCompany()
    const ottawa = await property('Glebe Flats', { street: '5 Bank Street', city: 'Ottawa', province: 'ON', postal_code: 'K1S 3T4', country: 'CA' })
    const ontario = await lease({ lease_type: 'FIXED', start_date: '2031-05-01', end_date: '2032-04-30', rent: '2150.00', last_month_rent_deposit: '2150.00' }, ottawa)
    const pdf = await download(`leases/${ontario.id}/generate-pdf/`, token)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const words = (await pdfPages(pdf.bytes)).join(' ')
    expect(words).toContain('Residential Tenancy Agreement (Standard Form of Lease)')
    expect(words).toContain('Ada Tenant')
    expect(words).toContain('A fixed term from 2031-05-01 to 2032-04-30.')
    expect(words).toMatch(/Last month.s rent deposit \$2,150\.00/)
    expect(words).toContain('17. Signatures')

    const victoria = await property('Fort Street Suites', { street: '1 Fort Street', city: 'Victoria', province: 'BC', postal_code: 'V8W 1G5', country: 'CA' })
    const bc = await lease({ start_date: '2031-05-01' }, victoria)
    const plain = (await pdfPages((await download(`leases/${bc.id}/generate-pdf/`, token)).bytes)).join(' ')
    expect(plain).toContain('Residential Lease')
    expect(plain).not.toContain('Standard Form of Lease')
    expect(plain).toContain('The residential tenancy law of BC applies')
  })

  it('carries the company’s own additional terms, set with its details', async () => {
    const { token, lease } = await leasingCompany()
    const company = (await api('GET', 'property-management-company/', { token })).body
    // What the company page sends: its details, without what is the server's or what the test sets.
    const details = Object.fromEntries(Object.entries(company).filter(([key]) => !['id', 'created_at', 'lease_additional_terms'].includes(key)))
    const saved = await api('PUT', 'property-management-company/', { token, body: { ...details, lease_additional_terms: 'Garbage goes to the bins behind the building.\nBicycles are kept in the bike room.' } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.lease_additional_terms).toBe('Garbage goes to the bins behind the building.\nBicycles are kept in the bike room.')
    const made = await lease({ start_date: '2031-05-01' })
    const words = (await pdfPages((await download(`leases/${made.id}/generate-pdf/`, token)).bytes)).join(' ')
    expect(words).toContain('Garbage goes to the bins behind the building.')
    expect(words).toContain('Bicycles are kept in the bike room.')
    // Left out, they stay; sent empty, the lease says None.
    expect((await api('PUT', 'property-management-company/', { token, body: details })).body.lease_additional_terms).toBe('Garbage goes to the bins behind the building.\nBicycles are kept in the bike room.')
    expect((await api('PUT', 'property-management-company/', { token, body: { ...details, lease_additional_terms: '' } })).body.lease_additional_terms).toBeNull()
  })
})
