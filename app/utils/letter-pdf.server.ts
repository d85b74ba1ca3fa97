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
        // A label longer than its column ("Last month's rent deposit, received …") wraps within it, beside its value.
        const labelLines = lines(label, bold, SIZE - 0.5, LABEL_WIDTH - 10)
        const wrapped = lines(value, regular, SIZE, USABLE - LABEL_WIDTH)
        const height = Math.max(labelLines.length, wrapped.length)
        room(height * LINE)
        const top = y
        labelLines.forEach((line, k) => {
          y = top - k * LINE
          text(line, MARGIN, bold, SIZE - 0.5)
        })
        wrapped.forEach((line, k) => {
          y = top - k * LINE
          text(line, MARGIN + LABEL_WIDTH, regular, SIZE)
        })
        y = top - height * LINE
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
    // The lines to sign, with what each is for beneath: each party on a row of its own, beside the
    // short last line (the date's), so that no caption runs into another however many parties sign
    // or however long their names; a caption longer than its line wraps beneath it.
    const gap = 24
    const count = letter.signatures.length
    const beside = count > 1 ? letter.signatures[count - 1] : undefined
    const parties = count > 1 ? letter.signatures.slice(0, -1) : letter.signatures
    const besideWidth = beside === undefined ? 0 : USABLE * 0.28
    const partyWidth = USABLE - (beside === undefined ? 0 : besideWidth + gap)
    const caption = (value: string, x: number, width: number) => {
      const wrapped = lines(value, regular, 8.5, width)
      wrapped.forEach((line, k) => page.drawText(line, { x, y: y - 12 - 10 * k, size: 8.5, font: regular, color: rgb(0.3, 0.3, 0.3) }))
      return wrapped.length
    }
    for (const party of parties) {
      // Room above each line to sign by hand.
      y -= 36
      room(12 + 10 * lines(party, regular, 8.5, partyWidth).length)
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + partyWidth, y }, thickness: 0.7 })
      let captionLines = caption(party, MARGIN, partyWidth)
      if (beside !== undefined) {
        const x = MARGIN + partyWidth + gap
        page.drawLine({ start: { x, y }, end: { x: x + besideWidth, y }, thickness: 0.7 })
        captionLines = Math.max(captionLines, caption(beside, x, besideWidth))
      }
      y -= 10 * (captionLines - 1)
    }
    if (pages.length > 1) numberPages(doc, regular, MARGIN, pages)
  }
  return doc.save()
}
