/*
 * The reports of /app/reporting/ (SPEC.md §2, domain/reports.md), grouped as the Generate
 * Report page lists them. A report with `ready` has its page; the others say plainly that
 * they are coming, so nobody hunts for a report that does not exist yet.
 */

export type CatalogReport = { slug: string; label: string; description: string; ready?: boolean }
export type CatalogGroup = { label: string; reports: CatalogReport[] }

export const REPORT_CATALOG: CatalogGroup[] = [
  {
    label: 'Accounting',
    reports: [
      { slug: 'balance-sheet', label: 'Balance Sheet', description: 'Assets, liabilities and equity as of any date; assets equal liabilities plus equity.', ready: true },
      { slug: 'income-statement', label: 'Income Statement', description: 'Income, expenses, net operating income and net income for a period, beside an earlier one.', ready: true },
      { slug: 'trial-balance', label: 'Trial Balance', description: 'Every account’s balance as a debit or credit; the columns are equal.', ready: true },
      { slug: 'general-ledger', label: 'General Ledger', description: 'Each account’s lines with opening, running and closing balances.', ready: true },
      { slug: 'journal-transactions', label: 'Journal Transactions', description: 'The journal entries of a period with their lines, by source.', ready: true },
      { slug: 'transaction-register', label: 'Transaction Register', description: 'A bank or cash account’s deposits and withdrawals with a running balance.', ready: true },
      { slug: 'chart-of-accounts', label: 'Chart of Accounts', description: 'Every account with its type, subtype, normal balance and balance.', ready: true },
      { slug: 'aged-payables', label: 'Aged Payables', description: 'What each vendor is owed by days past due, tied to the payables account.', ready: true },
      { slug: 'aged-receivables', label: 'Aged Receivables', description: 'Each lease’s open charges by age, credits apart, tied to the receivables account.', ready: true },
      { slug: 'management-fee-summary', label: 'Management Fee Summary', description: 'The fees earned per property and owner.' },
      { slug: 'gst-hst-return', label: 'GST/HST Return Worksheet', description: 'The figures of the GST/HST return for a period: tax charged on invoices, input tax credits, net tax.', ready: true },
      { slug: 'po-listing', label: 'PO Listing', description: 'Purchase orders of a period by status, vendor and property, with what was billed of each and what is still committed.', ready: true },
      { slug: 'generate-eft-payment-file', label: 'EFT Payment File', description: 'A CPA-005 file of approved payments for the bank.', ready: true },
    ],
  },
  {
    label: 'Rent and leasing',
    reports: [
      { slug: 'rent-roll', label: 'Rent Roll', description: 'Every unit with its lease, rent and balance on any date; occupancy and vacancy loss.', ready: true },
      { slug: 'rent-delinquency', label: 'Rent Delinquency', description: 'Residents who owe rent, by age, with their last payment.', ready: true },
      { slug: 'rent-ledger', label: 'Rent Ledger', description: 'A lease’s charges and payments over a period with a running balance, unpaid charges, prepayments and deposit held.', ready: true },
      { slug: 'rent-outstanding', label: 'Rent Outstanding', description: 'A month’s charges per lease, what of them is collected, and the collection rate.', ready: true },
      { slug: 'rent-receipt', label: 'Rent Receipt', description: 'Receipts for a payment or a resident’s payments, with what Ontario requires, to print and sign.', ready: true },
      { slug: 'move-in-move-out', label: 'Move-in / Move-out', description: 'Who moved in and out over a period; net absorption and turnover.', ready: true },
      { slug: 'time-to-lease', label: 'Time to Lease', description: 'How fast vacant units are let: days from listing (or move-out) to signing, and days vacant, by property.', ready: true },
      { slug: 'upcoming-rent-increase', label: 'Upcoming Rent Increases', description: 'The rent increases taking effect over a period: the rent before and after, the change, the notice and what to check.', ready: true },
      { slug: 'loss-to-lease', label: 'Loss to Lease', description: 'Market rent against the rent in place on any date, with the vacancy loss.', ready: true },
    ],
  },
  {
    label: 'Operations',
    reports: [
      { slug: 'open-work-orders', label: 'Open Work Orders', description: 'The work orders open on any day, oldest first, with their age, status and who has them; those past their target marked.', ready: true },
      { slug: 'closed-work-orders', label: 'Closed Work Orders', description: 'The work completed over a period: days taken, on time or not, labour, materials and what was charged for it.', ready: true },
      { slug: 'work-order-summary', label: 'Work Order Summary', description: 'Work orders opened, closed and open by property, category or priority, with their cost, cost per unit and saturation.', ready: true },
      { slug: 'work-order-performance', label: 'Work Order Performance', description: 'Days to complete, response times and the share on time against each priority’s targets, by technician, category, priority or property.', ready: true },
      { slug: 'open-tasks', label: 'Open Tasks', description: 'The tasks open on any day by due date, with their age and who has them; the overdue ones marked.', ready: true },
      { slug: 'closed-tasks', label: 'Closed Tasks', description: 'The tasks completed over a period: days taken and whether on time.', ready: true },
      { slug: 'task-performance', label: 'Task Performance', description: 'Tasks created and completed by each person, days to complete, the share on time and those overdue.', ready: true },
      { slug: 'service-tech-hours', label: 'Service Technician Hours', description: 'Each technician’s clocked time to the quarter hour: on which work order, overtime and holiday premium, cost, and the share spent on work orders.', ready: true },
      { slug: 'parking-space-assignment', label: 'Parking Space Assignment', description: 'Which resident has which space.' },
    ],
  },
]
