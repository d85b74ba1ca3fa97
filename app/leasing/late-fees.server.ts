import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { companies, lateFeePolicies, propertyGroups } from '~/db/schema'
import { lateFeeFor, lateFeeLawErrors, lateOn } from '~/domain/leasing/provinces'

/*
 * Late fees (issue: leases and rent, item 3): a company's policy (its default, or one property's),
 * applied by the rent run to each rent charge still owing after the grace days, once per charge,
 * within the province's law (Ontario and Québec allow none; British Columbia at most $25). The run
 * calls lateFeesDue in the company's transaction and makes the charges it answers.
 */

export type LateFeeDue = { chargeId: string; leaseId: string; date: string; amount: number; description: string }

/** The late fees due today for a company's rent charges still owing, one per charge not yet charged one. One statement. */
export async function lateFeesDue(tx: Executor, companyId: string, today: string): Promise<LateFeeDue[]> {
  const policies = await tx
    .select()
    .from(lateFeePolicies)
    .where(and(eq(lateFeePolicies.companyId, companyId), eq(lateFeePolicies.isActive, true)))
  if (!policies.length) return []
  const companyProvince = await provinceOf(tx, companyId, null)
  const byProperty = new Map(policies.map((p) => [p.propertyGroupId ?? '', p]))
  const shortestGrace = Math.min(...policies.map((p) => p.graceDays))
  const open = await tx.execute<{ id: string; lease_id: string; date: string; open: string; property_group_id: string | null; province: string | null }>(sql`
    select c.id, c.lease_id, c.date::text, c.amount - c.paid_amount as open, c.property_group_id, pg.address ->> 'province' as province
    from rent_charges c
    join leases l on l.id = c.lease_id and l.status in ('ACTIVE', 'NOTICE')
    left join property_groups pg on pg.id = c.property_group_id
    where c.company_id = ${companyId} and c.owing and c.charge_type = 'RENT'
      and c.date < ${today}::date - ${shortestGrace}::int
      and not exists (select from rent_charges f where f.company_id = c.company_id and f.for_charge_id = c.id)`)
  const due: LateFeeDue[] = []
  for (const charge of open) {
    const policy = byProperty.get(charge.property_group_id ?? '') ?? byProperty.get('')
    if (!policy) continue
    const date = lateOn(charge.date, policy.graceDays)
    if (date > today) continue
    const amount = lateFeeFor(policy, Number(charge.open), charge.province ?? companyProvince)
    if (amount > 0) due.push({ chargeId: charge.id, leaseId: charge.lease_id, date, amount, description: `Late fee: rent of ${charge.date}` })
  }
  return due
}

/** A policy's field errors under its province's law: none where the law allows it. */
export async function checkLateFeePolicy(tx: Executor, companyId: string, values: Record<string, unknown>): Promise<Record<string, string[]> | undefined> {
  const errors: Record<string, string[]> = {}
  if (values.feeType === 'FLAT' && !values.amount) errors.amount = ['A flat fee needs its amount.']
  if (values.feeType === 'PERCENT' && !values.percent) errors.percent = ['A percent fee needs its percent.']
  if (Object.keys(errors).length) return errors
  const province = await provinceOf(tx, companyId, (values.propertyGroupId as string | null) ?? null)
  return lateFeeLawErrors(province, values.feeType === 'FLAT' ? Number(values.amount) : null, { kind: 'fee_type', amount: 'amount' })
}

/** The province whose law a property's charges follow: its own address's, else the company's. */
export async function provinceOf(tx: Executor, companyId: string, propertyGroupId: string | null) {
  if (propertyGroupId) {
    const [property] = await tx
      .select({ province: sql<string | null>`${propertyGroups.address} ->> 'province'` })
      .from(propertyGroups)
      .where(and(eq(propertyGroups.companyId, companyId), eq(propertyGroups.id, propertyGroupId)))
    if (property?.province) return property.province
  }
  const [company] = await tx.select({ province: companies.province }).from(companies).where(eq(companies.id, companyId))
  return company?.province ?? null
}

/** The province whose law a unit's lease follows: its property's address's, else the company's. One statement. */
export async function provinceOfUnit(tx: Executor, companyId: string, rentalUnitId: string) {
  const [row] = await tx.execute<{ province: string | null }>(sql`
    select coalesce(nullif(pg.address ->> 'province', ''), c.province) as province
    from companies c
    left join rental_units u on u.company_id = c.id and u.id = ${rentalUnitId}
    left join buildings b on b.id = u.building_id
    left join property_groups pg on pg.id = b.property_group_id
    where c.id = ${companyId}`)
  return row?.province ?? null
}
