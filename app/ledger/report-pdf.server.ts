import { rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { ReportTable } from '~/domain/ledger/report-tables'
import { fitText, newPdf, numberPages } from '~/utils/pdf.server'

/*
 * A statement's table as a PDF: the company and title on top, the column header repeated
 * on every page, amounts right-aligned, headings and totals in bold, page numbers below.
 * Standard fonts only (no font files to ship); text they cannot encode prints as "?".
 */

const MARGIN = 40
const LINE = 13
const PORTRAIT: [number, number] = [612, 792]
const LANDSCAPE: [number, number] = [792, 612]

export async function tablePdf(table: ReportTable, company: string): Promise<Uint8Array> {
  const { doc, regular, bold, safe } = await newPdf(`${table.title} — ${company}`)

  const [width, height] = table.columns.length > 5 ? LANDSCAPE : PORTRAIT
  const usable = width - 2 * MARGIN
  // A wide table (a rent roll's seventeen columns) is set smaller, so that its dates and statuses stay whole.
  const size = table.columns.length > 12 ? 7 : table.columns.length > 8 ? 7.5 : 8.5
  const widths = columnWidths(table, { regular, bold }, usable, safe, size)

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
      const text = fitText(safe(cells[i] ?? ''), font, size, widths[i] - 6)
      const textWidth = font.widthOfTextAtSize(text, size)
      page.drawText(text, { x: column.align === 'right' ? x + widths[i] - 6 - textWidth : x, y, size: size, font })
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

/**
 * Each column as wide as its widest cell. When the page is too narrow, the text columns give up
 * room widest first (a column of names before one of dates): each is held to one width, the
 * largest that fits, so a short column (a date, a status) keeps its width whole; amounts never shrink.
 */
function columnWidths(table: ReportTable, fonts: { regular: PDFFont; bold: PDFFont }, usable: number, safe: (t: string) => string, size: number) {
  // Headings, headings' rows and totals are set in bold: measured as drawn.
  const natural = table.columns.map(
    (c, i) => Math.max(fonts.bold.widthOfTextAtSize(safe(c.label), size), ...table.rows.map((r) => (r.kind ? fonts.bold : fonts.regular).widthOfTextAtSize(safe(r.cells[i] ?? ''), size))) + 8,
  )
  const total = natural.reduce((a, w) => a + w, 0)
  if (total <= usable) return natural.map((w, i) => (i === natural.length - 1 ? w + usable - total : w))
  const fixed = natural.reduce((a, w, i) => a + (table.columns[i].align === 'right' ? w : 0), 0)
  let room = Math.max(usable - fixed, 40)
  const flexible = natural.filter((_, i) => table.columns[i].align !== 'right').sort((a, b) => a - b)
  let cap = Number.POSITIVE_INFINITY
  for (const [k, w] of flexible.entries()) {
    const left = flexible.length - k
    if (w * left <= room) {
      room -= w
      continue
    }
    cap = room / left
    break
  }
  return natural.map((w, i) => (table.columns[i].align === 'right' ? w : Math.min(w, cap)))
}
