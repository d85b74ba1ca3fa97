import { STAFF_NAVIGATION } from './navigation'
import { REPORT_CATALOG } from './report-catalog'

/*
 * Every address SPEC.md §2 gives a page answers at that address. Pages whose capability is not
 * built yet get their real title and an honest empty state, never invented data; a record of a
 * type not built yet is a 404 that names the type, not the router's "no page here".
 */

const WORDS: Record<string, string> = { sms: 'SMS', ai: 'AI', dscr: 'DSCR', po: 'PO', eft: 'EFT', and: 'and', to: 'to', in: 'in', as: 'as' }

/** `rent-roll-comparison` → "Rent Roll Comparison". */
function titleOf(slug: string) {
  const words = slug.split('-').map((word) => WORDS[word] ?? `${word[0].toUpperCase()}${word.slice(1)}`)
  return words.join(' ')
}

// Names that are not made by dropping an "s": the rest are.
const SINGULAR: Record<string, string> = { sms: 'SMS', equipment: 'Equipment', 'make-ready': 'Make Ready' }

/** `time-tracking-entries` → "Time Tracking Entry". */
function singularOf(slug: string) {
  if (SINGULAR[slug]) return SINGULAR[slug]
  const name = titleOf(slug)
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '')
}

/** The resources of SPEC.md §2 by the area they sit in: each has a list, a /new/ page and a record page. */
export const SPEC_RESOURCES = {
  '/app/': [
    'fee-schedules', 'property-groups', 'work-orders', 'security-deposits', 'notes', 'property-inspections', 'inventory-items',
    'inventory-transactions', 'property-inspection-forms', 'property-owners', 'vendors', 'vehicles', 'parking-spaces',
    'resident-vehicles', 'vendor-credits', 'email-domains', 'email-senders', 'buildings', 'rental-units', 'property-managers',
    'equipment', 'equipment-rentals', 'equipment-rental-rates', 'maintenance-technicians', 'maintenance-projects', 'budgets',
    'tasks', 'recurring-tasks', 'recurring-journal-entries', 'appliances', 'resident-pets', 'documents', 'residents',
    'signature-requests', 'rent-receivables', 'rent-payments', 'email-messages', 'email-message-batches',
    'draft-email-message-batches', 'stripe-accounts', 'sms', 'leases', 'lease-attachments', 'make-ready', 'rent-payment-schedules',
    'rent-increases', 'bulk-rent-increase-notices', 'rental-application-forms', 'inspection-reports', 'rental-unit-listings',
    'rental-applications', 'waitlist-subscribers', 'mortgages', 'lenders', 'storage-units', 'storage-facilities',
    'storage-unit-leases', 'storage-unit-invoices', 'storage-customers', 'time-tracking-entries', 'purchase-orders',
    'bank-deposits', 'utility-meters', 'utility-meter-readings', 'management-fee-receivables', 'management-fee-payments',
    'work-logs', 'api-keys', 'email-templates',
  ],
  '/app/accounting/': [
    'bulk-bill-payments', 'remittance-letters', 'invoices', 'invoice-payments', 'journal-entries', 'bills', 'billable-expenses',
    'bill-payments', 'transactions', 'accounts', 'bank-accounts', 'credit-cards', 'bank-reconciliations', 'markup-types',
  ],
} as const

/** SPEC.md §2's other staff pages, its resources' extra pages, and its reports. */
const STAFF_PAGES = [
  'user-settings', 'property-management-revenue', 'management-company', 'contact-support', 'upcoming-vacancies', 'current-vacancies',
  'record-expense', 'leases-expiring-60-days', 'leases-expiring-120-days', 'former-residents', 'rental-applicants',
  'future-residents', 'ai-question', 'leasing', 'rent-payments/bulk-mark-as-paid', 'accounting/invoices/invoice-work-orders-to-property',
  'accounting/bills/bulk-pay',
]

export const SPEC_REPORTS = [
  'generate-report', 'income-statement', 'balance-sheet', 'rent-ledger', 'trial-balance', 'management-fee-summary',
  'transaction-register', 'aged-payables', 'aged-receivables', 'dscr', 'dscr-sensitivity', 'rent-delinquency', 'rent-roll',
  'physical-inventory', 'rent-roll-comparison', 'parking-space-assignment', 'loss-to-lease', 'rent-outstanding', 'rent-receipt',
  'upcoming-rent-increase', 'open-tasks', 'closed-tasks', 'task-performance', 'chart-of-accounts', 'service-tech-hours',
  'open-work-orders', 'closed-work-orders', 'work-order-summary', 'work-order-performance', 'move-in-move-out', 'time-to-lease',
  'general-ledger', 'journal-transactions', 'po-listing', 'generate-eft-payment-file', 'scheduled-reports',
]

const PAGE_TITLES: Record<string, string> = {
  'leases-expiring-60-days': 'Leases Expiring in 60 Days',
  'leases-expiring-120-days': 'Leases Expiring in 120 Days',
  'rent-payments/bulk-mark-as-paid': 'Mark Rent Payments as Paid',
  'accounting/invoices/invoice-work-orders-to-property': 'Invoice Work Orders to Property',
  'accounting/bills/bulk-pay': 'Pay Bills',
}

const REPORT_TITLES = Object.fromEntries(REPORT_CATALOG.flatMap((group) => group.reports.map((report) => [report.slug, report.label])))

export type LaterPages = {
  /** Title by path, with its trailing slash. */
  pages: Record<string, string>
  /** Record pages of types not built yet: the singular name by the path of their list. */
  records: Record<string, string>
}

function staffLaterPages(): LaterPages {
  const pages: Record<string, string> = {}
  const records: Record<string, string> = {}
  for (const [area, slugs] of Object.entries(SPEC_RESOURCES)) {
    for (const slug of slugs) {
      pages[`${area}${slug}/`] = titleOf(slug)
      pages[`${area}${slug}/new/`] = `Add ${singularOf(slug)}`
      records[`${area}${slug}/`] = singularOf(slug)
    }
  }
  for (const slug of STAFF_PAGES) pages[`/app/${slug}/`] = PAGE_TITLES[slug] ?? titleOf(slug.split('/').at(-1)!)
  for (const slug of SPEC_REPORTS) pages[`/app/reporting/${slug}/`] = REPORT_TITLES[slug] ?? titleOf(slug)
  pages['/app/reporting/scheduled-reports/new/'] = 'Add Scheduled Report'
  records['/app/reporting/scheduled-reports/'] = 'Scheduled Report'
  // The sidebar's own names win: a person arrives from it.
  for (const group of STAFF_NAVIGATION) for (const link of group.links) pages[link.href] = link.label
  return { pages, records }
}

export const STAFF_LATER = staffLaterPages()

export const RESIDENT_LATER: LaterPages = {
  pages: {
    '/rc/work-orders/': 'Work Orders',
    '/rc/work-orders/new/': 'Create Work Order',
  },
  records: { '/rc/work-orders/': 'Work Order' },
}

/** Every page of the technician area is built (issue 15 item 4); what is left is answered as not found. */
export const TECHNICIAN_LATER: LaterPages = { pages: {}, records: {} }

export type LaterPage = { title: string } | { missing: string }

/**
 * What answers at `pathname` among the pages not built yet: a page's title, or, for one record of a
 * type not built yet, what is missing ("No such work order.") to answer 404 with; null when nothing
 * lives there.
 */
export function laterPage(later: LaterPages, pathname: string): LaterPage | null {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  if (later.pages[path]) return { title: later.pages[path] }
  const list = path.replace(/[^/]+\/$/, '')
  if (later.records[list]) return { missing: `No such ${later.records[list].toLowerCase()}.` }
  return null
}
