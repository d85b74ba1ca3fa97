import { sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import type { RentRollLease } from '~/domain/leasing/reports'
import type { MonthRent, VacancyUnit } from '~/domain/leasing/vacancies'
import { leaseColumns, leaseOfRow, propertyIs, unitsAsOf, type LeaseRow, type ReportScope } from './reports.server'

/*
 * What the vacancies and the leasing overview read, as of any date, in a fixed number of
 * statements however many units there are: the rent roll's units with the lease holding each that
 * day (so both agree on which are vacant), the lease that left each before, the next one signed to
 * start after, and which leases a signed renewal follows.
 */

/** A lease that is not a draft: signed, whatever has happened to it since. */
const signed = sql`l.status <> 'DRAFT'`

/**
 * Every unit on `asOf` with the lease holding it, the last lease that had left it by then (the one
 * whose last day, its move-out or else its end, is latest) and the first lease signed to start
 * after, and whether the lease holding it is followed by a signed renewal.
 */
export async function vacancyUnits(db: Executor, companyId: string, scope: ReportScope): Promise<VacancyUnit[]> {
  const [units, neighbours, renewals] = await Promise.all([
    unitsAsOf(db, companyId, scope),
    db.execute<{ unit_id: string; previous: LeaseRow | null; next: LeaseRow | null }>(sql`
      select u.id as unit_id, to_jsonb(previous) as previous, to_jsonb(next) as next
      from rental_units u
      join buildings b on b.id = u.building_id
      join property_groups g on g.id = b.property_group_id
      left join lateral (
        select ${leaseColumns}
        from leases l
        where l.company_id = ${companyId} and l.rental_unit_id = u.id and ${signed} and l.start_date <= ${scope.asOf}
          and (l.status in ('ACTIVE', 'NOTICE') and l.move_out_date < ${scope.asOf}
            or l.status = 'ENDED' and coalesce(l.move_out_date, l.end_date) < ${scope.asOf})
        order by coalesce(l.move_out_date, l.end_date) desc, l.start_date desc
        limit 1
      ) previous on true
      left join lateral (
        select ${leaseColumns}
        from leases l
        where l.company_id = ${companyId} and l.rental_unit_id = u.id and ${signed} and l.start_date > ${scope.asOf}
        order by l.start_date
        limit 1
      ) next on true
      where u.company_id = ${companyId} ${propertyIs('g.id', scope)} and (previous.id is not null or next.id is not null)`),
    db.execute<{ renews_lease_id: string }>(sql`
      select distinct l.renews_lease_id from leases l
      where l.company_id = ${companyId} and l.renews_lease_id is not null and ${signed}`),
  ])
  const around = new Map(neighbours.map((n) => [n.unit_id, n]))
  const renewed = new Set(renewals.map((r) => r.renews_lease_id))
  const lease = (row: LeaseRow | null | undefined): RentRollLease | null => (row ? leaseOfRow(row) : null)
  return units.map((unit) => ({
    ...unit,
    previous: lease(around.get(unit.id)?.previous),
    next: lease(around.get(unit.id)?.next),
    renewed: !!unit.lease && renewed.has(unit.lease.id),
  }))
}

/**
 * What the units were charged and paid in each month from `from` to `asOf`: the charges dated in
 * the month (a voided one never), and the payments received in it and not returned by `asOf`.
 */
export async function rentByMonth(db: Executor, companyId: string, scope: ReportScope, from: string): Promise<MonthRent[]> {
  const rows = await db.execute<{ month: string; charged: string | null; collected: string | null }>(sql`
    select m.month, charged.total as charged, collected.total as collected
    from (select to_char(d, 'YYYY-MM') as month from generate_series(${from}::date, ${scope.asOf}::date, interval '1 month') d) m
    left join (
      select to_char(c.date, 'YYYY-MM') as month, sum(c.amount) as total
      from rent_charges c
      where c.company_id = ${companyId} and c.status = 'POSTED' and c.date between ${from} and ${scope.asOf} ${propertyIs('c.property_group_id', scope)}
      group by 1
    ) charged using (month)
    left join (
      select to_char(p.date, 'YYYY-MM') as month, sum(p.amount) as total
      from rent_payments p
      where p.company_id = ${companyId} and p.date between ${from} and ${scope.asOf} and (p.returned_date is null or p.returned_date > ${scope.asOf}) ${propertyIs('p.property_group_id', scope)}
      group by 1
    ) collected using (month)
    order by m.month`)
  return rows.map((r) => ({ month: r.month, charged: Number(r.charged ?? 0), collected: Number(r.collected ?? 0) }))
}
