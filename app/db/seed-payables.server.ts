import { and, eq } from 'drizzle-orm'
import type { Executor } from './client.server'
import { accounts } from './schema'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { billsResource, vendorsResource } from '~/resources/payables'

/**
 * The demo's vendors, and how its year of property bills is entered: each a bill from the vendor
 * of its kind of expense, paid from the operating account (seedDemoLedger calls `bill`). A few
 * recent bills stay open (seedDemoOpenBills) so the payables list and a vendor's balance show
 * something to pay; one contractor's insurance has lapsed (the workspace warns).
 */
export async function demoVendors(tx: Executor, companyId: string, today: string) {
  const [expense] = await tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.companyId, companyId), eq(accounts.number, '5000')))
  const inDays = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
  const address = (street: string, postal: string) => ({ street, city: 'Ottawa', province: 'ON', postal_code: postal, country: 'CA' })
  const bodies: Record<string, Record<string, unknown>> = {
    '5000': {
      name: 'Rapid Plumbing & Heating',
      trade: 'PLUMBING',
      contact_name: 'Marco Rossi',
      email: 'office@rapidplumbing.example',
      phone: '613-555-0190',
      remittance_address: address('210 Industrial Ave', 'K1G 4L2'),
      payment_terms: 'NET_30',
      default_expense_account_id: expense?.id ?? null,
      bank_institution_number: '004',
      bank_transit_number: '10442',
      bank_account_number: '5520184',
      gst_number: '812345678RT0001',
      reportable: true,
      insurance_expires_on: inDays(140),
      wcb_expires_on: inDays(45),
    },
    '5100': { name: 'Hydro Ottawa', trade: 'UTILITY', email: 'billing@hydro.example', phone: '613-555-0111', payment_terms: 'DUE_ON_RECEIPT' },
    '5200': { name: 'City of Ottawa — Revenue Services', trade: 'MUNICIPALITY', phone: '613-555-0100', payment_terms: 'DUE_ON_RECEIPT' },
    '5300': { name: 'Intact Insurance', trade: 'INSURANCE', email: 'commercial@intact.example', payment_terms: 'DUE_ON_RECEIPT' },
    '5500': { name: 'Green Acres Grounds', trade: 'LANDSCAPING', contact_name: 'Dana Green', phone: '613-555-0156', payment_terms: 'NET_15', insurance_expires_on: inDays(200), wcb_expires_on: inDays(200) },
    '5600': { name: 'BrightWay Cleaning', trade: 'CLEANING', contact_name: 'Priya Nair', email: 'priya@brightway.example', payment_terms: 'NET_15', reportable: true, insurance_expires_on: inDays(90), wcb_expires_on: inDays(60) },
  }
  const vendors = new Map<string, string>()
  for (const [number, body] of Object.entries(bodies)) vendors.set(number, String((await createRecord(tx, companyId, vendorsResource, parseInput(vendorsResource, body, 'create'))).id))
  // An electrician whose liability insurance ran out three weeks ago: the workspace warns of it.
  const electric = { name: 'Capital Electric', trade: 'ELECTRICAL', contact_name: 'Sam Osei', phone: '613-555-0177', payment_terms: 'NET_30', insurance_expires_on: inDays(-21), wcb_expires_on: inDays(120) }
  vendors.set('electric', String((await createRecord(tx, companyId, vendorsResource, parseInput(vendorsResource, electric, 'create'))).id))
  return vendors
}

/** A bill as the demo enters one: one line, for one property. */
export type DemoBill = { vendorId: string; reference: string; date: string; dueDate?: string; accountId: string; propertyGroupId: string; amount: string; memo: string }

export async function enterBill(tx: Executor, companyId: string, bill: DemoBill) {
  const body = {
    vendor_id: bill.vendorId,
    reference: bill.reference,
    date: bill.date,
    ...(bill.dueDate ? { due_date: bill.dueDate } : {}),
    memo: bill.memo,
    lines: [{ account_id: bill.accountId, property_group_id: bill.propertyGroupId, amount: bill.amount, description: bill.memo }],
  }
  return String((await createRecord(tx, companyId, billsResource, parseInput(billsResource, body, 'create'))).id)
}

/** Pays a bill in full, as "Mark as paid" does. */
export async function payBill(tx: Executor, companyId: string, userId: string, billId: string, payment: { date: string; bankAccountId: string; method: string; reference?: string }) {
  await runAction(tx, companyId, userId, billsResource, billId, 'mark-as-paid', { date: payment.date, bank_account_id: payment.bankAccountId, method: payment.method, reference: payment.reference ?? null })
}
