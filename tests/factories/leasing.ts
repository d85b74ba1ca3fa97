import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { companies } from '~/db/schema'
import { followBegunLeases } from '~/leasing/lease-starts.server'
import { runRent } from '~/leasing/rent.server'
import { api, registerCompany } from './api'

export type Body = Record<string, unknown> & { id: string }

/**
 * A new company to let units in, as the rent tests need it: its token and id, a POST that must
 * answer 201, its properties, and leases made and activated on new units of them. Leases start in
 * March 2031 unless told otherwise, so that only the rent runs a test makes (with their own `now`)
 * charge them.
 */
export async function leasingCompany() {
  const company = await registerCompany()
  const token = company.token
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await api('POST', path, { token, body })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return response.body as Body
  }
  const [row] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.name, company.company_name))
  const property = (name: string, address?: Record<string, string>) => post('property-groups/', { name, property_type: 'RESIDENTIAL', ...(address ? { address } : {}) })
  const home = await property('Bronson Court')
  const buildings = new Map<string, Body>()
  let units = 0
  /** A unit of the property (Bronson Court unless told), a resident, and their lease, activated. */
  const lease = async (terms: Record<string, unknown> = {}, where: Body = home) => {
    const building = buildings.get(where.id) ?? (await post('buildings/', { name: String(where.name), property_group_id: where.id }))
    buildings.set(where.id, building)
    const unit = await post('rental-units/', { unit_number: String(101 + units++), building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    const resident = await post('residents/', { first_name: 'Ada', last_name: 'Tenant', resident_type: 'APPLICANT' })
    const created = await post('leases/', {
      rental_unit_id: unit.id,
      lease_type: 'MONTH_TO_MONTH',
      start_date: '2031-03-01',
      rent: '1550.00',
      rent_frequency: 'MONTHLY',
      lines: [{ resident_id: resident.id, role: 'PRIMARY' }],
      ...terms,
    })
    const activated = await api('POST', `leases/${created.id}/activate/`, { token, body: {} })
    expect(activated.status, JSON.stringify(activated.body)).toBe(200)
    return { ...created, unit, property: where }
  }
  return { token, companyId: row.id, post, property, home, lease }
}

/** The rent run as the scheduler makes it, reading across companies, at `now`. */
export const runRentAt = (companyId: string, now: string) => crossCompany(() => runRent(getDb(), { companyId, now: new Date(now) }))

/** The move-ins as the scheduler makes them, at `now`: leases signed ahead that have begun by then. */
export const moveInsAt = (companyId: string, now: string) => crossCompany(() => followBegunLeases(getDb(), { companyId, now: new Date(now) }))

export const get = async (token: string, path: string) => (await api('GET', path, { token })).body
