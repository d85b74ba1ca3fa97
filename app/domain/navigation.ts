import { allows, type Access, type Gate } from './permissions'

export type NavLink = Gate & {
  label: string
  href: string
  /** The record type in singular, for the palette's "Add …" action; only where a new-record page exists. */
  add?: { label: string; href: string }
  /** Not in this version yet: the page is its honest empty state, so the palette does not offer it (a test walks every link to keep this true). */
  later?: true
}

export type NavGroup = Gate & {
  label: string
  links: NavLink[]
  /** The phone drawer leaves out the groups nobody runs from a phone. */
  mobile: boolean
}

/** The staff sidebar of SPEC.md §2, in order. */
export const STAFF_NAVIGATION: NavGroup[] = [
  {
    label: 'Management Company',
    permission: 'management_company',
    mobile: true,
    links: [
      { label: 'Company Details', href: '/app/management-company/' },
      { label: 'Fee Schedules', href: '/app/fee-schedules/' },
      { label: 'Property Managers', href: '/app/property-managers/', add: { label: 'Property Manager', href: '/app/property-managers/new/' } },
      {
        label: 'Maintenance Technicians',
        href: '/app/maintenance-technicians/',
        add: { label: 'Maintenance Technician', href: '/app/maintenance-technicians/invite/' },
      },
    ],
  },
  {
    label: 'Properties',
    mobile: true,
    links: [
      // A new company starts here: each building, unit and owner belongs to a property.
      { label: 'Properties', href: '/app/property-groups/', add: { label: 'Property', href: '/app/property-groups/new/' } },
      { label: 'Property Owners', href: '/app/property-owners/' },
      { label: 'Buildings', href: '/app/buildings/' },
      { label: 'Rental Units', href: '/app/rental-units/' },
      { label: 'Residents', href: '/app/residents/' },
    ],
  },
  {
    label: 'Leasing',
    permission: 'leasing',
    mobile: true,
    links: [
      { label: 'Leases', href: '/app/leases/' },
      { label: 'Vacancies', href: '/app/current-vacancies/' },
      { label: 'Listings', href: '/app/rental-unit-listings/' },
      { label: 'Application Forms', href: '/app/rental-application-forms/' },
      { label: 'Rental Applications', href: '/app/rental-applications/' },
      { label: 'Waitlist', href: '/app/waitlist-subscribers/' },
      { label: 'Signature Requests', href: '/app/signature-requests/', setting: 'has_e_signature_enabled' },
    ],
  },
  {
    label: 'Operations',
    permission: 'operations',
    mobile: true,
    links: [
      { label: 'Work Orders', href: '/app/work-orders/', add: { label: 'Work Order', href: '/app/work-orders/new/' } },
      { label: 'Inspection Reports', href: '/app/inspection-reports/', add: { label: 'Inspection Report', href: '/app/inspection-reports/new/' } },
      { label: 'Tasks', href: '/app/tasks/', add: { label: 'Task', href: '/app/tasks/new/' } },
      { label: 'Maintenance Projects', href: '/app/maintenance-projects/', later: true },
      { label: 'Make Readies', href: '/app/make-ready/' },
      { label: 'Equipment', href: '/app/equipment/', later: true },
      { label: 'Utility Meters', href: '/app/utility-meters/', later: true },
    ],
  },
  {
    label: 'Communications',
    permission: 'communications',
    mobile: true,
    links: [
      { label: 'Emails', href: '/app/email-messages/' },
      { label: 'SMS', href: '/app/sms/', setting: 'sms', later: true },
    ],
  },
  {
    label: 'Storage',
    permission: 'storage',
    mobile: false,
    links: [
      { label: 'Customers', href: '/app/storage-customers/', later: true },
      { label: 'Facilities', href: '/app/storage-facilities/', later: true },
      { label: 'Units', href: '/app/storage-units/', later: true },
      { label: 'Storage Leases', href: '/app/storage-unit-leases/', later: true },
      { label: 'Storage Unit Invoices', href: '/app/storage-unit-invoices/', later: true },
    ],
  },
  {
    label: 'Accounting',
    permission: 'accounting',
    mobile: false,
    links: [
      { label: 'Budgets', href: '/app/budgets/', later: true },
      { label: 'Accounts', href: '/app/accounting/accounts/' },
      { label: 'Inventory', href: '/app/inventory-items/', later: true },
      { label: 'Journal Entries', href: '/app/accounting/journal-entries/' },
      { label: 'Recurring Journal Entries', href: '/app/accounting/recurring-journal-entries/' },
      { label: 'Mortgages', href: '/app/mortgages/', later: true },
      { label: 'Vendors', href: '/app/vendors/' },
      { label: 'Payables (Bills)', href: '/app/accounting/bills/' },
      { label: 'Receivables (Invoices)', href: '/app/accounting/invoices/' },
      { label: 'Rent Payments & Receivables', href: '/app/rent-payments/' },
      { label: 'Banking', href: '/app/accounting/bank-accounts/' },
      { label: 'Purchase Orders', href: '/app/accounting/purchase-orders/', add: { label: 'Purchase Order', href: '/app/accounting/purchase-orders/new/' } },
      { label: 'Ledger Integrity', href: '/app/accounting/ledger-integrity/' },
    ],
  },
  {
    label: 'Reporting',
    permission: 'reporting',
    mobile: true,
    links: [
      { label: 'Generate Report', href: '/app/reporting/generate-report/' },
      { label: 'Scheduled Reports', href: '/app/reporting/scheduled-reports/', later: true },
    ],
  },
  {
    label: 'AI',
    permission: 'ai',
    mobile: false,
    links: [{ label: 'Start a chat', href: '/app/ai-conversations/new/', later: true }],
  },
]

/** Shown to every staff member, above and outside the groups. */
export const STAFF_TOP_LINKS: NavLink[] = [
  { label: 'Dashboard', href: '/app/' },
  { label: 'Settings', href: '/app/user-settings/' },
]

/** The sidebar group a staff page belongs to: the group of the link its address starts with (the longest such link). */
export function navigationGroupOf(pathname: string): NavGroup | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  let best: { group: NavGroup; length: number } | undefined
  for (const group of STAFF_NAVIGATION) {
    for (const link of group.links) {
      if (path.startsWith(link.href) && link.href.length > (best?.length ?? 0)) best = { group, length: link.href.length }
    }
  }
  return best?.group
}

/** The groups and links this person may see. */
export function visibleNavigation(access: Access, options: { mobile?: boolean } = {}): NavGroup[] {
  return STAFF_NAVIGATION.filter((group) => allows(access, group) && (!options.mobile || group.mobile))
    .map((group) => ({ ...group, links: group.links.filter((link) => allows(access, link)) }))
    .filter((group) => group.links.length > 0)
}

export type PaletteEntry = { name: string; url: string; object_type: string }

export const QUICK_ACTION = 'Quick Action'

/**
 * The palette's quick actions: View for every built page in reach, Add where a form
 * exists. The AI entry also needs the workspace's AI switch (SPEC.md §2).
 */
export function quickActions(access: Access): PaletteEntry[] {
  const entries: PaletteEntry[] = STAFF_TOP_LINKS.map((link) => ({ name: link.label === 'Dashboard' ? 'View Dashboard' : 'Open Settings', url: link.href, object_type: QUICK_ACTION }))
  // Every staff member's calendar (reached from the dashboard: the sidebar is SPEC.md §2's).
  entries.push({ name: 'View Calendar', url: '/app/calendar/', object_type: QUICK_ACTION })
  for (const group of visibleNavigation(access)) {
    for (const link of group.links) {
      if (link.later) continue
      if (group.permission === 'ai') {
        if (access.settings.has_lintel_ai_enabled) entries.push({ name: 'Start a chat with Lintel AI', url: link.href, object_type: QUICK_ACTION })
        continue
      }
      entries.push({ name: `View ${link.label}`, url: link.href, object_type: QUICK_ACTION })
      if (link.add) entries.push({ name: `Add ${link.add.label}`, url: link.add.href, object_type: QUICK_ACTION })
    }
  }
  return entries
}

/** Case-insensitive substring match on the entry name, as the palette filters. */
export function filterEntries(entries: PaletteEntry[], query: string): PaletteEntry[] {
  const needle = query.trim().toLowerCase()
  return needle ? entries.filter((e) => e.name.toLowerCase().includes(needle)) : entries
}

/** Pages that share one sidebar link, shown as tabs across the top of each: the link's label names them. */
export type PageTabs = { label: string; pages: readonly { label: string; href: string }[] }

/** Rent Payments & Receivables: the payments received and the charges they pay. */
export const RENT_TABS: PageTabs = {
  label: 'Rent Payments & Receivables',
  pages: [
    { label: 'Payments', href: '/app/rent-payments/' },
    { label: 'Receivables', href: '/app/rent-receivables/' },
    { label: 'Late fees', href: '/app/late-fee-policies/' },
    { label: 'Deposits', href: '/app/security-deposits/' },
    { label: 'Dispositions', href: '/app/deposit-dispositions/' },
  ],
}

/** Receivables (Invoices): what customers are billed, and the payments that paid them. */
export const RECEIVABLES_TABS: PageTabs = {
  label: 'Receivables (Invoices)',
  pages: [
    { label: 'Invoices', href: '/app/accounting/invoices/' },
    { label: 'Payments', href: '/app/accounting/invoice-payments/' },
    { label: 'Billable expenses', href: '/app/accounting/billable-expenses/' },
  ],
}

/** Payables (Bills): what vendors ask to be paid, and the payments that paid them. */
export const PAYABLES_TABS: PageTabs = {
  label: 'Payables (Bills)',
  pages: [
    { label: 'Bills', href: '/app/accounting/bills/' },
    { label: 'Payments', href: '/app/accounting/bill-payments/' },
    { label: 'Paid together', href: '/app/accounting/bulk-bill-payments/' },
    { label: 'Remittance letters', href: '/app/accounting/remittance-letters/' },
    { label: 'Vendor credits', href: '/app/vendor-credits/' },
    { label: 'Expenses', href: '/app/accounting/expenses/' },
  ],
}

/** Journal Entries: those written by hand (documents), and the journal every document posts into. */
export const JOURNAL_TABS: PageTabs = {
  label: 'Journal Entries',
  pages: [
    { label: 'Written by hand', href: '/app/accounting/journal-entries/' },
    { label: 'Journal', href: '/app/accounting/journal/' },
  ],
}

/** Banking: the bank accounts, the deposits, the register and the reconciliations. */
export const BANKING_TABS: PageTabs = {
  label: 'Banking',
  pages: [
    { label: 'Bank accounts', href: '/app/accounting/bank-accounts/' },
    { label: 'Deposits', href: '/app/accounting/bank-deposits/' },
    { label: 'Register', href: '/app/accounting/transactions/' },
    { label: 'Reconciliations', href: '/app/accounting/bank-reconciliations/' },
  ],
}

/** Vacancies: the units empty now and those emptying soon, the fixed terms ending, and the leasing overview they add up to. */
export const VACANCY_TABS: PageTabs = {
  label: 'Vacancies',
  pages: [
    { label: 'Current vacancies', href: '/app/current-vacancies/' },
    { label: 'Upcoming vacancies', href: '/app/upcoming-vacancies/' },
    { label: 'Expiring in 60 days', href: '/app/leases-expiring-60-days/' },
    { label: 'Expiring in 120 days', href: '/app/leases-expiring-120-days/' },
    { label: 'Leasing overview', href: '/app/leasing/' },
  ],
}

/** Residents: current ones (the list's default), and those of the other stages, each a list of its own. */
export const RESIDENT_TABS: PageTabs = {
  label: 'Residents',
  pages: [
    { label: 'Current residents', href: '/app/residents/' },
    { label: 'Future residents', href: '/app/future-residents/' },
    { label: 'Former residents', href: '/app/former-residents/' },
    { label: 'Rental applicants', href: '/app/rental-applicants/' },
  ],
}

/** Work Orders: the work orders, and the company's own categories and statuses they are sorted by. */
export const TASK_TABS: PageTabs = {
  label: 'Tasks',
  pages: [
    { label: 'Tasks', href: '/app/tasks/' },
    { label: 'Recurring tasks', href: '/app/recurring-tasks/' },
    { label: 'Assignees', href: '/app/task-assignees/' },
  ],
}

export const INSPECTION_TABS: PageTabs = {
  label: 'Inspection Reports',
  pages: [
    { label: 'Reports', href: '/app/inspection-reports/' },
    { label: 'To do', href: '/app/property-inspections/' },
    { label: 'Forms', href: '/app/property-inspection-forms/' },
  ],
}

/** The calendar (reached from the dashboard and the palette) and the events people put on it. */
export const CALENDAR_TABS: PageTabs = {
  label: 'Calendar',
  pages: [
    { label: 'Calendar', href: '/app/calendar/' },
    { label: 'Events', href: '/app/calendar-events/' },
  ],
}

export const MAKE_READY_TABS: PageTabs = {
  label: 'Make Readies',
  pages: [
    { label: 'Make readies', href: '/app/make-ready/' },
    { label: 'Task categories', href: '/app/make-ready-task-categories/' },
  ],
}

export const WORK_ORDER_TABS: PageTabs = {
  label: 'Work Orders',
  pages: [
    { label: 'Work orders', href: '/app/work-orders/' },
    { label: 'Work logs', href: '/app/work-logs/' },
    { label: 'Comments', href: '/app/comments/' },
    { label: 'Time tracking', href: '/app/time-tracking-entries/' },
    { label: 'Categories', href: '/app/work-order-categories/' },
    { label: 'Statuses', href: '/app/work-order-statuses/' },
    { label: 'Technicians', href: '/app/work-order-technicians/' },
  ],
}
