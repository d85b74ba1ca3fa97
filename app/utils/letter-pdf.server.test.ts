import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts, type PDFObject } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import type { Letter } from '~/domain/letter'
import { lettersPdf } from './letter-pdf.server'

/** Each text run of a page as drawn: where it starts, its baseline, its size and its words. */
async function runs(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes)
  const page = doc.getPages().at(-1)!
  const contents = page.node.Contents()
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : []
  const operators = streams.map((stream) => Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array()).toString('latin1')).join('\n')
  return [...operators.matchAll(/([\d.]+) Tf[\s\S]*?1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g)].map((m) => ({
    size: Number(m[1]),
    x: Number(m[2]),
    y: Number(m[3]),
    text: Buffer.from(m[4], 'hex').toString('latin1'),
  }))
}

const letter = (signatures: string[]): Letter => ({ letterhead: ['Maple Street Properties'], title: 'Residential Tenancy Agreement', sections: [{ paragraphs: ['By signing, the landlord and the tenant agree to it.'] }], signatures })

describe('the lines to sign at the foot of a letter', () => {
  it('never lets one caption run into another, however many sign and however long their names', async () => {
    const signatures = [
      'Landlord or agent (Maple Street Properties Management Incorporated, for its owners)',
      'Tenant: Grace Brewster Murray Hopper',
      'Tenant: Ada Lovelace',
      'Tenant: Katherine Coleman Goble Johnson',
      'Date',
    ]
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)
    const captions = (await runs(await lettersPdf([letter(signatures)], 'Lease'))).filter((r) => r.size === 8.5)
    // Every caption is there, whole (a long one wrapped onto a second line).
    expect(captions.map((c) => c.text).join(' ')).toContain('Landlord or agent (Maple Street Properties Management Incorporated, for its owners)')
    for (const name of signatures.slice(1, -1)) expect(captions.map((c) => c.text)).toContain(name)
    expect(captions.filter((c) => c.text === 'Date')).toHaveLength(4)
    for (const [i, a] of captions.entries()) {
      for (const b of captions.slice(i + 1)) {
        if (Math.abs(a.y - b.y) >= a.size) continue
        const [left, right] = a.x <= b.x ? [a, b] : [b, a]
        expect(left.x + font.widthOfTextAtSize(left.text, left.size), `"${left.text}" runs into "${right.text}"`).toBeLessThanOrEqual(right.x)
      }
    }
  })

  it('gives one line to sign the whole width, and two side by side', async () => {
    const one = (await runs(await lettersPdf([letter(['Authorized by'])], 'Order'))).filter((r) => r.size === 8.5)
    expect(one.map((c) => c.text)).toEqual(['Authorized by'])
    const two = (await runs(await lettersPdf([letter(['Signature of the account holder', 'Date'])], 'PAD'))).filter((r) => r.size === 8.5)
    expect(two.map((c) => c.text)).toEqual(['Signature of the account holder', 'Date'])
    expect(two[0].y).toBe(two[1].y)
  })

  it('wraps a label longer than its column beside its value, never over it', async () => {
    const facts: Letter = {
      letterhead: ['Maple Street Properties'],
      title: 'Statement of deposit disposition',
      sections: [{ heading: 'Deposits held', rows: [['Last month’s rent deposit, received 2026-11-28', '$1,850.00'], ['Interest earned', '$0.21']] }],
      signatures: ['Landlord or agent', 'Date'],
    }
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.HelveticaBold)
    const drawn = await runs(await lettersPdf([facts], 'Statement'))
    const amount = drawn.find((r) => r.text === '$1,850.00')!
    const interest = drawn.find((r) => r.text === 'Interest earned')!
    const labels = drawn.filter((r) => r.size === 9 && r.x < amount.x && r.y <= amount.y && r.y > interest.y)
    expect(labels.length).toBeGreaterThan(1)
    expect(labels.map((l) => l.text).join(' ')).toMatch(/^Last month.s rent deposit, received 2026-11-28$/)
    for (const label of labels) expect(label.x + font.widthOfTextAtSize(label.text.replace('\x92', "'"), label.size), `"${label.text}" runs into the amount`).toBeLessThanOrEqual(amount.x)
    // The next row starts below the wrapped label, a line on.
    expect(interest.y).toBeLessThanOrEqual(Math.min(...labels.map((l) => l.y)) - 12)
  })
})
