import { rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { ReportTable } from '~/domain/ledger/report-tables'
import { fitText, newPdf, numberPages } from '~/utils/pdf.server'

/*
 * A statement's table as a PDF: the company and title on top, the column header repeated
 * on every page, amounts right-aligned, headings and totals in bold, page numbers below.
 * Standard fonts only (no font files to ship); text they cannot encode prints as "?".
 */

const MARGIN = 40
const SIZE = 8.5
const LINE = 13
const PORTRAIT: [number, number] = [612, 792]
const LANDSCAPE: [number, number] = [792, 612]

export async function tablePdf(table: ReportTable, company: string): Promise<Uint8Array> {
  const { doc, regular, bold, safe } = await newPdf(`${table.title} — ${company}`)

  const [width, height] = table.columns.length > 5 ? LANDSCAPE : PORTRAIT
  const usable = width - 2 * MARGIN
  const widths = columnWidths(table, regular, usable, safe)

  let page!: PDFPage
  let y = 0
  const newPage = () => {
    page = doc.addPage([width, height])
    y = height - MARGIN
    if (doc.getPageCount() === 1) {
      page.drawText(safe(company), { x: MARGIN, y, size: 10, font: regular, color: rgb(0.35, 0.35, 0.35) })
      y -= 18
      page.drawText(safe(table.title), { x: MARGIN, y, size: 16, font: bold })
      y -= 16
      for (const line of table.subtitle) {
        page.drawText(safe(line), { x: MARGIN, y, size: 9, font: regular })
        y -= 12
      }
      y -= 6
    }
    drawRow(table.columns.map((c) => c.label), bold)
    page.drawLine({ start: { x: MARGIN, y: y + LINE - 3 }, end: { x: width - MARGIN, y: y + LINE - 3 }, thickness: 0.5 })
  }
  const drawRow = (cells: (string | null)[], font: PDFFont) => {
    let x = MARGIN
    table.columns.forEach((column, i) => {
      const text = fitText(safe(cells[i] ?? ''), font, SIZE, widths[i] - 6)
      const textWidth = font.widthOfTextAtSize(text, SIZE)
      page.drawText(text, { x: column.align === 'right' ? x + widths[i] - 6 - textWidth : x, y, size: SIZE, font })
      x += widths[i]
    })
    y -= LINE
  }

  newPage()
  for (const row of table.rows) {
    if (y < MARGIN + LINE) newPage()
    if (row.kind === 'total') page.drawLine({ start: { x: MARGIN, y: y + LINE - 3 }, end: { x: width - MARGIN, y: y + LINE - 3 }, thickness: 0.3, color: rgb(0.6, 0.6, 0.6) })
    drawRow(row.cells, row.kind ? bold : regular)
  }
  numberPages(doc, regular, MARGIN)
  return doc.save()
}

/** Each column as wide as its widest cell, text columns shrunk first when the page is too narrow. */
function columnWidths(table: ReportTable, font: PDFFont, usable: number, safe: (t: string) => string) {
  const natural = table.columns.map((c, i) => Math.max(font.widthOfTextAtSize(safe(c.label), SIZE), ...table.rows.map((r) => font.widthOfTextAtSize(safe(r.cells[i] ?? ''), SIZE))) + 8)
  const total = natural.reduce((a, w) => a + w, 0)
  if (total <= usable) return natural.map((w, i) => (i === natural.length - 1 ? w + usable - total : w))
  const fixed = natural.reduce((a, w, i) => a + (table.columns[i].align === 'right' ? w : 0), 0)
  const flexible = total - fixed
  const room = Math.max(usable - fixed, 40)
  return natural.map((w, i) => (table.columns[i].align === 'right' ? w : (w / flexible) * room))
}
