/** What a company has set up so far, as the dashboard's checklist reads it. */
export type SetupFacts = {
  companyDetails: boolean
  properties: boolean
  buildings: boolean
  rentalUnits: boolean
  residents: boolean
  bankAccounts: boolean
  /** Other active staff, invited or signed up. */
  colleagues: boolean
}

export type GettingStartedItem = { key: keyof SetupFacts; label: string; done: boolean; url: string }

const STEPS: { key: keyof SetupFacts; label: string; url: string }[] = [
  { key: 'companyDetails', label: 'Fill in your company details', url: '/app/management-company/' },
  { key: 'properties', label: 'Add a property', url: '/app/property-groups/new/' },
  { key: 'buildings', label: 'Add a building', url: '/app/buildings/new/' },
  { key: 'rentalUnits', label: 'Add its rental units', url: '/app/rental-units/new/' },
  { key: 'residents', label: 'Add your residents', url: '/app/residents/new/' },
  { key: 'bankAccounts', label: 'Add a bank account', url: '/app/accounting/bank-accounts/new/' },
  { key: 'colleagues', label: 'Invite a colleague', url: '/app/property-managers/new/' },
]

/**
 * The steps that take a new company from an empty workspace to one it can run,
 * in the order they depend on each other; null once every step is done, so the
 * checklist leaves the dashboard by itself.
 */
export function gettingStarted(facts: SetupFacts): GettingStartedItem[] | null {
  const items = STEPS.map((step) => ({ ...step, done: facts[step.key] }))
  return items.every((item) => item.done) ? null : items
}
