import { describe, expect, it } from 'vitest'
import { letterText } from '../letter'
import { leaseDocument, type LeaseDocumentInput } from './lease-document'

const input: LeaseDocumentInput = {
  agent: { name: 'Maple Street Properties', address: '1 Main St, Ottawa', phone: '613-555-0142', email: 'office@maple.example' },
  owners: ['Olive Owner'],
  tenants: ['Ada Lovelace', 'Grace Hopper'],
  unitAddress: '204 · 210 Bronson Avenue, Ottawa, ON K1R 6H4',
  province: 'ON',
  leaseLabel: '204 · Bronson Court from 2031-05-01',
  leaseTypeLabel: 'Fixed term',
  fixedTerm: true,
  startDate: '2031-05-01',
  endDate: '2032-04-30',
  rent: 215_000,
  frequencyLabel: 'Monthly',
  dueDay: 1,
  charges: [{ label: 'Parking', amount: 7_500 }],
  lastMonthDeposit: 222_500,
  securityDeposit: null,
  keyDeposit: 5_000,
  currency: 'CAD',
  numbers: 'en',
  additionalTerms: null,
}

describe('the lease as a document', () => {
  it('follows the numbered sections of Ontario’s standard form where the unit is in Ontario', () => {
    const letter = leaseDocument(input)
    expect(letter.title).toBe('Residential Tenancy Agreement (Standard Form of Lease)')
    expect(letter.sections.map((s) => s.heading?.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17'])
    const text = letterText(letter)
    expect(text).toContain('Landlord: Olive Owner')
    expect(text).toContain('Tenant 2: Grace Hopper')
    expect(text).toContain('A fixed term from 2031-05-01 to 2032-04-30.')
    expect(text).toContain('Total rent (lawful rent): $2,225.00')
    expect(text).toContain('Last month’s rent deposit: $2,225.00')
    expect(text).toContain('Residential Tenancies Act, 2006')
    expect(letter.signatures).toEqual(['Landlord or agent (Maple Street Properties)', 'Tenant: Ada Lovelace', 'Tenant: Grace Hopper', 'Date'])
  })

  it('prints the company’s own additional terms under section 15, a paragraph a line, or None', () => {
    const additional = (terms: string | null) => leaseDocument({ ...input, additionalTerms: terms }).sections.find((s) => s.heading === '15. Additional Terms')!.paragraphs
    expect(additional(null)).toEqual(['None.'])
    expect(additional('Garbage goes to the bins behind the building.\n\n  Bicycles are kept in the bike room.  ')).toEqual(['Garbage goes to the bins behind the building.', 'Bicycles are kept in the bike room.'])
  })

  it('says the same facts under plain headings elsewhere, with a security deposit where the law allows one', () => {
    const letter = leaseDocument({ ...input, province: 'BC', securityDeposit: 107_500, lastMonthDeposit: null, owners: [] })
    expect(letter.title).toBe('Residential Lease')
    expect(letter.sections[0]!.heading).toBe('Parties to the Agreement')
    const text = letterText(letter)
    expect(text).toContain('Landlord: Maple Street Properties')
    expect(text).toContain('Security deposit: $1,075.00')
    expect(text).not.toContain('Residential Tenancies Act, 2006')
    expect(text).toContain('The residential tenancy law of BC applies')
  })
})
