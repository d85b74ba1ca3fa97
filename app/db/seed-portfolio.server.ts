import type { Executor } from './client.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import type { AnyResource } from '~/resources/engine/define'
import {
  appliancesResource,
  buildingsResource,
  feeSchedulesResource,
  parkingSpacesResource,
  propertyGroupsResource,
  propertyOwnershipsResource,
  propertyOwnersResource,
  rentalUnitsResource,
  residentPetsResource,
  residentsResource,
  residentVehiclesResource,
} from '~/resources/properties'

/*
 * The demo company's portfolio (issue 3 item 9): three Ottawa and Toronto
 * properties with their owners, buildings, ~60 units and the people living in
 * them. Every record goes through parseInput + createRecord, as a POST would,
 * so validation, references, rules and the palette index all hold. The data is
 * deterministic: one seeded generator, so every new database gets the same demo.
 */

/** mulberry32: a tiny seeded generator, so the demo is the same on every machine. */
export function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  }
}

const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Charlotte', 'William', 'Amelia', 'Benjamin', 'Chloé', 'Gabriel', 'Sophie', 'Lucas',
  'Maya', 'Ethan', 'Zoe', 'Jacob', 'Léa', 'Samuel', 'Priya', 'Arjun', 'Mei', 'Daniel', 'Fatima', 'Omar',
  'Hannah', 'Mathieu', 'Isabelle', 'Owen', 'Aisha', 'Ryan', 'Nadia', 'Thomas', 'Jasmine', 'Marc', 'Émilie', 'Kwame',
  'Grace', 'Hiroshi', 'Ananya', 'Connor', 'Rosa', 'Andrew', 'Leila', 'Patrick', 'Simone', 'Tyler', 'Camille', 'Jun',
] as const
const LAST_NAMES = [
  'Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Smith', 'Brown',
  'Wilson', 'MacDonald', 'Campbell', 'Anderson', 'Taylor', 'Martin', 'Thompson', 'Stewart', 'Patel', 'Singh', 'Nguyen', 'Wong',
  'Li', 'Chen', 'Kim', 'Ahmed', 'Ali', "O'Brien", 'Murphy', 'Kelly', 'Fraser', 'Leblanc', 'Bergeron', 'Pelletier',
  'Okafor', 'Mensah', 'Haddad', 'Rossi', 'Silva', 'Kowalski', 'Novak', 'Sato', 'Kaur', 'Sharma', 'Boateng', 'Ferreira',
] as const
const MAIL_DOMAINS = ['example.com', 'example.ca', 'example.net', 'mail.example.org'] as const
const RELATIONSHIPS = ['Mother', 'Father', 'Sister', 'Brother', 'Spouse', 'Friend', 'Daughter', 'Son', 'Aunt', 'Cousin'] as const

const OTTAWA = { city: 'Ottawa', province: 'ON', country: 'CA' } as const
const TORONTO = { city: 'Toronto', province: 'ON', country: 'CA' } as const

type UnitPlan = { number: string; type: string; beds: number; baths: string; area: number; rent: number }

/** The 36 apartments of Bronson Court: 4 floors of 9, bachelors to two-bedrooms, rents rising with the floor. */
function bronsonUnits(): UnitPlan[] {
  const layouts = [
    { type: 'STUDIO', beds: 0, baths: '1', area: 430, rent: 1475 },
    { type: 'APARTMENT', beds: 1, baths: '1', area: 610, rent: 1795 },
    { type: 'APARTMENT', beds: 1, baths: '1', area: 640, rent: 1825 },
    { type: 'APARTMENT', beds: 1, baths: '1', area: 655, rent: 1850 },
    { type: 'APARTMENT', beds: 2, baths: '1', area: 820, rent: 2195 },
    { type: 'APARTMENT', beds: 2, baths: '1', area: 845, rent: 2225 },
    { type: 'APARTMENT', beds: 2, baths: '1.5', area: 880, rent: 2295 },
    { type: 'APARTMENT', beds: 1, baths: '1', area: 600, rent: 1775 },
    { type: 'STUDIO', beds: 0, baths: '1', area: 450, rent: 1495 },
  ]
  const units: UnitPlan[] = []
  for (let floor = 1; floor <= 4; floor++) {
    layouts.forEach((layout, i) => units.push({ number: `${floor}0${i + 1}`, ...layout, rent: layout.rent + (floor - 1) * 25 }))
  }
  return units
}

/** Sixteen three-bedroom (and a few two-bedroom end) townhouses in three blocks. */
function jockvaleUnits(block: 'A' | 'B' | 'C'): UnitPlan[] {
  const first = { A: 1, B: 7, C: 13 }[block]
  const count = block === 'C' ? 4 : 6
  return Array.from({ length: count }, (_, i) => {
    const end = i === 0 || i === count - 1
    return end
      ? { number: String(first + i), type: 'TOWNHOUSE', beds: 3, baths: '2.5', area: 1480, rent: 2895 }
      : { number: String(first + i), type: 'TOWNHOUSE', beds: i % 3 === 1 ? 2 : 3, baths: i % 3 === 1 ? '1.5' : '2.5', area: i % 3 === 1 ? 1180 : 1390, rent: i % 3 === 1 ? 2550 : 2795 }
  })
}

/** Two shops at street level, eight lofts above. */
function queenUnits(): UnitPlan[] {
  return [
    { number: '100', type: 'COMMERCIAL_RETAIL', beds: 0, baths: '1', area: 1650, rent: 6800 },
    { number: '102', type: 'COMMERCIAL_RETAIL', beds: 0, baths: '1', area: 1200, rent: 5200 },
    ...[2, 3].flatMap((floor) => [
      { number: `${floor}01`, type: 'LOFT', beds: 1, baths: '1', area: 720, rent: 2450 + floor * 25 },
      { number: `${floor}02`, type: 'APARTMENT', beds: 2, baths: '2', area: 910, rent: 3050 + floor * 25 },
      { number: `${floor}03`, type: 'APARTMENT', beds: 1, baths: '1', area: 640, rent: 2325 + floor * 25 },
      { number: `${floor}04`, type: 'LOFT', beds: 2, baths: '1.5', area: 980, rent: 3195 + floor * 25 },
    ]),
  ]
}

/** Units that are not simply occupied: a believable few vacant, on notice or down. */
const UNIT_STATUS: Record<string, 'VACANT' | 'NOTICE' | 'DOWN'> = {
  'Bronson Court/104': 'VACANT',
  'Bronson Court/208': 'NOTICE',
  'Bronson Court/302': 'VACANT',
  'Bronson Court/309': 'DOWN',
  'Bronson Court/405': 'NOTICE',
  'Block B/9': 'VACANT',
  'Block C/15': 'NOTICE',
  'Queen West Lofts/102': 'VACANT',
  'Queen West Lofts/303': 'VACANT',
}

const COMMERCIAL_TENANTS: Record<string, { first: string; last: string; business: string }> = {
  '100': { first: 'Marisol', last: 'Ferreira', business: 'Bathurst Street Bakery' },
}


const money = (dollars: number) => dollars.toFixed(2)
const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

/** Creates the demo portfolio for `companyId` inside the seed's transaction. */
export async function seedDemoPortfolio(tx: Executor, companyId: string) {
  const random = generator(20_260_301)
  const create = async (resource: AnyResource, body: Record<string, unknown>) => createRecord(tx, companyId, resource, parseInput(resource, body, 'create'))
  const idOf = async (resource: AnyResource, body: Record<string, unknown>) => String((await create(resource, body)).id)

  const residential = await idOf(feeSchedulesResource, {
    name: 'Residential: 6% of collected rent',
    fee_type: 'PERCENT_OF_COLLECTED',
    percentage: '6.00',
    leasing_fee_percentage: '50.00',
    renewal_fee_amount: '150.00',
    description: 'Standard agreement for apartment and townhouse owners. Leasing fee of half a month on each new lease.',
  })
  const mixedUse = await idOf(feeSchedulesResource, {
    name: 'Mixed use: 5% with $650 minimum',
    fee_type: 'PERCENT_WITH_MINIMUM',
    percentage: '5.00',
    minimum_amount: '650.00',
    leasing_fee_percentage: '75.00',
    renewal_fee_amount: '250.00',
    description: 'For buildings with commercial tenants: common-area recoveries and percentage-rent reviews included.',
  })

  const rideau = await idOf(propertyOwnersResource, {
    owner_type: 'COMPANY',
    company_name: 'Rideau Canal Holdings Inc.',
    first_name: 'Gordon',
    last_name: 'MacDonald',
    email: 'accounts@rideauholdings.example.ca',
    phone: '613-555-0110',
    mailing_address: { street: '50 Elgin Street, Suite 900', ...OTTAWA, postal_code: 'K1P 5K6' },
    tax_id: '812345678RC0001',
    tax_form: 'T5',
    payment_method: 'EFT',
    reserve_amount: '10000.00',
  })
  const thompson = await idOf(propertyOwnersResource, {
    owner_type: 'PERSON',
    first_name: 'Margaret',
    last_name: 'Thompson',
    email: 'margaret.thompson@example.com',
    phone: '613-555-0111',
    alternate_phone: '613-555-0112',
    mailing_address: { street: '18 Kilborn Place', ...OTTAWA, postal_code: 'K1H 6M1' },
    tax_id: '046-454-286',
    tax_form: 'T5',
    payment_method: 'EFT',
    reserve_amount: '2500.00',
  })
  const krishnan = await idOf(propertyOwnersResource, {
    owner_type: 'PERSON',
    first_name: 'Anand',
    last_name: 'Krishnan',
    email: 'anand.krishnan@example.net',
    phone: '416-555-0113',
    mailing_address: { street: '233 Roehampton Avenue', ...TORONTO, postal_code: 'M4P 1R4' },
    tax_id: '527-318-904',
    tax_form: 'T5',
    payment_method: 'EFT',
  })
  const gagnon = await idOf(propertyOwnersResource, {
    owner_type: 'PERSON',
    first_name: 'Claire',
    last_name: 'Gagnon',
    email: 'claire.gagnon@example.ca',
    phone: '613-555-0114',
    mailing_address: { street: '7 Rue Principale', city: 'Gatineau', province: 'QC', postal_code: 'J9H 3K9', country: 'CA' },
    tax_id: '130-692-544',
    tax_form: 'T5',
    payment_method: 'CHEQUE',
  })
  const zhang = await idOf(propertyOwnersResource, {
    owner_type: 'PERSON',
    first_name: 'Wei',
    last_name: 'Zhang',
    email: 'wei.zhang@example.com',
    phone: '416-555-0115',
    mailing_address: { street: '1200 Avenue of the Americas', city: 'New York', province: 'NY', postal_code: '10036', country: 'US' },
    tax_id: '912-70-3456',
    tax_form: 'NR4',
    payment_method: 'HOLD',
  })

  const properties = [
    {
      body: {
        name: 'Bronson Court Apartments',
        property_type: 'RESIDENTIAL',
        address: { street: '455 Bronson Avenue', ...OTTAWA, postal_code: 'K1R 6J7' },
        fee_schedule_id: residential,
        year_built: 1968,
        reserve_amount: '15000.00',
        description: 'Four-storey walk-up near the Glebe: 36 bachelor, one- and two-bedroom apartments, coin laundry, underground parking.',
      },
      owners: [
        [rideau, '60.00'],
        [thompson, '40.00'],
      ],
      buildings: [{ name: 'Bronson Court', address: { street: '455 Bronson Avenue', ...OTTAWA, postal_code: 'K1R 6J7' }, year_built: 1968, floors: 4, units: bronsonUnits() }],
      parking: { prefix: 'P1-', count: 20, type: 'UNDERGROUND', rent: 125 },
    },
    {
      body: {
        name: 'Jockvale Townhomes',
        property_type: 'RESIDENTIAL',
        address: { street: '3300 Jockvale Road', city: 'Ottawa', province: 'ON', postal_code: 'K2J 4A1', country: 'CA' },
        fee_schedule_id: residential,
        year_built: 2004,
        reserve_amount: '8000.00',
        description: 'Sixteen freehold-style townhouses in Barrhaven, each with a garage, basement laundry and a backyard.',
      },
      owners: [
        [krishnan, '50.00'],
        [gagnon, '50.00'],
      ],
      buildings: (['A', 'B', 'C'] as const).map((block) => ({
        name: `Block ${block}`,
        address: { street: `${{ A: 3302, B: 3320, C: 3338 }[block]} Jockvale Road`, ...OTTAWA, postal_code: 'K2J 4A1' },
        year_built: 2004,
        floors: 2,
        units: jockvaleUnits(block),
      })),
      parking: { prefix: 'V', count: 4, type: 'VISITOR', rent: 0 },
    },
    {
      body: {
        name: 'Queen West Lofts',
        property_type: 'MIXED',
        address: { street: '688 Queen Street West', ...TORONTO, postal_code: 'M6J 1E7' },
        fee_schedule_id: mixedUse,
        year_built: 1912,
        reserve_amount: '20000.00',
        description: 'Converted Edwardian block at Queen and Bathurst: two shops at grade, eight lofts and apartments above.',
      },
      owners: [
        [rideau, '55.00'],
        [zhang, '25.00'],
        [thompson, '20.00'],
      ],
      buildings: [{ name: 'Queen West Lofts', address: { street: '688 Queen Street West', ...TORONTO, postal_code: 'M6J 1E7' }, year_built: 1912, floors: 3, units: queenUnits() }],
      parking: { prefix: 'R', count: 4, type: 'SURFACE', rent: 225 },
    },
  ]

  const usedEmails = new Set<string>()
  const person = (lastName?: string) => {
    const first = random.pick(FIRST_NAMES)
    const last = lastName ?? random.pick(LAST_NAMES)
    const local = `${first}.${last}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f']/g, '')
      .toLowerCase()
    let email = `${local}@${random.pick(MAIL_DOMAINS)}`
    for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${email.split('@')[1]}`
    usedEmails.add(email)
    return { first, last, email }
  }
  let phoneCounter = 20
  const phone = (area: string) => `${area}-555-01${pad(phoneCounter++ % 100)}`

  type Occupant = { id: string; unitId: string; propertyIndex: number; area: string }
  const occupants: Occupant[] = []
  const spaceOfUnit = new Map<string, string>()
  const unitsByProperty: { id: string; number: string; type: string }[][] = []

  for (const [propertyIndex, property] of properties.entries()) {
    const propertyId = await idOf(propertyGroupsResource, property.body)
    for (const [ownerId, percentage] of property.owners) await create(propertyOwnershipsResource, { property_group_id: propertyId, property_owner_id: ownerId, percentage })
    const area = property.body.address.city === 'Toronto' ? '416' : '613'
    const units: { id: string; number: string; type: string }[] = []
    unitsByProperty.push(units)
    for (const building of property.buildings) {
      const { units: plans, ...buildingBody } = building
      const buildingId = await idOf(buildingsResource, { ...buildingBody, property_group_id: propertyId })
      for (const plan of plans) {
        const status = UNIT_STATUS[`${building.name}/${plan.number}`] ?? 'OCCUPIED'
        const unitId = await idOf(rentalUnitsResource, {
          unit_number: plan.number,
          building_id: buildingId,
          unit_type: plan.type,
          status,
          bedrooms: String(plan.beds),
          bathrooms: plan.baths,
          area_sq_ft: String(plan.area),
          market_rent: money(plan.rent),
          description: status === 'DOWN' ? 'Water damage from the unit above: drywall and flooring being replaced.' : null,
        })
        units.push({ id: unitId, number: plan.number, type: plan.type })
        await seedResidents(unitId, plan, status, propertyIndex, area)
      }
    }
    // Parking: numbered stalls, the first ones assigned to units.
    for (let n = 1; n <= property.parking.count; n++) {
      const assigned = property.parking.type === 'VISITOR' ? undefined : units[(n * 7) % units.length]
      const space = await idOf(parkingSpacesResource, {
        space_number: `${property.parking.prefix}${pad(n)}`,
        property_group_id: propertyId,
        parking_space_type: n === 1 && property.parking.type === 'UNDERGROUND' ? 'ACCESSIBLE' : n === 2 && property.parking.type === 'UNDERGROUND' ? 'EV_CHARGING' : property.parking.type,
        monthly_rent: money(property.parking.rent),
        rental_unit_id: assigned?.id ?? null,
      })
      if (assigned && !spaceOfUnit.has(assigned.id)) spaceOfUnit.set(assigned.id, space)
    }
  }

  async function seedResidents(unitId: string, plan: UnitPlan, status: string, propertyIndex: number, area: string) {
    const resident = async (type: string, name: { first: string; last: string; email: string }, extra: Record<string, unknown> = {}) => {
      const contact = person(random.chance(0.5) ? name.last : undefined)
      const id = await idOf(residentsResource, {
        first_name: name.first,
        last_name: name.last,
        resident_type: type,
        rental_unit_id: unitId,
        email: name.email,
        phone: phone(area),
        date_of_birth: isoDate(random.int(1952, 2003), random.int(1, 12), random.int(1, 28)),
        emergency_contact_name: `${contact.first} ${contact.last}`,
        emergency_contact_phone: phone(random.pick(['613', '416', '905', '819'])),
        emergency_contact_relationship: random.pick(RELATIONSHIPS),
        ...extra,
      })
      if (type === 'CURRENT_RESIDENT') occupants.push({ id, unitId, propertyIndex, area })
      return id
    }
    const moveIn = () => isoDate(random.int(2017, 2025), random.int(1, 12), 1)

    if (plan.type === 'COMMERCIAL_RETAIL') {
      const tenant = COMMERCIAL_TENANTS[plan.number]
      if (tenant) await resident('CURRENT_RESIDENT', { first: tenant.first, last: tenant.last, email: `${tenant.first.toLowerCase()}@bathurstbakery.example.com` }, { move_in_date: '2021-05-01' })
      else await resident('APPLICANT', person(), {})
      return
    }
    if (status === 'OCCUPIED' || status === 'NOTICE') {
      const primary = person()
      const moveOut = status === 'NOTICE' ? isoDate(2026, random.int(1, 3), 28 + random.int(0, 2) - 2) : undefined
      const since = moveIn()
      await resident('CURRENT_RESIDENT', primary, { move_in_date: since, move_out_date: moveOut })
      // Couples and roommates in the larger units.
      if (plan.beds >= 2 && random.chance(0.6)) await resident('CURRENT_RESIDENT', person(random.chance(0.5) ? primary.last : undefined), { move_in_date: since, move_out_date: moveOut })
      // Whoever lived here before.
      if (random.chance(0.12)) {
        const year = Number(since.slice(0, 4))
        await resident('FORMER_RESIDENT', person(), {
          move_in_date: isoDate(year - random.int(2, 4), random.int(1, 12), 1),
          move_out_date: isoDate(year, 1, 1 + random.int(0, 1) * 27),
          forwarding_address: { street: `${random.int(10, 990)} ${random.pick(['Carling Avenue', 'Bank Street', 'Somerset Street West', 'Dundas Street East', 'Danforth Avenue'])}`, ...(area === '416' ? TORONTO : OTTAWA), postal_code: area === '416' ? 'M4K 1N2' : 'K1S 3W6' },
        })
      }
      if (status === 'NOTICE') await resident('FUTURE_RESIDENT', person(), { move_in_date: isoDate(2026, 4, 1) })
      return
    }
    if (status === 'VACANT') {
      await resident(random.chance(0.5) ? 'APPLICANT' : 'FUTURE_RESIDENT', person(), random.chance(0.5) ? { move_in_date: isoDate(2026, 3, 1) } : {})
    }
  }

  // Pets: about one household in five.
  const PETS = [
    { pet_type: 'DOG', names: ['Maple', 'Bailey', 'Moose', 'Luna', 'Tucker'], breeds: ['Labrador retriever', 'Beagle', 'Golden retriever', 'Shih Tzu', 'Border collie'], weight: [18, 70] },
    { pet_type: 'CAT', names: ['Poutine', 'Milo', 'Oliver', 'Cleo', 'Simba'], breeds: ['Domestic shorthair', 'Maine coon', 'Siamese', 'Ragdoll'], weight: [7, 15] },
    { pet_type: 'BIRD', names: ['Kiwi', 'Sunny'], breeds: ['Budgerigar', 'Cockatiel'], weight: [0, 1] },
  ] as const
  const COLOURS = ['Black', 'White', 'Brown', 'Tabby', 'Golden', 'Grey', 'Black and white'] as const
  let petCount = 0
  for (const occupant of occupants) {
    if (!random.chance(0.2)) continue
    const kind = PETS[random.chance(0.15) ? 2 : random.chance(0.5) ? 0 : 1]
    await create(residentPetsResource, {
      name: random.pick(kind.names),
      resident_id: occupant.id,
      pet_type: kind.pet_type,
      breed: random.pick(kind.breeds),
      color: random.pick(COLOURS),
      weight_lbs: String(random.int(kind.weight[0], kind.weight[1])),
      is_service_animal: kind.pet_type === 'DOG' && petCount % 7 === 3,
      is_vaccinated: kind.pet_type !== 'BIRD',
      license_number: kind.pet_type === 'DOG' ? `${occupant.area === '416' ? 'TOR' : 'OTT'}-${100_000 + random.int(0, 899_999)}` : null,
    })
    petCount++
  }

  // Vehicles: about a third of the residents of the apartment building and the townhouses.
  const CARS = [
    ['Toyota', 'Corolla'], ['Honda', 'Civic'], ['Hyundai', 'Elantra'], ['Mazda', 'CX-5'], ['Ford', 'Escape'],
    ['Subaru', 'Outback'], ['Kia', 'Soul'], ['Tesla', 'Model 3'], ['Volkswagen', 'Golf'], ['Chevrolet', 'Equinox'],
  ] as const
  const LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ'
  const plate = () => Array.from({ length: 4 }, () => LETTERS[random.int(0, LETTERS.length - 1)]).join('') + ' ' + pad(random.int(0, 999), 3)
  for (const occupant of occupants) {
    if (occupant.propertyIndex === 2 || !random.chance(0.35)) continue
    const [make, model] = random.pick(CARS)
    await create(residentVehiclesResource, {
      license_plate: plate(),
      resident_id: occupant.id,
      make,
      model,
      year: String(random.int(2012, 2025)),
      color: random.pick(['Silver', 'Black', 'White', 'Blue', 'Red', 'Grey']),
      plate_region: 'ON',
      parking_space_id: spaceOfUnit.get(occupant.unitId) ?? null,
    })
  }

  // Appliances: the townhouses' own kitchens and laundry, and the lofts' dishwashers.
  const appliance = (unitId: string, appliance_type: string, brand: string, model_number: string, installed: string) =>
    create(appliancesResource, {
      appliance_type,
      rental_unit_id: unitId,
      brand,
      model_number,
      serial_number: `${brand.slice(0, 2).toUpperCase()}${random.int(10_000_000, 99_999_999)}`,
      installed_on: installed,
      warranty_expires_on: `${Number(installed.slice(0, 4)) + 2}${installed.slice(4)}`,
    })
  for (const unit of unitsByProperty[1]) {
    const year = random.chance(0.5) ? 2019 : 2023
    await appliance(unit.id, 'REFRIGERATOR', 'Frigidaire', 'FFTR1835VW', isoDate(year, 6, 15))
    await appliance(unit.id, 'RANGE', 'Whirlpool', 'WFE505W0JS', isoDate(year, 6, 15))
    await appliance(unit.id, 'WASHER_DRYER', 'LG', 'WM3400CW', isoDate(2021, 9, 1))
  }
  for (const unit of unitsByProperty[2]) {
    if (unit.type !== 'COMMERCIAL_RETAIL') await appliance(unit.id, 'DISHWASHER', 'Bosch', 'SHE3AEM2N', isoDate(2022, 4, 12))
  }
}
