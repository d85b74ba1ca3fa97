import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CsvSyntaxError, detectDelimiter, parseCsv, writeCsv } from './csv'

describe('parseCsv', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks, and numbers records by their first line', () => {
    const table = parseCsv('Unit,Notes,Rent\r\n101,"Corner unit, south view",1250\r\n102,"She said ""hi""\r\nand left",1300\r\n103,,1400\r\n')
    expect(table.delimiter).toBe(',')
    expect(table.header).toEqual(['Unit', 'Notes', 'Rent'])
    expect(table.records).toEqual([
      { line: 2, cells: ['101', 'Corner unit, south view', '1250'] },
      { line: 3, cells: ['102', 'She said "hi"\r\nand left', '1300'] },
      { line: 5, cells: ['103', '', '1400'] },
    ])
  })

  it('drops a UTF-8 byte-order mark so the first header matches', () => {
    expect(parseCsv('\uFEFFUnit,Rent\n1,2').header).toEqual(['Unit', 'Rent'])
  })

  it('takes LF, CR and CRLF line ends, a missing final newline, and skips blank and empty-cell rows', () => {
    const table = parseCsv('a,b\n1,2\r3,4\r\n\r\n,\n5,6')
    expect(table.records.map((r) => r.cells)).toEqual([
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ])
    expect(table.records.map((r) => r.line)).toEqual([2, 3, 6])
  })

  it('detects semicolon- and tab-separated files from the header line', () => {
    expect(detectDelimiter('Unit;Rent;Notes\n1;1.250,00;"a, b"')).toBe(';')
    expect(detectDelimiter('"Unit;Number",Rent\n')).toBe(',')
    expect(detectDelimiter('Unit\tRent\n')).toBe('\t')
    expect(detectDelimiter('Unit\n')).toBe(',')
    const table = parseCsv('Unit;Rent;Notes\n101;1.250,00;"a; b"\n')
    expect(table.delimiter).toBe(';')
    expect(table.records[0].cells).toEqual(['101', '1.250,00', 'a; b'])
  })

  it('keeps stray quotes inside unquoted fields and text after a closing quote, as Excel does', () => {
    expect(parseCsv('a,b\n5" pipe,"x"y\n').records[0].cells).toEqual(['5" pipe', 'xy'])
  })

  it('names the line of a quote that is never closed', () => {
    expect(() => parseCsv('a,b\n1,2\n3,"never closed\n4,5\n')).toThrow(CsvSyntaxError)
    expect(() => parseCsv('a,b\n1,2\n3,"never closed\n4,5\n')).toThrow(/^Line 3: a quoted value is never closed/)
  })

  it('returns no header for an empty file', () => {
    expect(parseCsv('')).toEqual({ delimiter: ',', header: [], records: [] })
  })
})

describe('writeCsv', () => {
  const amount = (i: number) => i === 1

  it('makes every cell that a spreadsheet would run as a formula plain text', () => {
    const attacks = ['=HYPERLINK("http://x")', '+1+1', "-1+cmd|' /C calc'!A0", '@SUM(A1)', '\t=1+1', '\r=1+1', '-2+3']
    const table = parseCsv(writeCsv([['Name', 'Rent'], ...attacks.map((a) => [a, a])], amount))
    for (const [i, attack] of attacks.entries()) expect(table.records[i].cells).toEqual([`'${attack}`, `'${attack}`])
  })

  it('leaves plain negative numbers in amount columns alone, and neutralises them elsewhere', () => {
    const table = parseCsv(writeCsv([['Memo', 'Amount'], ['-12.50', '-12.50'], ['ok', '-3']], amount))
    expect(table.records.map((r) => r.cells)).toEqual([
      ["'-12.50", '-12.50'],
      ['ok', '-3'],
    ])
  })

  it('reads back as written, apart from the apostrophe it adds', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', '1', '-', '=', '+', '@', '"', ',', '\n', '\r\n', '\t', ' ', ';', 'é') })
    fc.assert(
      fc.property(fc.array(fc.tuple(cell.filter((c) => c.trim() !== '' && !/^[\s"]/.test(c)), cell), { minLength: 1, maxLength: 5 }), (rows) => {
        const back = parseCsv(writeCsv([['A', 'B'], ...rows])).records.map((r) => r.cells)
        const expected = rows.map((row) => row.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)))
        expect(back).toEqual(expected)
      }),
    )
  })
})
