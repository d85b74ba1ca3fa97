import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { executeQuery, queryOf } from '~/db/prepared.server'
import { accounts, journalLines, leaseResidents, leases, rentalUnits, residents } from '~/db/schema'
import { conflict, invalid, notFound } from '~/domain/errors'
import { HOLDS_UNIT, LEASE_STATUSES, lastDayOf, residentTypeFor, termsOverlap, unitStatusFor, type Term } from '~/domain/leasing/leases'
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
 * with their leases: the unit's status from the leases on it, each resident's type, unit and
 * move-in and move-out dates from theirs.
 */
export async function followLease(tx: Executor, companyId: string, leaseId: string, alsoResidents: string[] = []) {
  const lease = await leaseOf(tx, companyId, leaseId)
  const [unit] = await tx
    .select({ status: rentalUnits.status })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, lease.rentalUnitId)))
  const onUnit = await tx
    .select({ status: leases.status })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, lease.rentalUnitId)))
  const status = unitStatusFor(unit.status, onUnit.map((l) => l.status))
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
    const followed = residentTypeFor(person.residentType, mine.map((l) => l.status))
    // Taken off a lease in force and living under no other: they have moved out.
    const movedOut = alsoResidents.includes(person.id) && followed === 'CURRENT_RESIDENT' && !mine.some((l) => HOLDS_UNIT.includes(l.status as never))
    const residentType = movedOut ? 'FORMER_RESIDENT' : followed
    // The lease they live under now, else the last one they lived under.
    const inForce = mine.filter((l) => HOLDS_UNIT.includes(l.status as never)).at(-1)
    const last = mine.filter((l) => l.status === 'ENDED').at(-1)
    const living = inForce ?? (residentType === 'FORMER_RESIDENT' ? last : undefined)
    const change = {
      residentType,
      ...(living ? { rentalUnitId: living.rentalUnitId, moveInDate: person.moveInDate ?? living.moveInDate ?? living.startDate } : {}),
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
  await followLease(tx, companyId, leaseId, [residentId])
}

/** Activating a renewal ends the lease it renews: the residents stay, under the new terms. */
export async function endRenewedLease(tx: Executor, companyId: string, lease: LeaseRow) {
  if (!lease.renewsLeaseId) return undefined
  const [renewed] = await tx
    .update(leases)
    .set({ status: 'ENDED', moveOutDate: null, updatedAt: new Date() })
    .where(and(eq(leases.companyId, companyId), eq(leases.id, lease.renewsLeaseId), inArray(leases.status, [...HOLDS_UNIT])))
    .returning()
  return renewed
}

/** The lease in force on a unit (active or on notice), or null. */
export async function currentLeaseId(tx: Executor, companyId: string, rentalUnitId: string): Promise<string | null> {
  const [lease] = await tx
    .select({ id: leases.id })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, rentalUnitId), inArray(leases.status, [...HOLDS_UNIT])))
    .orderBy(asc(leases.startDate))
    .limit(1)
  return lease?.id ?? null
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

/** An amount in cents as the API writes it ("1250.00", "-12.50"), in SQL: formatMoney's form. */
const moneyText = (cents: string) => `(${cents}::numeric / 100)::numeric(20, 2)::text`

/**
 * A lease's rent account: its receivable lines oldest first, each with the balance after it. The
 * lease and its lines are read in one statement, which writes the answer's JSON itself: a lease's
 * page asks for this on each visit, and reading its lines into rows of values to write them out
 * again cost more than the statement.
 */
/** The statement, built once: its text never changes, only the company and the lease. */
const RENT_ACCOUNT = queryOf(sql`
    with lines as (
      select jl.id, jl.entry_id, e.number, jl.date, coalesce(jl.memo, e.memo) as memo, e.source_type, jl.amount, jl.line_number,
             sum(jl.amount) over (order by jl.date, e.number, jl.line_number rows unbounded preceding) as balance
      from journal_lines jl
      join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE'
      join journal_entries e on e.id = jl.entry_id
      where jl.company_id = ${sql.placeholder('companyId')} and jl.lease_id = ${sql.placeholder('leaseId')}
    )
    select json_build_object(
             'lease_id', l.id,
             'lease_label', l.label,
             'balance', ${sql.raw(moneyText('(select coalesce(sum(amount), 0) from lines)'))},
             'lines', coalesce((
               select json_agg(json_build_object(
                        'journal_line_id', id,
                        'journal_entry_id', entry_id,
                        'entry_number', number,
                        'date', date::text,
                        'memo', memo,
                        'source_type', source_type,
                        'charge', case when amount > 0 then ${sql.raw(moneyText('amount'))} end,
                        'payment', case when amount < 0 then ${sql.raw(moneyText('-amount'))} end,
                        'balance', ${sql.raw(moneyText('balance'))}
                      ) order by date, number, line_number)
               from lines), '[]'::json)
           )::text as account
    from leases l
    where l.company_id = ${sql.placeholder('companyId')} and l.id = ${sql.placeholder('leaseId')}`)

/** The rent account as the API answers it, its JSON as written by the statement. */
export async function rentAccountJson(tx: Executor, companyId: string, leaseId: string): Promise<string> {
  if (!isUuid(leaseId)) throw notFound('No such lease.')
  const [found] = await executeQuery<{ account: string }>(tx, RENT_ACCOUNT, { companyId, leaseId }, true)
  if (!found) throw notFound('No such lease.')
  return found.account
}

export type RentAccount = {
  lease_id: string
  lease_label: string
  balance: string
  lines: { journal_line_id: string; journal_entry_id: string; entry_number: number; date: string; memo: string | null; source_type: string; charge: string | null; payment: string | null; balance: string }[]
}

export async function rentAccount(tx: Executor, companyId: string, leaseId: string): Promise<RentAccount> {
  return JSON.parse(await rentAccountJson(tx, companyId, leaseId)) as RentAccount
}
