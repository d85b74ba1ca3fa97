/**
 * The fixed choice lists of SPEC.md §7 (unit types, pet types, …). A value is UPPER_SNAKE and
 * never changes once stored; a label is for people and may be reworded. The API serves these
 * lists, and the resources whose fields take one of them validate against the same list:
 * `z.enum(valuesOf(UNIT_TYPES))`.
 */
export type Choice = { readonly value: string; readonly label: string }

/** The stored value of a list's entries: `ValueOf<typeof UNIT_TYPES>` is `'APARTMENT' | 'CONDO' | …`. */
export type ValueOf<L extends readonly Choice[]> = L[number]['value']

export const UNIT_TYPES = [
  { value: 'APARTMENT', label: 'Apartment' },
  { value: 'CONDO', label: 'Condo' },
  { value: 'TOWNHOUSE', label: 'Townhouse' },
  { value: 'SINGLE_FAMILY_HOUSE', label: 'Single-family house' },
  { value: 'SEMI_DETACHED_HOUSE', label: 'Semi-detached house' },
  { value: 'DUPLEX_UNIT', label: 'Duplex unit' },
  { value: 'TRIPLEX_UNIT', label: 'Triplex unit' },
  { value: 'FOURPLEX_UNIT', label: 'Fourplex unit' },
  { value: 'BASEMENT_SUITE', label: 'Basement suite' },
  { value: 'LANEWAY_HOUSE', label: 'Laneway or coach house (ADU)' },
  { value: 'STUDIO', label: 'Studio' },
  { value: 'LOFT', label: 'Loft' },
  { value: 'ROOM', label: 'Room' },
  { value: 'MOBILE_HOME', label: 'Mobile home' },
  { value: 'MOBILE_HOME_LOT', label: 'Mobile home lot' },
  { value: 'COMMERCIAL_RETAIL', label: 'Commercial retail' },
  { value: 'OFFICE', label: 'Office' },
  { value: 'INDUSTRIAL', label: 'Industrial' },
  { value: 'STORAGE_LOCKER', label: 'Storage locker' },
  { value: 'PARKING_STALL', label: 'Parking stall' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]
export type UnitType = ValueOf<typeof UNIT_TYPES>

/** Species only: whether an animal is a service or support animal is a separate question. */
export const PET_TYPES = [
  { value: 'DOG', label: 'Dog' },
  { value: 'CAT', label: 'Cat' },
  { value: 'BIRD', label: 'Bird' },
  { value: 'FISH', label: 'Fish' },
  { value: 'RABBIT', label: 'Rabbit' },
  { value: 'SMALL_MAMMAL', label: 'Small mammal (hamster, guinea pig, ferret…)' },
  { value: 'REPTILE', label: 'Reptile or amphibian' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]
export type PetType = ValueOf<typeof PET_TYPES>

export const DOCUMENT_TYPES = [
  { value: 'LEASE', label: 'Lease' },
  { value: 'LEASE_ADDENDUM', label: 'Lease addendum' },
  { value: 'RENTAL_APPLICATION', label: 'Rental application' },
  { value: 'IDENTIFICATION', label: 'ID' },
  { value: 'PROOF_OF_INCOME', label: 'Proof of income' },
  { value: 'SCREENING_REPORT', label: 'Credit or background check' },
  { value: 'INSURANCE_CERTIFICATE', label: 'Insurance certificate' },
  { value: 'INSPECTION_REPORT', label: 'Inspection report' },
  { value: 'NOTICE', label: 'Notice' },
  { value: 'PAYMENT_AUTHORIZATION', label: 'Pre-authorized debit or ACH authorization' },
  { value: 'MANAGEMENT_AGREEMENT', label: 'Management agreement' },
  { value: 'CONTRACT', label: 'Contract' },
  { value: 'INVOICE', label: 'Invoice' },
  { value: 'RECEIPT', label: 'Receipt' },
  { value: 'BANK_STATEMENT', label: 'Bank statement' },
  { value: 'TAX_FORM', label: 'Tax form' },
  { value: 'WARRANTY', label: 'Warranty or manual' },
  { value: 'PERMIT', label: 'Permit or licence' },
  { value: 'FLOOR_PLAN', label: 'Floor plan' },
  { value: 'PHOTO', label: 'Photo' },
  { value: 'CORRESPONDENCE', label: 'Correspondence' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]
export type DocumentType = ValueOf<typeof DOCUMENT_TYPES>

export const APPLIANCE_TYPES = [
  { value: 'REFRIGERATOR', label: 'Refrigerator' },
  { value: 'RANGE', label: 'Range / stove' },
  { value: 'WALL_OVEN', label: 'Wall oven' },
  { value: 'COOKTOP', label: 'Cooktop' },
  { value: 'MICROWAVE', label: 'Microwave' },
  { value: 'RANGE_HOOD', label: 'Range hood' },
  { value: 'DISHWASHER', label: 'Dishwasher' },
  { value: 'GARBAGE_DISPOSAL', label: 'Garbage disposal' },
  { value: 'FREEZER', label: 'Freezer' },
  { value: 'WASHER', label: 'Washer' },
  { value: 'DRYER', label: 'Dryer' },
  { value: 'WASHER_DRYER', label: 'Washer-dryer (combo or stacked)' },
  { value: 'WATER_HEATER', label: 'Water heater' },
  { value: 'FURNACE', label: 'Furnace' },
  { value: 'BOILER', label: 'Boiler' },
  { value: 'HEAT_PUMP', label: 'Heat pump' },
  { value: 'AIR_CONDITIONER', label: 'Air conditioner' },
  { value: 'DEHUMIDIFIER', label: 'Dehumidifier' },
  { value: 'WATER_SOFTENER', label: 'Water softener' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]
export type ApplianceType = ValueOf<typeof APPLIANCE_TYPES>

export const PARKING_SPACE_TYPES = [
  { value: 'SURFACE', label: 'Surface' },
  { value: 'UNDERGROUND', label: 'Underground' },
  { value: 'COVERED', label: 'Covered / carport' },
  { value: 'GARAGE', label: 'Garage' },
  { value: 'TANDEM', label: 'Tandem' },
  { value: 'COMPACT', label: 'Compact' },
  { value: 'ACCESSIBLE', label: 'Accessible' },
  { value: 'EV_CHARGING', label: 'EV charging' },
  { value: 'MOTORCYCLE', label: 'Motorcycle' },
  { value: 'VISITOR', label: 'Visitor' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]
export type ParkingSpaceType = ValueOf<typeof PARKING_SPACE_TYPES>

/** `periodsPerYear` is what a rent or loan schedule divides a year by; a one-time amount has none. */
export const PAYMENT_FREQUENCIES = [
  { value: 'ONE_TIME', label: 'One-time', periodsPerYear: null },
  { value: 'WEEKLY', label: 'Weekly', periodsPerYear: 52 },
  { value: 'BI_WEEKLY', label: 'Bi-weekly', periodsPerYear: 26 },
  { value: 'SEMI_MONTHLY', label: 'Semi-monthly', periodsPerYear: 24 },
  { value: 'MONTHLY', label: 'Monthly', periodsPerYear: 12 },
  { value: 'QUARTERLY', label: 'Quarterly', periodsPerYear: 4 },
  { value: 'SEMI_ANNUALLY', label: 'Semi-annually', periodsPerYear: 2 },
  { value: 'ANNUALLY', label: 'Annually', periodsPerYear: 1 },
] as const satisfies readonly (Choice & { periodsPerYear: number | null })[]
export type PaymentFrequency = ValueOf<typeof PAYMENT_FREQUENCIES>

/** ISO 8601 order and numbers (Monday 1 … Sunday 7); JavaScript's `getDay()` is `isoWeekday % 7`. */
export const DAYS_OF_WEEK = [
  { value: 'MONDAY', label: 'Monday', isoWeekday: 1 },
  { value: 'TUESDAY', label: 'Tuesday', isoWeekday: 2 },
  { value: 'WEDNESDAY', label: 'Wednesday', isoWeekday: 3 },
  { value: 'THURSDAY', label: 'Thursday', isoWeekday: 4 },
  { value: 'FRIDAY', label: 'Friday', isoWeekday: 5 },
  { value: 'SATURDAY', label: 'Saturday', isoWeekday: 6 },
  { value: 'SUNDAY', label: 'Sunday', isoWeekday: 7 },
] as const satisfies readonly (Choice & { isoWeekday: number })[]
export type DayOfWeek = ValueOf<typeof DAYS_OF_WEEK>

/** The values of a list as the non-empty tuple `z.enum` wants. */
export function valuesOf<const L extends readonly Choice[]>(list: L) {
  return list.map((choice) => choice.value) as unknown as readonly [ValueOf<L>, ...ValueOf<L>[]]
}

/** The label of a stored value; a value no longer in the list is shown as it is rather than hidden. */
export function labelOf<const L extends readonly Choice[]>(list: L, value: ValueOf<L> | (string & {})): string {
  return list.find((choice) => choice.value === value)?.label ?? value
}

