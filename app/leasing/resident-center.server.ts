import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { buildings, companies, documents, journalEntries, leaseAttachments, leaseResidents, leases, propertyGroups, rentalUnits, rentCharges, rentPaymentAllocations, rentPayments, residents } from '~/db/schema'
import { notFound } from '~/domain/errors'
import { HOLDS_UNIT, LEASE_STATUSES, LEASE_TYPES, RESIDENT_ROLES } from '~/domain/leasing/leases'
import { PAYMENT_METHODS, PAYMENT_STATUSES, RENT_PAYMENT_SOURCE } from '~/domain/leasing/payments'
import { SCHEDULE_FREQUENCIES } from '~/domain/leasing/rent'
import { paidFor, receiptNumberOf, SHARED_WITH_RESIDENTS, tenantsOf, unitAddressOf, type PostalAddress } from '~/domain/leasing/resident-center'
import { formatMoney } from '~/domain/money'
import { LEASE_ATTACHMENT_CATEGORIES } from '~/domain/leasing/lease-attachments'
import { DOCUMENT_TYPES } from '~/domain/reference-data'
import { leaseBalances, rentAccount } from './leases.server'
import { nextCharges } from './rent.server'

/*
 * What a resident reads in the resident center, and only their own: a signed-in resident is the
 * resident records linked to their account (`residents.user_id`), and sees the leases those
 * records are on (drafts aside: a lease not yet signed is not theirs yet), those leases' ledgers
 * and receipts, the documents kept on their records and their leases' attachments shared with
 * them. Anything else, another resident's or another company's, is not found, so an id tells them
 * nothing.
 */

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) => options.find((o) => o.value === value)?.label ?? value ?? ''

/** The records a resident's account is, and the leases (other than drafts) those records are on. */
export async function residentScope(tx: Executor, companyId: string, userId: string) {
  const people = await tx
    .select({ id: residents.id, firstName: residents.firstName, lastName: residents.lastName })
    .from(residents)
    .where(and(eq(residents.companyId, companyId), eq(residents.userId, userId)))
    .orderBy(asc(residents.lastName), asc(residents.firstName), asc(residents.id))
  const onLeases = people.length
    ? await tx
        .selectDistinct({ leaseId: leaseResidents.leaseId, residentId: leaseResidents.residentId })
        .from(leaseResidents)
        .innerJoin(leases, eq(leases.id, leaseResidents.leaseId))
        .where(
          and(
            eq(leaseResidents.companyId, companyId),
            inArray(
              leaseResidents.residentId,
              people.map((p) => p.id),
            ),
            ne(leases.status, 'DRAFT'),
          ),
        )
    : []
  return {
    residents: people.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() })),
    leaseIds: [...new Set(onLeases.map((l) => l.leaseId))],
    /** The leases each of their records is on. */
    leasesOf: (residentId: string) => onLeases.filter((l) => l.residentId === residentId).map((l) => l.leaseId),
  }
}

type Scope = Awaited<ReturnType<typeof residentScope>>

/** One of the resident's leases, or not found. */
function checkLease(scope: Scope, leaseId: string) {
  if (!isUuid(leaseId) || !scope.leaseIds.includes(leaseId)) throw notFound('No such lease.')
}

/** Leases as a resident reads them: where (the unit and its address), their terms, their status and what they owe; leases in force first, newest first. */
async function leaseTerms(tx: Executor, companyId: string, leaseIds: string[], balances: Map<string, number>) {
  if (!leaseIds.length) return []
  const rows = await tx
    .select({ lease: leases, unitNumber: rentalUnits.unitNumber, unitLabel: rentalUnits.label, buildingAddress: buildings.address, propertyAddress: propertyGroups.address })
    .from(leases)
    .innerJoin(rentalUnits, eq(rentalUnits.id, leases.rentalUnitId))
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .innerJoin(propertyGroups, eq(propertyGroups.id, buildings.propertyGroupId))
    .where(and(eq(leases.companyId, companyId), inArray(leases.id, leaseIds)))
    .orderBy(desc(inArray(leases.status, [...HOLDS_UNIT])), desc(leases.startDate), asc(leases.id))
  return rows.map(({ lease, unitNumber, unitLabel, buildingAddress, propertyAddress }) => ({
    id: lease.id,
    label: lease.label,
    unit: unitLabel,
    unit_address: unitAddressOf(unitNumber, (buildingAddress ?? propertyAddress) as PostalAddress | null),
    status: lease.status,
    status_label: labelOf(LEASE_STATUSES, lease.status),
    lease_type: lease.leaseType,
    lease_type_label: labelOf(LEASE_TYPES, lease.leaseType),
    start_date: lease.startDate,
    end_date: lease.endDate,
    move_in_date: lease.moveInDate ?? lease.startDate,
    notice_date: lease.noticeDate,
    move_out_date: lease.moveOutDate,
    rent: formatMoney(lease.rent),
    rent_frequency: lease.rentFrequency,
    rent_frequency_label: labelOf(SCHEDULE_FREQUENCIES, lease.rentFrequency),
    rent_due_day: lease.rentDueDay ?? 1,
    balance: formatMoney(balances.get(lease.id) ?? 0),
  }))
}

/** Payments to these leases, newest first (at most `limit`), each with its receipt's number. */
async function paymentsOf(tx: Executor, companyId: string, leaseIds: string[], limit?: number) {
  if (!leaseIds.length) return []
  const query = tx
    .select({ payment: rentPayments, leaseLabel: leases.label, entryNumber: journalEntries.number })
    .from(rentPayments)
    .innerJoin(leases, eq(leases.id, rentPayments.leaseId))
    .leftJoin(
      journalEntries,
      and(
        eq(journalEntries.companyId, rentPayments.companyId),
        eq(journalEntries.sourceType, RENT_PAYMENT_SOURCE),
        eq(journalEntries.sourceId, rentPayments.id),
        eq(journalEntries.purpose, 'RECEIPT'),
      ),
    )
    .where(and(eq(rentPayments.companyId, companyId), inArray(rentPayments.leaseId, leaseIds)))
    .orderBy(desc(rentPayments.date), desc(rentPayments.createdAt), desc(rentPayments.id))
    .$dynamic()
  const rows = await (limit ? query.limit(limit) : query)
  return rows.map(({ payment, leaseLabel, entryNumber }) => ({
    id: payment.id,
    lease_id: payment.leaseId,
    lease_label: leaseLabel,
    receipt_number: entryNumber === null ? null : receiptNumberOf(entryNumber),
    date: payment.date,
    amount: formatMoney(payment.amount),
    method: payment.method,
    method_label: labelOf(PAYMENT_METHODS, payment.method),
    reference: payment.reference,
    status: payment.status,
    status_label: labelOf(PAYMENT_STATUSES, payment.status),
    returned_date: payment.returnedDate,
  }))
}

/** The earliest next charge of these leases (their schedules'), with its lease. */
async function nextChargeOf(tx: Executor, companyId: string, leaseIds: string[]) {
  const next = [...(await nextCharges(tx, companyId, leaseIds))].sort(([, a], [, b]) => a.date.localeCompare(b.date))[0]
  return next ? { lease_id: next[0], date: next[1].date, amount: formatMoney(next[1].amount) } : null
}

const RECENT_PAYMENTS = 5

/**
 * The resident center's first page (SPEC.md §7 `resident-dashboard/`): who the resident is, what
 * they owe on all their leases together, their next charge, their leases and their latest payments.
 */
export async function residentDashboard(tx: Executor, companyId: string, userId: string) {
  const scope = await residentScope(tx, companyId, userId)
  const [balances, payments] = await Promise.all([leaseBalances(tx, companyId, scope.leaseIds), paymentsOf(tx, companyId, scope.leaseIds, RECENT_PAYMENTS)])
  const terms = await leaseTerms(tx, companyId, scope.leaseIds, balances)
  const inForce = terms.filter((l) => HOLDS_UNIT.includes(l.status as never)).map((l) => l.id)
  const balance = [...balances.values()].reduce((sum, b) => sum + b, 0)
  return {
    residents: scope.residents,
    balance: formatMoney(balance),
    next_charge: await nextChargeOf(tx, companyId, inForce),
    leases: terms,
    recent_payments: payments,
  }
}

/** One of the resident's leases: its terms, who is on it, its next charge, its ledger with the running balance, and its receipts. */
export async function residentLease(tx: Executor, companyId: string, userId: string, leaseId: string) {
  const scope = await residentScope(tx, companyId, userId)
  checkLease(scope, leaseId)
  const [[terms], people, account, receipts, next, files] = await Promise.all([
    leaseBalances(tx, companyId, [leaseId]).then((balances) => leaseTerms(tx, companyId, [leaseId], balances)),
    peopleOn(tx, companyId, leaseId),
    rentAccount(tx, companyId, leaseId),
    paymentsOf(tx, companyId, [leaseId]),
    nextChargeOf(tx, companyId, [leaseId]),
    sharedDocuments(tx, companyId, documentsOn([], [leaseId])),
  ])
  return {
    ...terms,
    residents: people.map((p) => ({ name: p.name, role: p.role, role_label: labelOf(RESIDENT_ROLES, p.role) })),
    next_charge: HOLDS_UNIT.includes(terms.status as never) ? next : null,
    ledger: account.lines.map((line) => ({ date: line.date, description: line.memo ?? '', charge: line.charge, payment: line.payment, balance: line.balance })),
    receipts,
    documents: files.map((row) => documentItem(row, terms.label)),
  }
}

/** Who is on a lease, primary tenant first. */
function peopleOn(tx: Executor, companyId: string, leaseId: string) {
  return tx
    .select({ name: sql<string>`${residents.firstName} || ' ' || ${residents.lastName}`, role: leaseResidents.role })
    .from(leaseResidents)
    .innerJoin(residents, eq(residents.id, leaseResidents.residentId))
    .where(and(eq(leaseResidents.companyId, companyId), eq(leaseResidents.leaseId, leaseId)))
    .orderBy(asc(leaseResidents.position))
}

/**
 * A receipt for one of the resident's payments, with what Ontario's Residential Tenancies Act
 * (s. 109) asks a rent receipt to say: the rental unit's address, the tenants' names, the date and
 * amount, what it was for, and the landlord's (or agent's) name; and its number.
 */
export async function residentReceipt(tx: Executor, companyId: string, userId: string, paymentId: string) {
  const missing = () => notFound('No such receipt.')
  if (!isUuid(paymentId)) throw missing()
  const scope = await residentScope(tx, companyId, userId)
  const [found] = scope.leaseIds.length
    ? await tx
        .select({ leaseId: rentPayments.leaseId, amount: rentPayments.amount, applied: rentPayments.appliedAmount })
        .from(rentPayments)
        .where(and(eq(rentPayments.companyId, companyId), eq(rentPayments.id, paymentId), inArray(rentPayments.leaseId, scope.leaseIds)))
    : []
  if (!found) throw missing()
  const [payments, [terms], people, paid, [company]] = await Promise.all([
    paymentsOf(tx, companyId, [found.leaseId]),
    leaseBalances(tx, companyId, [found.leaseId]).then((balances) => leaseTerms(tx, companyId, [found.leaseId], balances)),
    peopleOn(tx, companyId, found.leaseId),
    tx
      .select({
        chargeType: rentCharges.chargeType,
        description: rentCharges.description,
        periodStart: rentCharges.periodStart,
        periodEnd: rentCharges.periodEnd,
        date: rentCharges.date,
        amount: rentPaymentAllocations.amount,
      })
      .from(rentPaymentAllocations)
      .innerJoin(rentCharges, eq(rentCharges.id, rentPaymentAllocations.chargeId))
      .where(and(eq(rentPaymentAllocations.companyId, companyId), eq(rentPaymentAllocations.paymentId, paymentId)))
      .orderBy(asc(rentPaymentAllocations.position)),
    tx
      .select({
        name: companies.name,
        street: companies.streetAddress,
        city: companies.city,
        province: companies.province,
        postalCode: companies.postalCode,
        phone: companies.phone,
        email: companies.email,
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
  ])
  const payment = payments.find((p) => p.id === paymentId)!
  return {
    ...payment,
    unit_address: terms.unit_address,
    tenants: tenantsOf(people),
    paid_for: paidFor(paid).map((c) => ({ ...c, amount: formatMoney(c.amount) })),
    // What it has not paid of a charge yet is held as a credit for the lease's next charges; a returned payment holds none.
    credit: formatMoney(payment.status === 'RECEIVED' ? found.amount - found.applied : 0),
    landlord: {
      name: company.name,
      address: [company.street, company.city, [company.province, company.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      phone: company.phone,
      email: company.email,
    },
  }
}

/** A lease's document its residents read: one whose lease attachment is shared with them (every document on a lease is one). */
const sharedLeaseDocument = sql`exists (select 1 from ${leaseAttachments} where ${leaseAttachments.fileId} = ${documents.id} and ${leaseAttachments.sharedWithResidents})`

/** Documents kept on these records: the residents' own, and their leases' shared attachments (SHARED_WITH_RESIDENTS). */
function documentsOn(residentIds: string[], leaseIds: string[]): SQL {
  const ids: Record<(typeof SHARED_WITH_RESIDENTS)[number], string[]> = { residents: residentIds, leases: leaseIds }
  const on = SHARED_WITH_RESIDENTS.map((type) =>
    ids[type].length ? and(eq(documents.recordType, type), inArray(documents.recordId, ids[type]), type === 'leases' ? sharedLeaseDocument : undefined) : undefined,
  )
  return or(...on) ?? sql`false`
}

/** The documents these conditions find, newest first, each with what its lease attachment says of it (where it is one). */
function sharedDocuments(tx: Executor, companyId: string, on: SQL) {
  return tx
    .select({ document: documents, category: leaseAttachments.category, description: leaseAttachments.description })
    .from(documents)
    .leftJoin(leaseAttachments, eq(leaseAttachments.fileId, documents.id))
    .where(and(eq(documents.companyId, companyId), on))
    .orderBy(desc(documents.createdAt), asc(documents.id))
}

/** A document as the resident center lists it: a lease attachment under its category, with its description. */
function documentItem(row: Awaited<ReturnType<typeof sharedDocuments>>[number], about: string) {
  const { document } = row
  return {
    id: document.id,
    name: document.name,
    document_type: document.documentType,
    document_type_label: row.category ? labelOf(LEASE_ATTACHMENT_CATEGORIES, row.category) : labelOf(DOCUMENT_TYPES, document.documentType),
    description: row.description,
    about,
    content_type: document.contentType,
    size_bytes: document.sizeBytes,
    created_at: document.createdAt.toISOString(),
    download_url: `/api/resident-center/documents/${document.id}/download/`,
  }
}

/**
 * The documents shared with the resident, newest first: those kept on their own records and on
 * their leases; with `residentId`, those of that one of their records (another's is not found).
 */
export async function residentDocuments(tx: Executor, companyId: string, userId: string, residentId?: string) {
  const scope = await residentScope(tx, companyId, userId)
  if (residentId !== undefined && !(isUuid(residentId) && scope.residents.some((r) => r.id === residentId))) throw notFound('No such resident.')
  const residentIds = residentId ? [residentId] : scope.residents.map((r) => r.id)
  const leaseIds = residentId ? scope.leasesOf(residentId) : scope.leaseIds
  const [rows, leaseLabels] = await Promise.all([
    sharedDocuments(tx, companyId, documentsOn(residentIds, leaseIds)),
    leaseIds.length
      ? tx
          .select({ id: leases.id, label: leases.label })
          .from(leases)
          .where(and(eq(leases.companyId, companyId), inArray(leases.id, leaseIds)))
      : [],
  ])
  const about = (row: typeof documents.$inferSelect) =>
    (row.recordType === 'leases' ? leaseLabels.find((l) => l.id === row.recordId)?.label : scope.residents.find((r) => r.id === row.recordId)?.name) ?? ''
  return {
    residents: scope.residents,
    resident: residentId ? scope.residents.find((r) => r.id === residentId)! : null,
    results: rows.map((row) => documentItem(row, about(row.document))),
  }
}

/** One document shared with the resident (its stored file's row), or not found. */
export async function residentDocument(tx: Executor, companyId: string, userId: string, documentId: string) {
  if (!isUuid(documentId)) throw notFound('No such document.')
  const scope = await residentScope(tx, companyId, userId)
  const [row] = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.companyId, companyId),
        eq(documents.id, documentId),
        documentsOn(
          scope.residents.map((r) => r.id),
          scope.leaseIds,
        ),
      ),
    )
  if (!row) throw notFound('No such document.')
  return row
}
