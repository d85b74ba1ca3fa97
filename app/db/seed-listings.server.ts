import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from './client.server'
import { rentalUnits } from './schema'
import { companyToday } from './clock.server'
import { addDays } from '~/domain/ledger/reports'
import { formatMoney } from '~/domain/money'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { listingsResource } from '~/resources/listings'

/**
 * The demo's listings: the two vacant apartments at Bronson Court advertised, one published (its
 * public page and the company's page show it), one still a draft being written.
 */
export async function seedDemoListings(tx: Executor, companyId: string, userId: string) {
  const today = await companyToday(tx, companyId)
  const units = await tx
    .select({ id: rentalUnits.id, label: rentalUnits.label, marketRent: rentalUnits.marketRent })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.label, ['104 · Bronson Court', '302 · Bronson Court'])))
  const unit = (label: string) => units.find((u) => u.label === label)
  const rentOf = (u: { marketRent: number | null }, fallback: number) => formatMoney(u.marketRent ?? fallback)
  const first = unit('104 · Bronson Court')
  if (first) {
    const body = {
      rental_unit_id: first.id,
      title: 'Bright one-bedroom steps from the Rideau Canal',
      description:
        'A quiet ground-floor one-bedroom in a well-kept 1960s building on Bronson Avenue, freshly painted with new flooring in the living room.\n\nA short walk to the canal, Dow’s Lake and the Glebe; buses on Bronson and Carling.',
      rent: rentOf(first, 1_650_00),
      deposit: rentOf(first, 1_650_00),
      available_on: addDays(today, 21),
      lease_term: 'One year, then month to month',
      amenities: 'Laundry room in the building\nStorage locker\nBike room\nSecure entry',
      pet_policy: 'CATS',
      pet_terms: 'One cat welcome',
      parking: 'Outdoor parking, $75 a month (waitlist)',
      utilities_included: 'Heat and water',
    }
    const made = await createRecord(tx, companyId, listingsResource, parseInput(listingsResource, body, 'create'), { userId })
    await runAction(tx, companyId, userId, listingsResource, String(made.id), 'publish', {})
  }
  const second = unit('302 · Bronson Court')
  if (second) {
    const body = { rental_unit_id: second.id, title: 'Top-floor two-bedroom with a view', rent: rentOf(second, 2_050_00), pet_policy: 'ASK' }
    await createRecord(tx, companyId, listingsResource, parseInput(listingsResource, body, 'create'), { userId })
  }
}
