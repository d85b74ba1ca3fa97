import { and, asc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { rgb, type PDFImage, type PDFPage } from 'pdf-lib'
import type { Executor } from '~/db/client.server'
import { companies, inspectionReports, leases, photos, propertyGroups, rentalUnits, users } from '~/db/schema'
import { INSPECTION_STATUSES } from '~/domain/maintenance/inspections'
import { labelOf } from '~/domain/text'
import { fileStore } from '~/utils/file-store.server'
import { fitText, newPdf, numberPages, wrapText } from '~/utils/pdf.server'
import { reportDetails } from './inspections.server'

/*
 * An inspection report as a PDF for the file and for the resident (SPEC.md §7
 * inspection-reports/{id}/generate-pdf/): the unit, lease and people; every item with its rating
 * and note (a move-out's beside the move-in's); the photos of the items, each named; and the
 * signatures. A report not finalized says so on every page. Standard fonts only.
 */

const MARGIN = 48
const SIZE = 8.5
const LINE = 12
const [WIDTH, HEIGHT] = [612, 792]
/** At most this many photos are printed (the rest are listed by name): a report stays a file people can e-mail. */
const PHOTOS_PRINTED = 60

type Image = { id: string; label: string; image: PDFImage | null; name: string }

async function bytesOf(storageKey: string) {
  const stream = await fileStore().get(storageKey)
  if (!stream) return null
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export async function inspectionPdf(tx: Executor, companyId: string, reportId: string): Promise<Uint8Array> {
  const inspector = alias(users, 'inspector')
  const [report] = await tx
    .select({
      label: inspectionReports.label,
      status: inspectionReports.status,
      moveInReportId: inspectionReports.moveInReportId,
      scheduledDate: inspectionReports.scheduledDate,
      inspectedDate: inspectionReports.inspectedDate,
      summary: inspectionReports.summary,
      inspectorSignature: inspectionReports.inspectorSignature,
      residentSignature: inspectionReports.residentSignature,
      refused: inspectionReports.residentRefusedToSign,
      company: companies.name,
      unit: rentalUnits.label,
      property: propertyGroups.name,
      lease: leases.label,
      inspectorFirst: inspector.firstName,
      inspectorLast: inspector.lastName,
    })
    .from(inspectionReports)
    .innerJoin(companies, eq(companies.id, inspectionReports.companyId))
    .innerJoin(rentalUnits, eq(rentalUnits.id, inspectionReports.rentalUnitId))
    .innerJoin(propertyGroups, eq(propertyGroups.id, inspectionReports.propertyGroupId))
    .leftJoin(leases, eq(leases.id, inspectionReports.leaseId))
    .leftJoin(inspector, eq(inspector.id, inspectionReports.inspectorUserId))
    .where(and(eq(inspectionReports.companyId, companyId), eq(inspectionReports.id, reportId)))
  const details = (await reportDetails(tx, companyId, [{ id: reportId, move_in_report_id: report.moveInReportId }])).get(reportId)!
  const items = details.items as { room: string; item: string; rating_label: string; note: string | null; photos: { id: string; name: string }[]; move_in_rating_label: string | null; move_in_photos: { id: string; name: string }[] | null; follow_up: string | null; change: string | null }[]
  const compared = !!report.moveInReportId

  const { doc, regular, bold, safe } = await newPdf(report.label)
  // The photos, in the items' order: the move-in's of an item, then its own.
  const wanted = items.flatMap((i) => [...(i.move_in_photos ?? []).map((p) => ({ ...p, label: `${i.room}: ${i.item} (move-in)` })), ...i.photos.map((p) => ({ ...p, label: `${i.room}: ${i.item}` }))])
  const stored = wanted.length
    ? await tx
        .select({ id: photos.id, storageKey: photos.storageKey, contentType: photos.contentType, name: photos.name })
        .from(photos)
        .where(and(eq(photos.companyId, companyId), inArray(photos.id, wanted.map((p) => p.id))))
        .orderBy(asc(photos.sortOrder))
    : []
  const byId = new Map(stored.map((s) => [s.id, s]))
  const images: Image[] = []
  for (const [n, photo] of wanted.entries()) {
    const row = byId.get(photo.id)
    if (!row) continue
    let image: PDFImage | null = null
    // PDF carries JPEG and PNG as they are; other kinds (HEIC, WebP) are listed by name.
    if (n < PHOTOS_PRINTED && (row.contentType === 'image/jpeg' || row.contentType === 'image/png')) {
      const bytes = await bytesOf(row.storageKey)
      if (bytes) image = await (row.contentType === 'image/jpeg' ? doc.embedJpg(bytes) : doc.embedPng(bytes)).catch(() => null)
    }
    images.push({ id: photo.id, label: photo.label, image, name: photo.name })
  }

  let page: PDFPage = doc.addPage([WIDTH, HEIGHT])
  let y = HEIGHT - MARGIN
  const newPage = () => {
    page = doc.addPage([WIDTH, HEIGHT])
    y = HEIGHT - MARGIN
  }
  const ensure = (space: number) => {
    if (y - space < MARGIN) newPage()
  }
  const text = (value: string, x: number, font = regular, size = SIZE) => page.drawText(safe(value), { x, y, size, font })

  text(report.company, MARGIN, regular, 10)
  y -= 22
  text(report.label, MARGIN, bold, 15)
  y -= 18
  const facts: [string, string | null][] = [
    ['Property', report.property],
    ['Unit', report.unit],
    ['Lease', report.lease],
    ['Inspector', [report.inspectorFirst, report.inspectorLast].filter(Boolean).join(' ') || null],
    ['Scheduled for', report.scheduledDate],
    ['Inspected on', report.inspectedDate],
    ['Status', labelOf(INSPECTION_STATUSES, report.status)],
  ]
  for (const [label, value] of facts) {
    if (!value) continue
    text(label, MARGIN, bold, 9)
    text(value, MARGIN + 90, regular, 9)
    y -= LINE
  }
  if (report.summary) {
    y -= 4
    for (const line of wrapText(report.summary, regular, 9, WIDTH - 2 * MARGIN)) {
      ensure(LINE)
      text(line, MARGIN, regular, 9)
      y -= LINE
    }
  }
  y -= 10

  // The items: room, item, (move-in rating,) rating, note, follow-up.
  const columns = [
    { label: 'Room', width: 80 },
    { label: 'Item', width: 100 },
    ...(compared ? [{ label: 'At move-in', width: 62 }] : []),
    { label: 'Rating', width: 62 },
    { label: 'Note', width: compared ? 150 : 212 },
    { label: 'Photos', width: 40 },
  ]
  const xs = columns.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? MARGIN : acc[i - 1] + columns[i - 1].width], [])
  const header = () => {
    columns.forEach((c, i) => text(c.label, xs[i], bold))
    page.drawLine({ start: { x: MARGIN, y: y - 3 }, end: { x: WIDTH - MARGIN, y: y - 3 }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) })
    y -= LINE + 2
  }
  ensure(3 * LINE)
  text(`Items (${items.length})`, MARGIN, bold, 11)
  y -= LINE + 4
  header()
  for (const item of items) {
    const noteLines = wrapText([item.note, item.follow_up ? `Follow-up: ${item.follow_up}` : null].filter(Boolean).join(' · '), regular, SIZE, columns.at(-2)!.width - 6)
    ensure(noteLines.length * LINE + 2)
    if (y === HEIGHT - MARGIN) header()
    const cells = [item.room, item.item, ...(compared ? [item.move_in_rating_label ?? ''] : []), item.change ? `${item.rating_label} (worse)` : item.rating_label]
    cells.forEach((cell, i) => text(fitText(cell, i === cells.length - 1 && item.change ? bold : regular, SIZE, columns[i].width - 6), xs[i], i === cells.length - 1 && item.change ? bold : regular))
    const shots = item.photos.length + (item.move_in_photos?.length ?? 0)
    if (shots) text(String(shots), xs.at(-1)!, regular)
    noteLines.forEach((line, i) => {
      page.drawText(safe(line), { x: xs.at(-2)!, y: y - i * LINE, size: SIZE, font: regular })
    })
    y -= noteLines.length * LINE + 2
  }

  if (images.length) {
    y -= 10
    ensure(3 * LINE)
    text(`Photos (${images.length})`, MARGIN, bold, 11)
    y -= LINE + 6
    // Three to a row, each scaled into its box, named under it.
    const box = (WIDTH - 2 * MARGIN - 2 * 12) / 3
    let column = 0
    for (const shot of images) {
      if (column === 0) ensure(box + 2 * LINE)
      const x = MARGIN + column * (box + 12)
      if (shot.image) {
        const scale = Math.min(box / shot.image.width, box / shot.image.height)
        page.drawImage(shot.image, { x, y: y - shot.image.height * scale, width: shot.image.width * scale, height: shot.image.height * scale })
      } else page.drawText(safe(fitText(`(${shot.name}: not printable)`, regular, SIZE, box)), { x, y: y - box / 2, size: SIZE, font: regular })
      page.drawText(safe(fitText(shot.label, regular, SIZE, box)), { x, y: y - box - LINE, size: SIZE, font: regular })
      column = (column + 1) % 3
      if (column === 0) y -= box + 2 * LINE
    }
    if (column !== 0) y -= box + 2 * LINE
  }

  y -= 10
  ensure(6 * LINE)
  text('Signatures', MARGIN, bold, 11)
  y -= LINE + 4
  if (report.status === 'FINALIZED') {
    text(`Inspector: ${report.inspectorSignature ?? ''}`, MARGIN, regular, 10)
    y -= LINE + 2
    text(report.refused ? 'Resident: refused to sign' : `Resident: ${report.residentSignature ?? '(no lease: not asked)'}`, MARGIN, regular, 10)
    y -= LINE + 2
    text(`Finalized ${String(details.finalized ?? '')}; signed electronically by typing their names.`, MARGIN, regular, 9)
  } else text('Not finalized: this report can still change and is not signed.', MARGIN, bold, 10)

  if (report.status !== 'FINALIZED')
    for (const p of doc.getPages()) p.drawText('DRAFT · NOT FINALIZED', { x: WIDTH - MARGIN - 120, y: HEIGHT - MARGIN + 14, size: 9, font: bold, color: rgb(0.7, 0.1, 0.1) })
  numberPages(doc, regular, MARGIN)
  return doc.save()
}
