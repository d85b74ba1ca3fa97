import { describe, expect, it } from 'vitest'
import { timeToLease, timeToLeaseTable, type LeasedUnit } from './time-to-lease'

const lease = (over: Partial<LeasedUnit>): LeasedUnit => ({
  leaseId: 'l',
  leaseLabel: 'Lease',
  rentalUnitId: 'u',
  unitLabel: '101',
  unitType: 'APARTMENT',
  propertyGroupId: 'p',
  propertyLabel: 'Bronson Court',
  vacatedOn: '2031-03-31',
  listedOn: null,
  signedOn: '2031-04-20',
  moveIn: '2031-05-01',
  ...over,
})

describe('time to lease', () => {
  it('counts from the listing, else the move-out; pre-leased never below 0; days vacant between move-out and move-in', () => {
    const report = timeToLease(
      [
        lease({ leaseId: 'a' }),
        lease({ leaseId: 'b', unitLabel: '102', listedOn: '2031-04-10', signedOn: '2031-04-13', moveIn: '2031-04-15' }),
        // Signed before the tenant before left: pre-leased, moved in the day after.
        lease({ leaseId: 'c', unitLabel: '103', propertyLabel: 'Annex', vacatedOn: '2031-04-30', signedOn: '2031-04-02', moveIn: '2031-05-01' }),
        // A unit's first lease: nothing to count from.
        lease({ leaseId: 'd', unitLabel: '104', vacatedOn: null, signedOn: '2031-04-05', moveIn: '2031-04-05' }),
        lease({ leaseId: 'e', signedOn: '2031-06-01' }),
        lease({ leaseId: 'f', unitType: 'TOWNHOUSE', signedOn: '2031-04-25' }),
      ],
      { from: '2031-04-01', to: '2031-04-30', unitType: 'APARTMENT' },
    )
    expect(report.rows.map((r) => [r.lease_id, r.days_to_lease, r.pre_leased, r.days_vacant])).toEqual([
      ['c', 0, true, 0],
      ['d', null, false, null],
      ['b', 3, false, 14],
      ['a', 20, false, 30],
    ])
    expect(report.groups).toEqual([
      { group: 'Annex', leases: 1, pre_leased: 1, mean_days_to_lease: 0, median_days_to_lease: 0, mean_days_vacant: 0, median_days_vacant: 0 },
      { group: 'Bronson Court', leases: 3, pre_leased: 0, mean_days_to_lease: 11.5, median_days_to_lease: 11.5, mean_days_vacant: 22, median_days_vacant: 22 },
    ])
    expect(report.total).toMatchObject({ leases: 4, mean_days_to_lease: 7.7, median_days_to_lease: 3 })
    expect(timeToLeaseTable(report, []).rows.at(-1)!.cells[0]).toBe('All properties')
  })
})
