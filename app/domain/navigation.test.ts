import { describe, expect, it } from 'vitest'
import { filterEntries, navigationGroupOf, quickActions, STAFF_NAVIGATION, visibleNavigation } from './navigation'
import { ALL_PERMISSIONS, PERMISSIONS, type Access } from './permissions'

const none = Object.fromEntries(PERMISSIONS.map((p) => [p.flag, false])) as Access['permissions']
const off = { has_e_signature_enabled: false, has_lintel_ai_enabled: false, sms: false }

describe('staff navigation', () => {
  it('shows every group to a manager with all permissions, without the switched-off entries', () => {
    const groups = visibleNavigation({ permissions: ALL_PERMISSIONS, settings: off })
    expect(groups.map((g) => g.label)).toEqual(['Management Company', 'Properties', 'Leasing', 'Operations', 'Communications', 'Storage', 'Accounting', 'Reporting', 'AI'])
    const links = groups.flatMap((g) => g.links.map((l) => l.label))
    expect(links).not.toContain('Signature Requests')
    expect(links).not.toContain('SMS')
  })

  it('adds Signature Requests and SMS only when their workspace switches are on', () => {
    const links = visibleNavigation({ permissions: ALL_PERMISSIONS, settings: { ...off, has_e_signature_enabled: true, sms: true } }).flatMap((g) => g.links.map((l) => l.label))
    expect(links).toContain('Signature Requests')
    expect(links).toContain('SMS')
  })

  it('leads the Properties group with the properties themselves, which a new company creates first', () => {
    const properties = visibleNavigation({ permissions: none, settings: off }).find((g) => g.label === 'Properties')
    expect(properties?.links.map((l) => [l.label, l.href])).toEqual([
      ['Properties', '/app/property-groups/'],
      ['Property Owners', '/app/property-owners/'],
      ['Buildings', '/app/buildings/'],
      ['Rental Units', '/app/rental-units/'],
      ['Residents', '/app/residents/'],
    ])
    expect(quickActions({ permissions: none, settings: off }).map((e) => e.name)).toEqual(expect.arrayContaining(['View Properties', 'Add Property']))
  })

  it('shows only Properties and the permitted groups to a limited manager', () => {
    const groups = visibleNavigation({ permissions: { ...none, has_operations_permissions: true }, settings: off })
    expect(groups.map((g) => g.label)).toEqual(['Properties', 'Operations'])
  })

  it('leaves Storage, Accounting and AI out of the phone drawer', () => {
    const groups = visibleNavigation({ permissions: ALL_PERMISSIONS, settings: off }, { mobile: true })
    expect(groups.map((g) => g.label)).not.toEqual(expect.arrayContaining(['Storage']))
    expect(groups.map((g) => g.label)).toEqual(['Management Company', 'Properties', 'Leasing', 'Operations', 'Communications', 'Reporting'])
  })
})

describe('the group of a page', () => {
  it('is the group of the longest sidebar link the address starts with', () => {
    expect(navigationGroupOf('/app/accounting/bills/new/')?.label).toBe('Accounting')
    expect(navigationGroupOf('/app/leases/0b6f1c7e-0000-4000-8000-000000000000')?.label).toBe('Leasing')
    expect(navigationGroupOf('/app/rental-units/')?.label).toBe('Properties')
    expect(navigationGroupOf('/app/reporting/scheduled-reports/new/')?.label).toBe('Reporting')
    expect(navigationGroupOf('/app/')).toBeUndefined()
    expect(navigationGroupOf('/app/lease-attachments/')).toBeUndefined()
  })
})

describe('palette quick actions', () => {
  it('follows the sidebar gates', () => {
    const limited = quickActions({ permissions: { ...none, has_accounting_permissions: true }, settings: off }).map((e) => e.name)
    expect(limited).toContain('View Journal Entries')
    expect(limited).not.toContain('View Property Managers')
  })

  it('never offers a page still to come, whatever the permissions and switches', () => {
    const everything = quickActions({ permissions: ALL_PERMISSIONS, settings: { ...off, has_lintel_ai_enabled: true, has_e_signature_enabled: true } })
    const later = new Set(STAFF_NAVIGATION.flatMap((g) => g.links.filter((l) => l.later).map((l) => l.href)))
    expect(later.size).toBeGreaterThan(0)
    expect(everything.filter((e) => later.has(e.url))).toEqual([])
    expect(everything.map((e) => e.name)).toEqual(expect.arrayContaining(['View Journal Entries', 'View Banking', 'View Residents', 'View Work Orders', 'Add Work Order']))
    expect(everything.map((e) => e.name)).not.toEqual(expect.arrayContaining(['View Maintenance Projects']))
    expect(everything.map((e) => e.name)).not.toContain('Start a chat with Lintel AI')
  })

  it('filters by case-insensitive substring of the name', () => {
    const entries = [
      { name: 'View Rental Units', url: '/a', object_type: 'Quick Action' },
      { name: 'Jane Rentals', url: '/b', object_type: 'Resident' },
      { name: 'Work Orders', url: '/c', object_type: 'Quick Action' },
    ]
    expect(filterEntries(entries, 'RENTAL').map((e) => e.url)).toEqual(['/a', '/b'])
    expect(filterEntries(entries, '  ')).toHaveLength(3)
    expect(filterEntries(entries, 'zzz')).toEqual([])
  })
})
