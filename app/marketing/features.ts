/**
 * The twelve feature pages of the public site (SPEC.md §2). Each says what
 * Lintel does in its area today and, plainly, what is still being built.
 */

/** Where an area stands: working now, partly working, or not built yet. */
export type FeatureStatus = 'available' | 'partial' | 'coming'

export const STATUS_LABELS: Record<FeatureStatus, string> = {
  available: 'Available now',
  partial: 'Partly available',
  coming: 'Being built',
}

export type Screenshot = {
  /** The file under /images/screens/, without its width and extension. */
  name: string
  alt: string
  caption: string
  /** A staff screen is captured at 1280 × 800, a phone screen at 390 × 844. */
  device: 'desktop' | 'phone'
}

export type FeaturePage = {
  slug: string
  name: string
  /** One sentence for the meta description and the features overview. */
  summary: string
  headline: string
  intro: string
  status: FeatureStatus
  today: { title: string; text: string }[]
  coming: string[]
  screenshot?: Screenshot
}

export const SCREENSHOTS = {
  units: {
    name: 'rental-units',
    alt: 'The Rental Units list in the Lintel staff area: unit numbers, buildings, unit types, bedrooms, bathrooms, market rent and status, with search, filters and an Import CSV button.',
    caption: 'The Rental Units list of the demo company: search, filters, sorting, paging and CSV export, all working without JavaScript.',
    device: 'desktop',
  },
  resident: {
    name: 'resident-detail',
    alt: 'A resident’s page in Lintel: contact details, unit, move-in date, emergency contact, and the notes, documents and photos kept on the record.',
    caption: 'A resident’s page, with the notes, documents and photos kept on the record.',
    device: 'desktop',
  },
  owner: {
    name: 'property-owner',
    alt: 'A property owner’s page in Lintel: a company owner with its contact, mailing address, a tax id showing only its last four characters, the year-end tax form, distributions by EFT and a $10,000 reserve.',
    caption: 'A property owner’s page: the tax id shows only its last four characters.',
    device: 'desktop',
  },
  journal: {
    name: 'journal-entries',
    alt: 'The Journal Entries list in Lintel: numbered entries of the demo company’s books with their date, memo, what posted them, status and amount, and filters by date, what posted them and status.',
    caption: 'The journal of the demo company: a year of rent deposits, bills, management fees and depreciation, every entry balanced to the cent.',
    device: 'desktop',
  },
  balanceSheet: {
    name: 'balance-sheet',
    alt: 'The Balance Sheet of the demo company in Lintel: assets, liabilities and equity from the ledger as of today, with filters by date, property and basis, and CSV and PDF downloads.',
    caption: 'The balance sheet of the demo company, computed from its ledger.',
    device: 'desktop',
  },
  incomeStatement: {
    name: 'income-statement',
    alt: 'The Income Statement of the demo company in Lintel for this year: rent, parking and laundry income, then operating expenses by account, with filters by period, property, basis and comparison, and CSV and PDF downloads.',
    caption: 'The income statement of the demo company for this year, by account.',
    device: 'desktop',
  },
  import: {
    name: 'csv-import',
    alt: 'The CSV import page in Lintel: choose a file of rental units, residents or property owners and preview every row before anything is written.',
    caption: 'Importing residents from a spreadsheet: a preview of every row and its problems, then one import that writes all rows or none.',
    device: 'desktop',
  },
  residentCenter: {
    name: 'resident-center',
    alt: 'The Resident Center Dashboard in Lintel with tiles for Leases, Work Orders, Documents and Account.',
    caption: 'The Resident Center as a resident sees it on a phone.',
    device: 'phone',
  },
  technician: {
    name: 'technician-area',
    alt: 'The Maintenance Technician Dashboard in Lintel on a phone, with the Work Orders, Time Tracking and Account menu.',
    caption: 'The technician area, built for a phone in a basement.',
    device: 'phone',
  },
} satisfies Record<string, Screenshot>

export const FEATURE_PAGES: FeaturePage[] = [
  {
    slug: 'property-accounting',
    name: 'Property Accounting',
    summary: 'A double-entry ledger in exact cents: chart of accounts, journal entries, banking and financial statements work today; rent, bills and owner statements are being built on it.',
    headline: 'Books that balance to the cent, for every property',
    intro:
      'Lintel’s accounting is a real double-entry ledger. Every entry is posted through one function that refuses anything that does not balance to zero cents, and each line carries the property, unit, lease, resident, vendor and owner it concerns. The ledger, journal entries, banking and the financial statements work today; rent charges and payments, bills and owner statements are being built on top of it.',
    status: 'partial',
    today: [
      {
        title: 'A ledger you can trust',
        text: 'Each company starts with a chart of accounts and its default accounts. An entry must balance to the cent, a locked period refuses new entries, and a posted entry is corrected by a reversal and a replacement, never rewritten, with its history on its page.',
      },
      {
        title: 'Journal entries',
        text: 'Record entries line by line, even without JavaScript, filter the journal by date, source and status, and set up recurring entries (depreciation, accruals) that post themselves each period.',
      },
      {
        title: 'Banking',
        text: 'Bank accounts and credit cards, deposits that gather the receipts waiting in undeposited funds, each account’s register with its running balance, and bank reconciliations with statements imported from CSV or OFX.',
      },
      {
        title: 'Financial statements',
        text: 'Trial balance, balance sheet, income statement with comparison, general ledger and transaction register, by property and on a cash or accrual basis, on screen or as CSV or PDF.',
      },
    ],
    coming: [
      'Rent charges and rent payments posted to the ledger as they happen',
      'Bills and bill payments, invoices and invoice payments, vendor credits',
      'Owner statements, remittance letters and management fees',
      'The Canadian EFT payment file to pay owners and vendors',
      'Budgets compared with actual results',
    ],
    screenshot: SCREENSHOTS.journal,
  },
  {
    slug: 'company-financials',
    name: 'Company Financials',
    summary: 'Your management company’s own books: management fees earned, company expenses and its financial statements. The statements come from the ledger today; the fee calculation is next.',
    headline: 'Know what your management company earns',
    intro:
      'A management company lives on its fees. Company financials will show the management fees Lintel calculates from your fee schedules, what has been paid, and your own income statement and balance sheet, kept apart from the trust money you hold for owners.',
    status: 'coming',
    today: [
      {
        title: 'Statements from the ledger',
        text: 'The trial balance, balance sheet and income statement are computed from the ledger for any period, on a cash or accrual basis, on screen or as CSV or PDF.',
      },
      {
        title: 'Fee schedules',
        text: 'The fee schedules you charge owners are recorded today and attached to properties, ready for the fee calculation.',
      },
      {
        title: 'Company details and team',
        text: 'Your company’s details, currency (CAD or USD) and time zone, and the property managers who work in it with their permissions.',
      },
    ],
    coming: [
      'Management fee receivables and payments, calculated from each property’s collected rent',
      'Property management revenue by property and by month',
      'Expenses of the management company itself, apart from the trust money held for owners',
      'Budgets compared with actual results',
    ],
    screenshot: SCREENSHOTS.balanceSheet,
  },
  {
    slug: 'online-rent-collection',
    name: 'Online Rent Collection',
    summary: 'Residents paying rent online and by pre-authorized debit, posted straight to the ledger. Not available yet.',
    headline: 'Rent that arrives and posts itself',
    intro:
      'Online rent collection will let residents pay by card or bank account through Stripe, or by pre-authorized debit (PAD) with a signed agreement, with every payment posted to the property’s ledger. The ledger it posts to works today; collection itself is not available yet, and we will not pretend otherwise.',
    status: 'coming',
    today: [
      {
        title: 'Residents and their units',
        text: 'Every resident is recorded with their unit, contact details, move-in date and emergency contact: who rent will be charged to is already in Lintel.',
      },
      {
        title: 'Market rent per unit',
        text: 'Each rental unit carries its monthly market rent, kept in exact cents.',
      },
    ],
    coming: [
      'Rent receivables and rent payment schedules per lease',
      'Card and bank payments through Stripe Connect, paid out to your account',
      'Pre-authorized debit agreements (PAD) generated for Canadian residents',
      'Marking many receivables as paid at once, for cheques and e-transfers',
      'Rent delinquency and rent-outstanding reports',
    ],
    screenshot: SCREENSHOTS.resident,
  },
  {
    slug: 'tax-reporting',
    name: 'Tax Reporting',
    summary: 'Year-end income and expense figures per owner and property, with owner tax numbers kept masked. Property statements work today; per-owner summaries are being built.',
    headline: 'Year-end figures your accountant can use',
    intro:
      'Tax season needs each owner’s share of each property’s income and expenses. Lintel already keeps owners, their tax numbers, their ownership shares and a ledger tagged by property; the year-end summaries per owner are being built on it.',
    status: 'coming',
    today: [
      {
        title: 'Tax numbers kept safe',
        text: 'An owner’s tax number (SIN, BN, SSN or EIN) is stored encrypted and only its last four characters are ever shown, in the app and in the API.',
      },
      {
        title: 'Ownership shares',
        text: 'Who owns what share of each property is recorded, so each owner’s portion of the figures can be worked out exactly.',
      },
      {
        title: 'Figures for your accountant',
        text: 'The income statement and general ledger of any property for any period, on screen or as CSV or PDF, and the whole ledger exported through the API in hledger’s journal format.',
      },
    ],
    coming: ['Year-end income and expense summaries per owner, by their share', 'Vendor payment totals for year-end slips'],
    screenshot: SCREENSHOTS.owner,
  },
  {
    slug: 'resident-center',
    name: 'Resident Center',
    summary: 'A phone-friendly area where residents sign in. The sign-in and dashboard work today; leases, work orders and documents are being built.',
    headline: 'A place for residents, on their phones',
    intro:
      'Residents have their own area at /rc/, separate from your staff area and built for a phone. Today a resident with an account can sign in, see their dashboard and change their password. Their leases, work orders and documents arrive as those parts of Lintel are finished.',
    status: 'partial',
    today: [
      {
        title: 'Their own sign-in and dashboard',
        text: 'Residents sign in with the same login page as your staff and land in the Resident Center, never in your staff area.',
      },
      {
        title: 'Password changes',
        text: 'Residents change their own password; forgotten passwords are reset by e-mail with a link that works once, for one hour.',
      },
      {
        title: 'Works on any phone',
        text: 'Every page works without JavaScript and loads fast on a slow connection.',
      },
    ],
    coming: [
      'Inviting one resident, or all of them, to the Resident Center from their record',
      'Their leases and lease documents',
      'Creating and following work orders',
      'Paying rent online',
    ],
    screenshot: SCREENSHOTS.residentCenter,
  },
  {
    slug: 'owner-portal',
    name: 'Owner Portal',
    summary: 'A portal where property owners read their statements. Owners are recorded in Lintel today; the portal itself is not built yet.',
    headline: 'Statements your owners can read themselves',
    intro:
      'Owners want to know what their property earned without calling you. The owner portal will give each owner their statements and documents. Today owners are recorded in the staff area with their ownership shares; the portal waits for the accounting it will show.',
    status: 'coming',
    today: [
      {
        title: 'Owner records',
        text: 'Individuals and companies, with contact details, a masked tax number and the properties they hold shares in.',
      },
      {
        title: 'Documents on the owner’s record',
        text: 'Keep agreements and statements as documents on the owner’s page, with notes of every conversation.',
      },
    ],
    coming: ['Owner sign-in at /op/', 'Owner statements and remittance letters', 'Documents shared with the owner'],
    screenshot: SCREENSHOTS.owner,
  },
  {
    slug: 'maintenance-request-tracking',
    name: 'Maintenance Request Tracking',
    summary: 'Work orders from request to invoice, with technicians working from their phones. Technicians and their area exist today; work orders are being built.',
    headline: 'From “the sink leaks” to a paid invoice',
    intro:
      'Maintenance in Lintel is built around your technicians. Today you invite technicians by e-mail, and they get their own phone-friendly area. Work orders, time tracking and invoicing the work to the property are next.',
    status: 'partial',
    today: [
      {
        title: 'Technicians invited by e-mail',
        text: 'Invite a maintenance technician; they choose their password from the e-mail and can be sent a new invitation with one click.',
      },
      {
        title: 'Their own area',
        text: 'Technicians sign in to /mt/, an area with only what they need, whose menu folds into a button on small screens.',
      },
      {
        title: 'Appliances per unit',
        text: 'Record the appliances in each unit (brand, model and serial numbers, installation date, warranty), so the technician knows what they are fixing.',
      },
    ],
    coming: [
      'Work orders created by staff, residents and technicians, with statuses and categories',
      'Time tracking entries per technician',
      'Invoicing work orders to the property',
      'Open, closed and performance reports for work orders',
    ],
    screenshot: SCREENSHOTS.technician,
  },
  {
    slug: 'analytics-and-insights',
    name: 'Analytics and Insights',
    summary: 'Dashboards, workspace warnings, CSV export of every list and financial statements today; rent roll and vacancy reports as each area is finished.',
    headline: 'See your portfolio without building a spreadsheet',
    intro:
      'Lintel shows you what needs attention and lets you take any list elsewhere. The dashboard and the workspace warnings work today, every list exports to CSV, and the financial statements come straight from the ledger. The other reports, from rent roll to aged receivables, arrive with the leasing and rent collection they report on.',
    status: 'partial',
    today: [
      {
        title: 'Dashboard',
        text: 'The Property Manager Dashboard shows your team at a glance; each figure appears only for people allowed to see it.',
      },
      {
        title: 'Workspace warnings',
        text: 'A panel lists what is missing in your set-up, such as a company without technicians, each with a link to fix it.',
      },
      {
        title: 'CSV export of every list',
        text: 'Any list (units, residents, owners…) exports to CSV with the search and filters you applied.',
      },
      {
        title: 'Financial statements',
        text: 'Trial balance, balance sheet, income statement with comparison and general ledger, by property, on screen or as CSV or PDF.',
      },
    ],
    coming: [
      'Rent roll, rent roll comparison and loss to lease',
      'Vacancy, move-in and move-out, and time-to-lease reports',
      'Aged receivables and payables, rent delinquency',
      'Scheduled reports sent by e-mail',
    ],
    screenshot: SCREENSHOTS.incomeStatement,
  },
  {
    slug: 'rental-listings',
    name: 'Rental Listings',
    summary: 'Public listing pages for your vacant units, with photos and a link to apply. Units and their photos are in Lintel today; listings are being built.',
    headline: 'Vacant units, listed in minutes',
    intro:
      'Listings will publish a vacant unit to its own public page with photos, rent and a link to apply. Today Lintel holds everything a listing needs (the unit, its size, market rent and photos) but does not publish listings yet.',
    status: 'coming',
    today: [
      {
        title: 'Units with the details renters ask about',
        text: 'Unit type, bedrooms, bathrooms, area, market rent and a description for every unit.',
      },
      {
        title: 'Photos on every unit',
        text: 'Upload photos to a unit’s page; Lintel checks each file really is an image before it keeps it.',
      },
    ],
    coming: ['A public page per listing at /listings/', 'Listing photos in order, with a cover photo', 'Upcoming and current vacancies', 'A waitlist for each company'],
    screenshot: SCREENSHOTS.units,
  },
  {
    slug: 'automatic-resident-screening',
    name: 'Automatic Resident Screening',
    summary: 'Screening applicants as part of the rental application. Not built yet, and no screening provider is connected.',
    headline: 'Screening, when it is done right',
    intro:
      'Screening is planned as a step of the online rental application: the applicant consents, the check runs with a screening provider, and the result is attached to the application. None of this is built yet, and Lintel is not connected to any screening provider today.',
    status: 'coming',
    today: [
      {
        title: 'Applicants as residents',
        text: 'Residents can be recorded as applicants, future, current or former residents, so an applicant’s details are kept in one place.',
      },
      {
        title: 'Documents on the record',
        text: 'Keep the documents an applicant gives you (PDF, images, office files) on their record, downloadable only by your company.',
      },
    ],
    coming: ['Consent collected in the online application', 'A check with a screening provider, attached to the application', 'Approve and decline decisions recorded on the application'],
    screenshot: SCREENSHOTS.resident,
  },
  {
    slug: 'online-rental-application',
    name: 'Online Rental Application',
    summary: 'Application forms you design, filled in online by applicants, reviewed and approved in Lintel. Being built with listings.',
    headline: 'Applications without the paper',
    intro:
      'Online applications will let you design an application form, link it from a listing, and review what applicants send. Each application becomes applicants you approve or decline. This is being built together with listings; today applicants are recorded by hand or imported.',
    status: 'coming',
    today: [
      {
        title: 'Import your current applicants',
        text: 'Bring residents and applicants from a spreadsheet or from AppFolio, Buildium or Yardi exports with the CSV import.',
      },
    ],
    coming: [
      'Application forms with your own questions, public at /apply/',
      'Adding co-applicants to an application',
      'Approving and declining, with the applicant moved to a future resident',
    ],
    screenshot: SCREENSHOTS.import,
  },
  {
    slug: 'lease-e-signature',
    name: 'Lease E-Signature',
    summary: 'Leases sent to sign online: each resident signs in turn from the link mailed to them, on a phone, and the lease becomes active once all have.',
    headline: 'Leases signed from a phone',
    intro:
      'Send a draft lease to sign and each resident who signs it gets their own link by e-mail, in turn: they read the lease, agree to sign electronically, type their name and draw their signature with a finger, on any phone, even without JavaScript. Once the last has signed, the lease becomes active and everyone gets the signed copy.',
    status: 'partial',
    today: [
      {
        title: 'Signing order and reminders',
        text: 'The primary tenant signs first, then co-tenants and guarantors, then you if you sign for the landlord. Whoever has not signed is reminded after a few days, at most three times, or when you press Remind.',
      },
      {
        title: 'A certificate with every signed lease',
        text: 'The signed PDF ends with a certificate: the document’s SHA-256, and for each signer what they typed, when, from which address and browser, and the signature they drew.',
      },
      {
        title: 'A switch per workspace',
        text: 'Turn e-signature on in your settings; Signature Requests appears in the Leasing menu when it is on.',
      },
    ],
    coming: ['Your own lease templates', 'Signed copies kept on the lease’s attachments'],
    screenshot: SCREENSHOTS.resident,
  },
]

export function featurePage(slug: string) {
  return FEATURE_PAGES.find((page) => page.slug === slug)
}
