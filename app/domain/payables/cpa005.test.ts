import { describe, expect, it } from 'vitest'
import { alpha, cpa005File, creditProblems, julianDate, numeric, RECORD_LENGTH, type Originator } from './cpa005'

const originator: Originator = {
  id: 'MAPLE00042',
  dataCentre: '00310',
  fileNumber: 7,
  shortName: 'Maple Street',
  longName: 'Maple Street Properties Inc.',
  returns: { institution: '003', transit: '00012', account: '1004417' },
  currency: 'CAD',
}
const credits = [
  { amount: 123456, date: '2025-04-15', institution: '004', transit: '10442', account: '5520184', payeeName: 'Rapid Plumbing & Heating', crossReference: 'PAY-0001' },
  { amount: 7525, date: '2025-04-15', institution: '001', transit: '00011', account: '123456789012', payeeName: 'Société Électrique Québec', crossReference: 'PAY-0002' },
]
/** Characters `from` to `to` of a record, counted from 1 as the standard does. */
const at = (record: string, from: number, to: number) => record.slice(from - 1, to)

describe('a CPA-005 credit file', () => {
  const file = cpa005File(originator, credits, '2025-04-14')
  const records = file.split('\r\n').slice(0, -1)

  it('is a header, a credit record per payment and a trailer, each 1464 characters ending CR LF', () => {
    expect(file.endsWith('\r\n')).toBe(true)
    expect(records.map((r) => r[0])).toEqual(['A', 'C', 'C', 'Z'])
    for (const record of records) expect(record).toHaveLength(RECORD_LENGTH)
  })

  it('writes the header field by field', () => {
    const [a] = records
    expect(at(a, 1, 1)).toBe('A')
    expect(at(a, 2, 10)).toBe('000000001')
    expect(at(a, 11, 20)).toBe('MAPLE00042')
    expect(at(a, 21, 24)).toBe('0007')
    expect(at(a, 25, 30)).toBe('025104')
    expect(at(a, 31, 35)).toBe('00310')
    expect(at(a, 36, 55)).toBe(' '.repeat(20))
    expect(at(a, 56, 58)).toBe('CAD')
    expect(at(a, 59, 1464).trim()).toBe('')
  })

  it('writes each credit’s first segment field by field, and leaves the other five blank', () => {
    const c = records[1]
    expect(at(c, 1, 1)).toBe('C')
    expect(at(c, 2, 10)).toBe('000000002')
    expect(at(c, 11, 20)).toBe('MAPLE00042')
    expect(at(c, 21, 24)).toBe('0007')
    expect(at(c, 25, 27)).toBe('450')
    expect(at(c, 28, 37)).toBe('0000123456')
    expect(at(c, 38, 43)).toBe('025105')
    expect(at(c, 44, 52)).toBe('000410442')
    expect(at(c, 53, 64)).toBe('5520184     ')
    expect(at(c, 65, 86)).toBe('0'.repeat(22))
    expect(at(c, 87, 89)).toBe('000')
    expect(at(c, 90, 104)).toBe('MAPLE STREET   ')
    expect(at(c, 105, 134)).toBe('RAPID PLUMBING & HEATING      ')
    expect(at(c, 135, 164)).toBe('MAPLE STREET PROPERTIES INC.  ')
    expect(at(c, 165, 174)).toBe('MAPLE00042')
    expect(at(c, 175, 193)).toBe('PAY-0001           ')
    expect(at(c, 194, 202)).toBe('000300012')
    expect(at(c, 203, 214)).toBe('1004417     ')
    expect(at(c, 215, 229)).toBe(' '.repeat(15))
    expect(at(c, 230, 251)).toBe(' '.repeat(22))
    expect(at(c, 252, 253)).toBe('  ')
    expect(at(c, 254, 264)).toBe('0'.repeat(11))
    expect(at(c, 265, 1464).trim()).toBe('')
    // Accents and symbols a bank cannot read become their plain letters.
    expect(at(records[2], 105, 134)).toBe('SOCIETE ELECTRIQUE QUEBEC     ')
    expect(at(records[2], 53, 64)).toBe('123456789012')
  })

  it('totals the credits in the trailer', () => {
    const z = records[3]
    expect(at(z, 1, 1)).toBe('Z')
    expect(at(z, 2, 10)).toBe('000000004')
    expect(at(z, 11, 20)).toBe('MAPLE00042')
    expect(at(z, 21, 24)).toBe('0007')
    expect(at(z, 25, 38)).toBe('0'.repeat(14))
    expect(at(z, 39, 46)).toBe('0'.repeat(8))
    expect(at(z, 47, 60)).toBe('00000000130981')
    expect(at(z, 61, 68)).toBe('00000002')
    expect(at(z, 69, 112)).toBe('0'.repeat(44))
    expect(at(z, 113, 1464).trim()).toBe('')
  })

  it('pads, cuts and refuses as the standard needs', () => {
    expect(julianDate('2025-04-15')).toBe('025105')
    expect(julianDate('2024-12-31')).toBe('024366')
    expect(julianDate('2026-01-01')).toBe('026001')
    expect(numeric(123456, 10)).toBe('0000123456')
    expect(() => numeric(12345678901, 10)).toThrow()
    expect(() => numeric('-5', 10)).toThrow()
    expect(alpha('Ça coûte 5 €', 12)).toBe('CA COUTE 5  ')
    expect(alpha('A very long payee name that goes on', 10)).toBe('A VERY LON')
  })

  it('names what keeps a vendor’s payment out of a file', () => {
    expect(creditProblems({ institution: '004', transit: '10442', account: '5520184' })).toEqual([])
    expect(creditProblems({ institution: null, transit: '1044', account: '12' })).toEqual(['no 3-digit institution number', 'no 5-digit transit number', 'no account number of 7 to 12 digits'])
  })
})
