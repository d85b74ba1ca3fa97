import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { executeQuery, queryOf } from '~/db/prepared.server'
import { accounts, journalLines, leaseResidents, leases, rentalUnits, residents } from '~/db/schema'
import { conflict, invalid, notFound } from '~/domain/errors'
import { companyToday } from '~/db/clock.server'
import { HOLDS_UNIT, LEASE_STATUSES, holdsUnitOn, lastDayOf, residentTypeFor, signedAheadOn, termsOverlap, unitStatusFor, type Term } from '~/domain/leasing/leases'
import { formatMoney } from '~/domain/money'

/*
 * A lease's rules, called by its definition (~/resources/leases) and by whatever else changes a
 * lease (a job, an import, the assistant): a unit is let to one lease at a time, the unit's status
 * and its residents' types follow their leases, and a lease's rent account is its receivable lines.
 */

type LeaseRow = typeof leases.$inferSelect

const statusLabel = (status: string) => LEASE_STATUSES.find((s) => s.value === status)?.label.toLowerCase() ?? status

/** The lease, or not found. */
export async function leaseOf(tx: Executor, companyId: string, id: string): Promise<LeaseRow> {
  if (!isUuid(id)) throw notFound('No such lease.')
  const [lease] = await tx
    .select()
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, id)))
  if (!lease) throw notFound('No such lease.')
  return lease
}

/**
 * Refuses a lease whose term shares a day with another lease in force on the same unit (the one
 * it renews aside, which its activation ends), naming the lease in the way. The unit's row is
 * locked first, so two leases activated at once for one unit cannot both pass.
 */
export async function checkUnitFree(tx: Executor, companyId: string, lease: Term & { id?: string; rentalUnitId: string; renewsLeaseId?: string | null }) {
  await tx
    .select({ id: rentalUnits.id })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, lease.rentalUnitId)))
    .for('update')
  const others = await tx
    .select()
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, lease.rentalUnitId), inArray(leases.status, [...HOLDS_UNIT]), lease.id ? ne(leases.id, lease.id) : undefined))
    .orderBy(asc(leases.startDate))
  const inTheWay = others.find((other) => other.id !== lease.renewsLeaseId && termsOverlap(lease, other))
  if (!inTheWay) return
  const until = lastDayOf(inTheWay)
  const message = `The unit is let for those dates under the lease ${inTheWay.label} (${statusLabel(inTheWay.status)}, ${until ? `until ${until}` : 'with no end or move-out date'}).`
  throw conflict(message, { start_date: [message] })
}

/**
 * Brings the unit of a lease and the residents on it (and `alsoResidents`, taken off it) in line
 * with their leases on `today` (by default the company's): the unit's status from the leases on it, each
 * resident's type, unit and move-in and move-out dates from theirs. A lease signed to start later
 * makes its residents future residents and leaves its unit vacant until it begins
 * (`followBegunLeases` moves them in on the day).
 */
export async function followLease(tx: Executor, companyId: string, leaseId: string, options: { alsoResidents?: string[]; today?: string } = {}) {
  const alsoResidents = options.alsoResidents ?? []
  const [lease, today] = await Promise.all([leaseOf(tx, companyId, leaseId), options.today ?? companyToday(tx, companyId)])
  const [unit] = await tx
    .select({ status: rentalUnits.status })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, lease.rentalUnitId)))
  const onUnit = await tx
    .select({ status: leases.status, startDate: leases.startDate })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, lease.rentalUnitId)))
  const status = unitStatusFor(unit.status, onUnit, today)
  if (status !== unit.status) {
    await tx
      .update(rentalUnits)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, lease.rentalUnitId)))
  }

  const onLease = await tx
    .select({ residentId: leaseResidents.residentId })
    .from(leaseResidents)
    .where(and(eq(leaseResidents.companyId, companyId), eq(leaseResidents.leaseId, leaseId)))
  const ids = [...new Set([...onLease.map((r) => r.residentId), ...alsoResidents])]
  if (!ids.length) return
  const theirLeases = await tx
    .select({ residentId: leaseResidents.residentId, lease: leases })
    .from(leaseResidents)
    .innerJoin(leases, eq(leases.id, leaseResidents.leaseId))
    .where(and(eq(leaseResidents.companyId, companyId), inArray(leaseResidents.residentId, ids)))
    .orderBy(asc(leases.startDate))
  const people = await tx
    .select()
    .from(residents)
    .where(and(eq(residents.companyId, companyId), inArray(residents.id, ids)))
  for (const person of people) {
    const mine = theirLeases.filter((l) => l.residentId === person.id).map((l) => l.lease)
    const followed = residentTypeFor(person.residentType, mine, today)
    // Taken off a lease and on no other in force: one who lived there has moved out; one still to move in never will.
    const takenOff = alsoResidents.includes(person.id) && !mine.some((l) => HOLDS_UNIT.includes(l.status as never))
    const residentType = takenOff && followed === 'CURRENT_RESIDENT' ? 'FORMER_RESIDENT' : takenOff && followed === 'FUTURE_RESIDENT' ? 'APPLICANT' : followed
    // The lease they live under now, else the one they are to move in under, else the last one they lived under.
    const inForce = mine.filter((l) => holdsUnitOn(l, today)).at(-1)
    const ahead = mine.filter((l) => signedAheadOn(l, today)).at(0)
    const last = mine.filter((l) => l.status === 'ENDED').at(-1)
    const home = inForce ?? ahead ?? (residentType === 'FORMER_RESIDENT' ? last : undefined)
    // One moving in takes the lease's move-in; one living there keeps the day they first moved in (a renewal does not move them).
    const moveInDate = home && home === ahead ? (home.moveInDate ?? home.startDate) : home ? (person.moveInDate ?? home.moveInDate ?? home.startDate) : undefined
    const change = {
      residentType,
      ...(home ? { rentalUnitId: home.rentalUnitId, moveInDate } : {}),
      ...(inForce ? { moveOutDate: inForce.moveOutDate } : residentType === 'FORMER_RESIDENT' && last ? { moveOutDate: last.moveOutDate ?? last.endDate } : {}),
    }
    await tx
      .update(residents)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(residents.companyId, companyId), eq(residents.id, person.id)))
  }
}

/** The resident, or a 400 naming the field: an id of another company's resident names none of ours. */
async function checkResident(tx: Executor, companyId: string, residentId: string) {
  const [found] = await tx
    .select({ id: residents.id, name: sql<string>`${residents.firstName} || ' ' || ${residents.lastName}` })
    .from(residents)
    .where(and(eq(residents.companyId, companyId), eq(residents.id, residentId)))
  if (!found) throw invalid('Resident: no such resident in your company.', { resident_id: ['No such resident in your company.'] })
  return found
}

/** Puts a resident on a lease in a role; one already on it is refused. */
export async function addResident(tx: Executor, companyId: string, leaseId: string, residentId: string, role: string) {
  const person = await checkResident(tx, companyId, residentId)
  const onLease = await tx
    .select({ residentId: leaseResidents.residentId, position: leaseResidents.position, role: leaseResidents.role })
    .from(leaseResidents)
    .where(and(eq(leaseResidents.companyId, companyId), eq(leaseResidents.leaseId, leaseId)))
  if (onLease.some((r) => r.residentId === residentId)) throw conflict(`${person.name} is already on this lease.`, { resident_id: [`${person.name} is already on this lease.`] })
  if (role === 'PRIMARY' && onLease.some((r) => r.role === 'PRIMARY')) throw invalid('A lease has one primary tenant: add this one as a co-tenant.', { role: ['A lease has one primary tenant: add this one as a co-tenant.'] })
  await tx.insert(leaseResidents).values({ companyId, leaseId, residentId, role, position: Math.max(-1, ...onLease.map((r) => r.position)) + 1 })
  await followLease(tx, companyId, leaseId)
}

/** Takes a resident off a lease; the last one stays (a lease is someone's). */
export async function removeResident(tx: Executor, companyId: string, leaseId: string, residentId: string) {
  const person = await checkResident(tx, companyId, residentId)
  const onLease = await tx
    .select({ residentId: leaseResidents.residentId })
    .from(leaseResidents)
    .where(and(eq(leaseResidents.companyId, companyId), eq(leaseResidents.leaseId, leaseId)))
  if (!onLease.some((r) => r.residentId === residentId)) throw conflict(`${person.name} is not on this lease.`, { resident_id: [`${person.name} is not on this lease.`] })
  if (onLease.length === 1) throw conflict(`${person.name} is the only resident on this lease; add another before taking them off.`, { resident_id: [`${person.name} is the only resident on this lease.`] })
  await tx.delete(leaseResidents).where(and(eq(leaseResidents.companyId, companyId), eq(leaseResidents.leaseId, leaseId), eq(leaseResidents.residentId, residentId)))
  await followLease(tx, companyId, leaseId, { alsoResidents: [residentId] })
}

/** The lease holding a unit today (active or on notice, and begun), or null: a lease signed to start later is not yet its current one. */
export async function currentLeaseId(tx: Executor, companyId: string, rentalUnitId: string): Promise<string | null> {
  const [inForce, today] = await Promise.all([
    tx
      .select({ id: leases.id, status: leases.status, startDate: leases.startDate })
      .from(leases)
      .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, rentalUnitId), inArray(leases.status, [...HOLDS_UNIT])))
      .orderBy(asc(leases.startDate)),
    companyToday(tx, companyId),
  ])
  return inForce.find((lease) => holdsUnitOn(lease, today))?.id ?? null
}

/** Receivable lines: what a lease owes is the sum of its lines on receivable accounts. */
const receivable = and(eq(accounts.id, journalLines.accountId), eq(accounts.subtype, 'ACCOUNTS_RECEIVABLE'))

/** What each lease owes, in cents: the sum of its receivable lines (negative: a credit); a lease with none owes 0. */
export async function leaseBalances(tx: Executor, companyId: string, ids: string[]) {
  const rows = ids.length
    ? await tx
        .select({ leaseId: journalLines.leaseId, balance: sql<number>`sum(${journalLines.amount})`.mapWith(Number) })
        .from(journalLines)
        .innerJoin(accounts, receivable)
        .where(and(eq(journalLines.companyId, companyId), inArray(journalLines.leaseId, ids)))
        .groupBy(journalLines.leaseId)
    : []
  const byLease = new Map(rows.map((r) => [String(r.leaseId), r.balance]))
  return new Map(ids.map((id) => [id, byLease.get(id) ?? 0]))
}

/** For a page of leases: who is on each (primary first) and what each owes. */
export async function leaseSummaries(tx: Executor, companyId: string, ids: string[]) {
  const [people, balances] = await Promise.all([
    tx
      .select({ leaseId: leaseResidents.leaseId, name: sql<string>`${residents.firstName} || ' ' || ${residents.lastName}` })
      .from(leaseResidents)
      .innerJoin(residents, eq(residents.id, leaseResidents.residentId))
      .where(and(eq(leaseResidents.companyId, companyId), inArray(leaseResidents.leaseId, ids)))
      .orderBy(asc(leaseResidents.position)),
    leaseBalances(tx, companyId, ids),
  ])
  return new Map(
    ids.map((id) => [
      id,
      {
        resident_names: people
          .filter((p) => p.leaseId === id)
          .map((p) => p.name)
          .join(', '),
        balance: formatMoney(balances.get(id) ?? 0),
      },
    ]),
  )
}

/**
 * A lease's rent account: its receivable lines oldest first, each with the balance after it. The
 * lease and its lines are read in one statement: a tenant's every read already waits on setting its
 * company, and a lease's page asks for this on each visit.
 */
/** The statement, built once: its text never changes, only the company and the lease. */
const RENT_ACCOUNT = queryOf(sql`
    select l.id as lease_id, l.label as lease_label, jl.id, jl.entry_id, e.number, jl.date::text as date, coalesce(jl.memo, e.memo) as memo, e.source_type, jl.amount
    from leases l
    left join (journal_lines jl
      join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE'
      join journal_entries e on e.id = jl.entry_id) on jl.company_id = l.company_id and jl.lease_id = l.id
    where l.company_id = ${sql.placeholder('companyId')} and l.id = ${sql.placeholder('leaseId')}
    order by jl.date, e.number, jl.line_number`)

export async function rentAccount(tx: Executor, companyId: string, leaseId: string) {
  if (!isUuid(leaseId)) throw notFound('No such lease.')
  const found = await executeQuery<{
    lease_id: string
    lease_label: string
    id: string | null
    entry_id: string
    number: number
    date: string
    memo: string | null
    source_type: string
    amount: string
  }>(tx, RENT_ACCOUNT, { companyId, leaseId }, true)
  const [lease] = found
  if (!lease) throw notFound('No such lease.')
  let balance = 0
  const rows = found
    .filter((line) => line.id !== null)
    .map((line) => {
      const amount = Number(line.amount)
      balance += amount
      return {
        journal_line_id: line.id!,
        journal_entry_id: line.entry_id,
        entry_number: Number(line.number),
        date: line.date,
        memo: line.memo,
        source_type: line.source_type,
        charge: amount > 0 ? formatMoney(amount) : null,
        payment: amount < 0 ? formatMoney(-amount) : null,
        balance: formatMoney(balance),
      }
    })
  return { lease_id: lease.lease_id, lease_label: lease.lease_label, balance: formatMoney(balance), lines: rows }
}

/** A lease activated without a signing day was signed the day it was activated, on the company's clock. */
export async function markSigned(tx: Executor, companyId: string, leaseId: string) {
  await tx
    .update(leases)
    .set({ signedOn: await companyToday(tx, companyId) })
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
}
