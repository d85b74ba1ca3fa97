import { describe, expect, it } from 'vitest'
import { gettingStarted, type SetupFacts } from './getting-started'

const empty: SetupFacts = { companyDetails: false, properties: 0, buildings: 0, rentalUnits: 0, residents: 0, bankAccounts: 0, colleagues: 0 }
const complete: SetupFacts = { companyDetails: true, properties: 1, buildings: 2, rentalUnits: 12, residents: 3, bankAccounts: 1, colleagues: 1 }

describe('getting started', () => {
  it('lists every step, none done, for a new company, each linking to where it is done', () => {
    const items = gettingStarted(empty)
    expect(items?.map((item) => [item.label, item.done, item.url])).toEqual([
      ['Fill in your company details', false, '/app/management-company/'],
      ['Add a property', false, '/app/property-groups/new/'],
      ['Add a building', false, '/app/buildings/new/'],
      ['Add its rental units', false, '/app/rental-units/new/'],
      ['Add your residents', false, '/app/residents/new/'],
      ['Add a bank account', false, '/app/accounting/bank-accounts/new/'],
      ['Invite a colleague', false, '/app/property-managers/new/'],
    ])
  })

  it('ticks off each step that has its first record', () => {
    const items = gettingStarted({ ...empty, properties: 1, colleagues: 2 })
    expect(items?.filter((item) => item.done).map((item) => item.key)).toEqual(['properties', 'colleagues'])
  })

  it('is gone once every step is done', () => {
    expect(gettingStarted(complete)).toBeNull()
    expect(gettingStarted({ ...complete, companyDetails: false })).toHaveLength(7)
  })
})
