import { STAFF_NAVIGATION } from './navigation'

/**
 * Pages that are linked from the navigation but whose capability is not built
 * yet. They get their real title and an honest empty state, never invented data.
 */
const STAFF_LATER: Record<string, string> = Object.fromEntries(
  STAFF_NAVIGATION.flatMap((group) => group.links.map((link) => [link.href, link.label])),
)

export const RESIDENT_LATER: Record<string, string> = {
  '/rc/leases/': 'Leases',
  '/rc/work-orders/': 'Work Orders',
  '/rc/work-orders/new/': 'Create Work Order',
  '/rc/documents/': 'Documents',
}

export const TECHNICIAN_LATER: Record<string, string> = {
  '/mt/work-orders/': 'Work Orders',
  '/mt/work-orders/new/': 'Add Work Order',
  '/mt/time-tracking-entries/': 'Time Tracking Entries',
  '/mt/time-tracking-entries/new/': 'Add Time Tracking Entry',
}

/** The title of a not-yet-built page at `pathname`, or null when nothing lives there (a real 404). */
export function laterPageTitle(pages: Record<string, string>, pathname: string) {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  return pages[path] ?? null
}

export { STAFF_LATER }
