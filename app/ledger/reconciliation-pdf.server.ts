import { rgb, type PDFPage } from 'pdf-lib'
import { fitText, newPdf, numberPages } from '~/utils/pdf.server'

/*
 * A bank reconciliation as a PDF for the file: the bank account and statement,
 * the balances that tie out, then the cleared items and the outstanding ones.
 * Standard fonts only; a character they cannot encode prints as "?".
 */

export type ReconciliationReport = {
  company: string
  bankAccount: string
  glAccount: string
  statementDate: string
  status: string
  finalizedAt: string | null
  summary: [label: string, amount: string][]
  cleared: { items: ReportItem[]; total: string }
  outstanding: { items: ReportItem[]; total: string }
}
export type ReportItem = { date: string; entry: string; memo: string; amount: string }

const MARGIN = 48
const SIZE = 9
const LINE = 14
const [WIDTH, HEIGHT] = [612, 792]
const COLUMNS = [
  { label: 'Date', x: MARGIN, width: 70 },
  { label: 'Entry', x: MARGIN + 72, width: 50 },
  { label: 'Memo', x: MARGIN + 124, width: 300 },
  { label: 'Amount', x: WIDTH - MARGIN, width: 90, right: true },
]

export async function reconciliationPdf(report: ReconciliationReport): Promise<Uint8Array> {
  const { doc, regular, bold, safe } = await newPdf(`Bank reconciliation — ${report.bankAccount} — ${report.statementDate}`)

  let page: PDFPage = doc.addPage([WIDTH, HEIGHT])
  let y = HEIGHT - MARGIN
  const ensure = (space: number) => {
    if (y - space >= MARGIN) return
    page = doc.addPage([WIDTH, HEIGHT])
    y = HEIGHT - MARGIN
  }
  const text = (value: string, x: number, font = regular, size = SIZE, right = false) => {
    const s = safe(value)
    page.drawText(s, { x: right ? x - font.widthOfTextAtSize(s, size) : x, y, size, font })
  }

  text(report.company, MARGIN, regular, 10)
  y -= 20
  text('Bank reconciliation', MARGIN, bold, 18)
  y -= 20
  text(`${report.bankAccount} (${report.glAccount})`, MARGIN, regular, 11)
  y -= 15
  text(`Statement date ${report.statementDate} · ${report.status === 'FINAL' ? `Final${report.finalizedAt ? `, ${report.finalizedAt.slice(0, 10)}` : ''}` : 'Draft'}`, MARGIN, regular, 10)
  y -= 24

  for (const [label, amount] of report.summary) {
    const isDifference = label === 'Difference'
    text(label, MARGIN, isDifference ? bold : regular, 10)
    text(amount, MARGIN + 320, isDifference ? bold : regular, 10, true)
    y -= LINE
  }
  y -= 10

  const section = (title: string, items: ReportItem[], total: string) => {
    ensure(3 * LINE)
    text(`${title} (${items.length})`, MARGIN, bold, 12)
    y -= LINE + 2
    const header = () => {
      for (const c of COLUMNS) text(c.label, c.x, bold, SIZE, c.right)
      page.drawLine({ start: { x: MARGIN, y: y - 3 }, end: { x: WIDTH - MARGIN, y: y - 3 }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) })
      y -= LINE
    }
    header()
    if (!items.length) {
      text('None', MARGIN, regular)
      y -= LINE
    }
    for (const item of items) {
      if (y - LINE < MARGIN) {
        ensure(2 * LINE)
        header()
      }
      const cells = [item.date, item.entry, item.memo, item.amount]
      COLUMNS.forEach((c, i) => text(fitText(safe(cells[i]), regular, SIZE, c.width), c.x, regular, SIZE, c.right))
      y -= LINE
    }
    ensure(LINE)
    text('Total', COLUMNS[2].x, bold)
    text(total, WIDTH - MARGIN, bold, SIZE, true)
    y -= LINE + 12
  }
  section('Cleared items', report.cleared.items, report.cleared.total)
  section('Outstanding items', report.outstanding.items, report.outstanding.total)

  numberPages(doc, regular, MARGIN)
  return doc.save()
}
