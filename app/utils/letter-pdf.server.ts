import { rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { Letter } from '~/domain/letter'
import { newPdf, numberPages, wrapText } from './pdf.server'

/*
 * Letters as one PDF, each starting on a page of its own (a bulk notice's letters, one per lease):
 * the letterhead, the title, each section's labelled facts and paragraphs, then lines to sign. A
 * letter longer than its page goes on to the next, whose pages are then numbered.
 */

const [WIDTH, HEIGHT] = [612, 792]
const MARGIN = 56
const USABLE = WIDTH - 2 * MARGIN
const LABEL_WIDTH = 150
const SIZE = 9.5
const LINE = 12.5

export async function lettersPdf(letters: readonly Letter[], title: string): Promise<Uint8Array> {
  const { doc, regular, bold, safe } = await newPdf(title)
  for (const letter of letters) {
    const pages: PDFPage[] = []
    let page!: PDFPage
    let y = 0
    const newPage = () => {
      page = doc.addPage([WIDTH, HEIGHT])
      pages.push(page)
      y = HEIGHT - MARGIN
    }
    const room = (height: number) => {
      if (y - height < MARGIN) newPage()
    }
    const text = (value: string, x: number, font: PDFFont, size: number, color = rgb(0, 0, 0)) => page.drawText(safe(value), { x, y, size, font, color })
    const lines = (value: string, font: PDFFont, size: number, width: number) => wrapText(safe(value), font, size, width)

    newPage()
    // The sender's name, then its address and contacts on a line of their own.
    const [sender, ...contacts] = letter.letterhead
    text(sender ?? '', MARGIN, bold, 9, rgb(0.3, 0.3, 0.3))
    y -= 12
    for (const line of lines(contacts.join(' · '), regular, 9, USABLE)) {
      text(line, MARGIN, regular, 9, rgb(0.3, 0.3, 0.3))
      y -= 12
    }
    y -= 12
    text(letter.title, MARGIN, bold, 17)
    y -= 16
    if (letter.subtitle) {
      text(letter.subtitle, MARGIN, regular, 10, rgb(0.3, 0.3, 0.3))
      y -= 14
    }
    for (const section of letter.sections) {
      y -= 6
      if (section.heading) {
        room(LINE * 2)
        text(section.heading, MARGIN, bold, 11)
        y -= LINE + 1
      }
      for (const [label, value] of section.rows ?? []) {
        const wrapped = lines(value, regular, SIZE, USABLE - LABEL_WIDTH)
        room(wrapped.length * LINE)
        text(label, MARGIN, bold, SIZE - 0.5)
        for (const line of wrapped) {
          text(line, MARGIN + LABEL_WIDTH, regular, SIZE)
          y -= LINE
        }
      }
      for (const paragraph of section.paragraphs ?? []) {
        const wrapped = lines(paragraph, regular, SIZE, USABLE)
        room(Math.min(wrapped.length, 3) * LINE)
        for (const line of wrapped) {
          room(LINE)
          text(line, MARGIN, regular, SIZE)
          y -= LINE
        }
        y -= 3
      }
    }
    // The lines to sign, side by side, with what each is for beneath.
    y -= 30
    room(24)
    // The last line (the date's) is short; the others share the rest.
    const gap = 24
    const count = letter.signatures.length
    const last = count > 1 ? USABLE * 0.28 : USABLE
    const others = count > 1 ? (USABLE - last - gap * (count - 1)) / (count - 1) : 0
    let x = MARGIN
    letter.signatures.forEach((label, i) => {
      const width = i === count - 1 ? last : others
      page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.7 })
      page.drawText(safe(label), { x, y: y - 12, size: 8.5, font: regular, color: rgb(0.3, 0.3, 0.3) })
      x += width + gap
    })
    if (pages.length > 1) numberPages(doc, regular, MARGIN, pages)
  }
  return doc.save()
}
