import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib'

/*
 * What every PDF Lintel makes shares (statements, reconciliations, letters): the standard fonts
 * (no font files to ship), text they cannot encode printed as "?", text cut or wrapped to a width,
 * and page numbers at the foot.
 */

/** A new document with its title, Helvetica and Helvetica Bold, and `safe` to keep text within what they encode. */
export async function newPdf(title: string) {
  const doc = await PDFDocument.create()
  doc.setTitle(title)
  doc.setProducer('Lintel')
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  return { doc, regular, bold, safe: safeTextFor(regular) }
}

/** Keeps text within what a font encodes: anything else prints as "?" (a standard font has no glyph for it). */
export function safeTextFor(font: PDFFont) {
  const encodable = new Set(font.getCharacterSet())
  return (text: string) => Array.from(text, (ch) => (encodable.has(ch.codePointAt(0)!) ? ch : '?')).join('')
}

/** `text` cut to `width` at `size`, an ellipsis where it was cut. */
export function fitText(text: string, font: PDFFont, size: number, width: number) {
  if (font.widthOfTextAtSize(text, size) <= width) return text
  let cut = text
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1)
  return `${cut}…`
}

/** `text` in lines of at most `width` at `size`, broken between words (a word longer than a line is cut). */
export function wrapText(text: string, font: PDFFont, size: number, width: number) {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) <= width) line = next
    else {
      if (line) lines.push(line)
      line = fitText(word, font, size, width)
    }
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

/** "Page 1 of 3" at the foot of each of `pages` (every page of the document unless given). */
export function numberPages(doc: PDFDocument, font: PDFFont, margin: number, pages = doc.getPages()) {
  pages.forEach((page, i) =>
    page.drawText(`Page ${i + 1} of ${pages.length}`, { x: page.getWidth() - margin - 60, y: margin / 2, size: 8, font, color: rgb(0.4, 0.4, 0.4) }),
  )
}
