import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import type { ReportTable } from '~/domain/ledger/report-tables'
import { tablePdf } from './report-pdf.server'

/** The words drawn on a PDF's first page, run by run. */
async function words(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes)
  const contents = doc.getPages()[0].node.Contents()
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : []
  const operators = streams.map((stream) => Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array()).toString('latin1')).join('\n')
  return [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1'))
}

describe('a report as a PDF', () => {
  it('keeps a wide table’s dates and statuses whole, shortening its longest text columns first', async () => {
    const columns = ['Property', 'Unit', 'Type', 'Status', 'Residents', 'Lease', 'Move-in', 'Lease end', 'Notice', 'Move-out'].map((label) => ({ label }))
    const amounts = ['Market rent', 'Actual rent', 'Other charges', 'Deposit held', 'Balance', 'Area', 'Bedrooms'].map((label) => ({ label, align: 'right' as const }))
    const table: ReportTable = {
      title: 'Rent Roll',
      subtitle: ['As of 2026-11-28'],
      columns: [...columns, ...amounts],
      rows: Array.from({ length: 20 }, (_, i) => ({
        cells: [
          'Bronson Court Apartments and Townhomes',
          `${101 + i} · Bronson Court Apartments`,
          'Apartment',
          'Occupied',
          'Grace Brewster Murray Hopper, Katherine Coleman Goble Johnson',
          `${101 + i} · Bronson Court from 2025-05-01`,
          '2025-05-01',
          '2026-04-30',
          '2026-02-28',
          '2026-04-30',
          '1,850.00',
          '1,850.00',
          '75.00',
          '1,850.00',
          '-120.00',
          '850',
          '2',
        ],
      })),
    }
    const drawn = await words(await tablePdf(table, 'Maple Street Properties'))
    for (const whole of ['2025-05-01', '2026-04-30', '2026-02-28', 'Occupied', 'Apartment', 'Move-in', 'Lease end', 'Market rent', 'Deposit held', 'Bedrooms', '1,850.00', '-120.00']) expect(drawn, whole).toContain(whole)
    // The long names are what give way.
    expect(drawn.some((w) => w.startsWith('Grace B') && !w.includes('Katherine'))).toBe(true)
  })
})
