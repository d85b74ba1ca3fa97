import { describe, expect, it } from 'vitest'
import { gettingStarted, type SetupFacts } from './getting-started'

const empty: SetupFacts = { companyDetails: false, properties: false, buildings: false, rentalUnits: false, residents: false, bankAccounts: false, colleagues: false }
const complete: SetupFacts = { companyDetails: true, properties: true, buildings: true, rentalUnits: true, residents: true, bankAccounts: true, colleagues: true }

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
    const items = gettingStarted({ ...empty, properties: true, colleagues: true })
    expect(items?.filter((item) => item.done).map((item) => item.key)).toEqual(['properties', 'colleagues'])
  })

  it('is gone once every step is done', () => {
    expect(gettingStarted(complete)).toBeNull()
    expect(gettingStarted({ ...complete, companyDetails: false })).toHaveLength(7)
  })
})
