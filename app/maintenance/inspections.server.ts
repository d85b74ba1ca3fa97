import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { buildings, inspectionFormItems, inspectionForms, inspectionReportItems, inspectionReports, leaseResidents, leases, photos, rentalUnits, residents } from '~/db/schema'
import { sendEmail } from '~/utils/mailer.server'
import { formatInstant, todayIn } from '~/domain/dates'
import { invalid } from '~/domain/errors'
import {
  DEFAULT_INSPECTION_FORM,
  FOLLOW_UPS,
  finalizeProblems,
  INSPECTION_RATINGS,
  INSPECTION_TYPES,
  itemsForUnit,
  sideBySide,
  worsened,
} from '~/domain/maintenance/inspections'
import { labelOf } from '~/domain/text'
import { timeZoneOf } from './work-orders.server'

/*
 * Inspection reports' rules (issue 15 item 6), called by name from app/resources/inspections.ts:
 * a report's unit, lease and name; its items laid out from its form; what finalizing checks, keeps
 * and opens (work orders for repairs, charges to the lease); and its items beside the move-in's.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/** A new company's inspection form (migration 0040 gave every existing company the same). */
export async function openInspections(tx: Executor, companyId: string) {
  const [form] = await tx.insert(inspectionForms).values({ companyId, name: DEFAULT_INSPECTION_FORM.name, description: DEFAULT_INSPECTION_FORM.description }).returning({ id: inspectionForms.id })
  await tx.insert(inspectionFormItems).values(DEFAULT_INSPECTION_FORM.items.map((item, position) => ({ companyId, formId: form.id, position, ...item })))
}

/** A report's name: "Move-out inspection · 102 · Bronson Court · 2026-11-20" (its inspected day, else its scheduled one). */
const reportLabel = (type: string, unit: string, day: string | null) => [`${labelOf(INSPECTION_TYPES, type)} inspection`, unit, day].filter(Boolean).join(' · ')

/** The lease a report is of when none is named: the unit's lease in force, or (for a move-out) its latest, or (for a move-in) the one about to start. */
async function leaseOfUnit(tx: Executor, companyId: string, unitId: string, type: string) {
  const statuses = type === 'MOVE_IN' ? ['DRAFT', 'ACTIVE', 'NOTICE'] : type === 'MOVE_OUT' ? ['ACTIVE', 'NOTICE', 'ENDED'] : ['ACTIVE', 'NOTICE']
  const [lease] = await tx
    .select({ id: leases.id })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, unitId), inArray(leases.status, statuses)))
    .orderBy(desc(leases.startDate))
    .limit(1)
  return lease?.id ?? null
}

/** The finalized move-in report a move-out is compared with: the lease's, or else the unit's latest. */
async function moveInOf(tx: Executor, companyId: string, unitId: string, leaseId: string | null) {
  const finalizedMoveIns = and(eq(inspectionReports.companyId, companyId), eq(inspectionReports.rentalUnitId, unitId), eq(inspectionReports.inspectionType, 'MOVE_IN'), eq(inspectionReports.status, 'FINALIZED'))
  const ofLease = leaseId
    ? await tx.select({ id: inspectionReports.id }).from(inspectionReports).where(and(finalizedMoveIns, eq(inspectionReports.leaseId, leaseId))).orderBy(desc(inspectionReports.finalizedAt)).limit(1)
    : []
  if (ofLease[0]) return ofLease[0].id
  const [latest] = await tx.select({ id: inspectionReports.id }).from(inspectionReports).where(finalizedMoveIns).orderBy(desc(inspectionReports.finalizedAt)).limit(1)
  return latest?.id ?? null
}

/**
 * A report as it will be stored: of a unit (its property kept beside it) and, where one is named or
 * found, of one of that unit's leases; named by its type, unit and day. A new report of a form and
 * without items of its own starts with the form's, laid out for the unit; a new move-out is
 * compared with the unit's move-in.
 */
export async function checkInspectionReport(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined): Promise<Errors | undefined> {
  const unitId = String(values.rentalUnitId)
  const [unit] = await tx
    .select({ label: rentalUnits.label, bedrooms: rentalUnits.bedrooms, bathrooms: rentalUnits.bathrooms, propertyGroupId: buildings.propertyGroupId })
    .from(rentalUnits)
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, unitId)))
  if (!unit) return { rental_unit_id: ['No such unit in your company.'] }
  values.propertyGroupId = unit.propertyGroupId
  const type = String(values.inspectionType)
  if (values.leaseId) {
    const [lease] = await tx
      .select({ unitId: leases.rentalUnitId })
      .from(leases)
      .where(and(eq(leases.companyId, companyId), eq(leases.id, String(values.leaseId))))
    if (lease?.unitId !== unitId) return { lease_id: ['Choose a lease of the report’s unit.'] }
  } else if (!id) values.leaseId = await leaseOfUnit(tx, companyId, unitId, type)
  if (!id && type === 'MOVE_OUT') values.moveInReportId = await moveInOf(tx, companyId, unitId, (values.leaseId as string | null) ?? null)
  const day = values.inspectedDate ?? values.scheduledDate
  values.label = reportLabel(type, unit.label, (day as string | null | undefined) ?? null)

  // What a line keeps that no client writes (its form's photo rule, what finalizing opened) stays with the line's id.
  if (id && lines?.length) {
    const stored = await tx
      .select({ id: inspectionReportItems.id, photoRequired: inspectionReportItems.photoRequired, workOrderId: inspectionReportItems.workOrderId, chargeId: inspectionReportItems.chargeId })
      .from(inspectionReportItems)
      .where(and(eq(inspectionReportItems.companyId, companyId), eq(inspectionReportItems.reportId, id)))
    const kept = new Map(stored.map(({ id: lineId, ...rest }) => [lineId, rest]))
    for (const line of lines) Object.assign(line, kept.get(String(line.id)) ?? { photoRequired: false })
  }
  if (!id && values.formId) {
    const [form] = await tx
      .select({ isActive: inspectionForms.isActive })
      .from(inspectionForms)
      .where(and(eq(inspectionForms.companyId, companyId), eq(inspectionForms.id, String(values.formId))))
    if (!form?.isActive) return { form_id: ['This form is deactivated: choose another, or reactivate it.'] }
    if (lines && !lines.length) {
      const items = await tx
        .select({ room: inspectionFormItems.room, item: inspectionFormItems.item, repeat: inspectionFormItems.repeat, photoRequired: inspectionFormItems.photoRequired })
        .from(inspectionFormItems)
        .where(and(eq(inspectionFormItems.companyId, companyId), eq(inspectionFormItems.formId, String(values.formId))))
        .orderBy(asc(inspectionFormItems.position))
      const bathrooms = unit.bathrooms === null ? null : Number(unit.bathrooms)
      lines.push(...itemsForUnit(items, { bedrooms: unit.bedrooms, bathrooms }).map((item) => ({ ...item, followUp: 'NONE' })))
    }
  }
  return undefined
}

/** The items of a report with how many photos each has, in order. */
async function itemsWithPhotoCounts(tx: Executor, companyId: string, reportId: string) {
  const [items, counts] = await Promise.all([
    tx
      .select()
      .from(inspectionReportItems)
      .where(and(eq(inspectionReportItems.companyId, companyId), eq(inspectionReportItems.reportId, reportId)))
      .orderBy(asc(inspectionReportItems.position)),
    tx
      .select({ lineId: photos.lineId, n: count() })
      .from(photos)
      .where(and(eq(photos.companyId, companyId), eq(photos.recordType, 'inspection-reports'), eq(photos.recordId, reportId), isNotNull(photos.lineId)))
      .groupBy(photos.lineId),
  ])
  const photosOf = new Map(counts.map((c) => [c.lineId, c.n]))
  return items.map((item) => ({ ...item, photos: photosOf.get(item.id) ?? 0 }))
}

type CreateRecord = (typeof import('~/resources/engine/api.server'))['createRecord']

/**
 * Finalizing a report: every item rated, the photos and amounts it needs there, the inspector's
 * signature and the resident's (or that they refused to sign) where the report is of a lease. It
 * keeps the signatures, when and by whom, and opens what the items call for: a work order for each
 * item to repair and a charge to the lease for each item to charge, each linked from its item.
 */
export async function finalizeReport(tx: Executor, companyId: string, userId: string, record: Row, input: Row, afterCommit: (effect: () => Promise<void>) => void = () => {}) {
  const reportId = String(record.id)
  const items = await itemsWithPhotoCounts(tx, companyId, reportId)
  const problems = finalizeProblems(items)
  if (problems.length) throw invalid(`The report is not ready to finalize: ${problems.slice(0, 3).join(' ')}${problems.length > 3 ? ` And ${problems.length - 3} more.` : ''}`)
  const leaseId = (record.leaseId as string | null) ?? null
  const resident = (input.resident_signature as string | undefined)?.trim() || null
  const refused = input.resident_refused_to_sign === true
  if (leaseId && !resident && !refused)
    throw invalid('The resident signs by typing their name, or say that they refused to sign.', { resident_signature: ['Type the resident’s name as their signature, or tick that they refused to sign.'] })
  const charged = items.filter((i) => i.followUp === 'CHARGE' && !i.chargeId)
  if (charged.length && !leaseId) throw invalid('Items are to be charged to the resident, but the report is of no lease: name its lease first.', { lease_id: ['Choose the lease to charge.'] })

  const [timeZone, [unit]] = await Promise.all([
    timeZoneOf(tx, companyId),
    tx.select({ label: rentalUnits.label }).from(rentalUnits).where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, String(record.rentalUnitId)))),
  ])
  const today = todayIn(timeZone)
  const type = labelOf(INSPECTION_TYPES, record.inspectionType).toLowerCase()
  const inspectedDate = (record.inspectedDate as string | null) ?? today
  await tx
    .update(inspectionReports)
    .set({
      // Named by the day it was inspected, now that there is one.
      label: reportLabel(String(record.inspectionType), unit.label, inspectedDate),
      inspectorSignature: String(input.inspector_signature).trim(),
      residentSignature: refused ? null : resident,
      residentRefusedToSign: refused,
      finalizedAt: new Date(),
      finalizedBy: userId,
      inspectedDate,
      updatedAt: new Date(),
    })
    .where(and(eq(inspectionReports.companyId, companyId), eq(inspectionReports.id, reportId)))

  if (leaseId) await sendCopies(tx, companyId, reportId, leaseId, afterCommit)

  const repairs = items.filter((i) => i.followUp === 'REPAIR' && !i.workOrderId)
  if (!repairs.length && !charged.length) return
  // Loaded here, not at the top: the definitions import these rules.
  const [{ createRecord }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources')])
  const create: CreateRecord = createRecord
  for (const item of repairs) {
    const order = await create(
      tx,
      companyId,
      resourceNamed('work-orders')!,
      {
        values: {
          subject: `${item.room}: ${item.item}`.slice(0, 200),
          description: [`Found ${labelOf(INSPECTION_RATINGS, item.rating).toLowerCase()} at the ${type} inspection of ${today}.`, item.note].filter(Boolean).join('\n\n'),
          property_group_id: record.propertyGroupId,
          rental_unit_id: record.rentalUnitId,
          location: item.room.slice(0, 200),
          priority: 'ROUTINE',
        },
      },
      { userId },
    )
    await tx.update(inspectionReportItems).set({ workOrderId: String(order.id) }).where(and(eq(inspectionReportItems.companyId, companyId), eq(inspectionReportItems.id, item.id)))
  }
  for (const item of charged) {
    const charge = await create(
      tx,
      companyId,
      resourceNamed('rent-receivables')!,
      {
        values: {
          lease_id: leaseId,
          date: today,
          charge_type: 'MAINTENANCE',
          description: `Damage: ${item.room}, ${item.item} (${type} inspection)`.slice(0, 200),
          amount: item.chargeAmount,
        },
      },
      { userId },
    )
    await tx.update(inspectionReportItems).set({ chargeId: String(charge.id) }).where(and(eq(inspectionReportItems.companyId, companyId), eq(inspectionReportItems.id, item.id)))
  }
}

/**
 * The signed report, as a PDF, e-mailed to the lease's tenants who have an address once the
 * finalizing has committed (BC and Alberta want the tenant given a copy within days; everywhere it
 * is the tenant's record of the unit's condition). Made inside the transaction, so it is the report
 * as finalized.
 */
async function sendCopies(tx: Executor, companyId: string, reportId: string, leaseId: string, afterCommit: (effect: () => Promise<void>) => void) {
  const tenants = await tx
    .select({ email: residents.email, name: residents.firstName })
    .from(leaseResidents)
    .innerJoin(residents, eq(residents.id, leaseResidents.residentId))
    .where(and(eq(leaseResidents.companyId, companyId), eq(leaseResidents.leaseId, leaseId), inArray(leaseResidents.role, ['PRIMARY', 'CO_TENANT']), isNotNull(residents.email)))
  if (!tenants.length) return
  const [{ inspectionPdf }, [report]] = await Promise.all([
    import('./inspection-pdf.server'),
    tx.select({ label: inspectionReports.label }).from(inspectionReports).where(and(eq(inspectionReports.companyId, companyId), eq(inspectionReports.id, reportId))),
  ])
  const pdf = await inspectionPdf(tx, companyId, reportId)
  afterCommit(async () => {
    for (const tenant of tenants)
      await sendEmail({
        companyId,
        to: tenant.email!,
        subject: `Your signed inspection report: ${report.label}`,
        category: 'inspection_report',
        text: `Hello ${tenant.name},\n\nThe inspection of your unit is finalized and signed: ${report.label}. Your copy is attached as a PDF; keep it with your lease.`,
        attachments: [{ filename: `${report.label.replace(/[^\w .-]+/g, '-')}.pdf`, contentType: 'application/pdf', content: pdf }],
      })
  })
}

type PhotoRef = { id: string; name: string }

/**
 * A report's items as its page shows them (`items`): each item's rating, note and photos, what it
 * opened, and for a report compared with a move-in, that report's rating, note and photos of the
 * same item beside it (a move-out's items side by side with the move-in's, the move-in's items the
 * move-out lacks after them). Also when it was finalized, on the company's clock.
 */
export async function reportDetails(tx: Executor, companyId: string, records: Row[]) {
  const out = new Map<string, Row>()
  const [timeZone, finalized] = await Promise.all([
    timeZoneOf(tx, companyId),
    tx
      .select({ id: inspectionReports.id, at: inspectionReports.finalizedAt })
      .from(inspectionReports)
      .where(and(eq(inspectionReports.companyId, companyId), inArray(inspectionReports.id, records.map((r) => String(r.id))))),
  ])
  const finalizedAt = new Map(finalized.map((f) => [f.id, f.at]))
  for (const record of records) {
    const id = String(record.id)
    const moveInId = (record.move_in_report_id as string | null) ?? null
    const ids = moveInId ? [id, moveInId] : [id]
    const [items, shots] = await Promise.all([
      tx
        .select()
        .from(inspectionReportItems)
        .where(and(eq(inspectionReportItems.companyId, companyId), inArray(inspectionReportItems.reportId, ids)))
        .orderBy(asc(inspectionReportItems.position)),
      tx
        .select({ id: photos.id, name: photos.name, caption: photos.caption, lineId: photos.lineId })
        .from(photos)
        .where(and(eq(photos.companyId, companyId), eq(photos.recordType, 'inspection-reports'), inArray(photos.recordId, ids), isNotNull(photos.lineId)))
        .orderBy(asc(photos.sortOrder), asc(photos.createdAt)),
    ])
    const photosOf = new Map<string, PhotoRef[]>()
    for (const shot of shots) photosOf.set(shot.lineId!, [...(photosOf.get(shot.lineId!) ?? []), { id: shot.id, name: shot.caption || shot.name }])
    const own = items.filter((i) => i.reportId === id)
    const moveIn = items.filter((i) => i.reportId === moveInId)
    const pairs = moveInId ? sideBySide(moveIn, own) : own.map((item) => ({ room: item.room, item: item.item, moveIn: null, moveOut: item }))
    const rows = pairs.map(({ room, item, moveIn: before, moveOut: now }) => ({
      id: now?.id ?? before!.id,
      room,
      item,
      rating: now?.rating ?? null,
      rating_label: now ? labelOf(INSPECTION_RATINGS, now.rating) || 'Not rated' : 'Not on this report',
      note: now?.note ?? null,
      photos: now ? (photosOf.get(now.id) ?? []) : [],
      follow_up: now && now.followUp !== 'NONE' ? labelOf(FOLLOW_UPS, now.followUp) : null,
      charge_amount: now?.chargeAmount ?? null,
      work_order_id: now?.workOrderId ?? null,
      charge_id: now?.chargeId ?? null,
      move_in_rating_label: moveInId ? (before ? labelOf(INSPECTION_RATINGS, before.rating) || 'Not rated' : 'Not on the move-in') : null,
      move_in_note: before?.note ?? null,
      move_in_photos: moveInId ? (before ? (photosOf.get(before.id) ?? []) : []) : null,
      change: moveInId && worsened(before?.rating, now?.rating) ? 'Worse' : null,
    }))
    const at = finalizedAt.get(id)
    out.set(id, { items: rows, finalized: at ? formatInstant(at.toISOString(), timeZone) : null })
  }
  return out
}
