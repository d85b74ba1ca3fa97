import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from './client.server'
import { accounts, purchaseOrders, stateChanges } from './schema'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { billsResource, vendorsResource } from '~/resources/payables'
import { purchaseOrdersResource } from '~/resources/purchase-orders'
import { vendorCreditsResource } from '~/resources/vendor-credits'

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

/** A bill as the demo enters one: one line, for one property, with the HST a registered vendor charged (and the credit claimed, when not the property's default). */
export type DemoBill = { vendorId: string; reference: string; date: string; dueDate?: string; accountId: string; propertyGroupId: string; amount: string; memo: string; taxAmount?: string; inputTaxCredit?: string }

export async function enterBill(tx: Executor, companyId: string, bill: DemoBill) {
  const body = {
    vendor_id: bill.vendorId,
    reference: bill.reference,
    date: bill.date,
    ...(bill.dueDate ? { due_date: bill.dueDate } : {}),
    memo: bill.memo,
    lines: [
      {
        account_id: bill.accountId,
        property_group_id: bill.propertyGroupId,
        amount: bill.amount,
        description: bill.memo,
        ...(bill.taxAmount ? { tax_amount: bill.taxAmount } : {}),
        ...(bill.inputTaxCredit ? { input_tax_credit: bill.inputTaxCredit } : {}),
      },
    ],
  }
  return String((await createRecord(tx, companyId, billsResource, parseInput(billsResource, body, 'create'))).id)
}

/** Pays a bill in full, as "Mark as paid" does. */
export async function payBill(tx: Executor, companyId: string, userId: string, billId: string, payment: { date: string; bankAccountId: string; method: string; reference?: string }) {
  await runAction(tx, companyId, userId, billsResource, billId, 'mark-as-paid', { date: payment.date, bank_account_id: payment.bankAccountId, method: payment.method, reference: payment.reference ?? null })
}

/**
 * A few purchase orders in each state, as people would have moved them: one fulfilled (its bill
 * entered), one approved and waiting for the work, one waiting for approval, one rejected (the
 * electrician whose insurance lapsed) and one still a draft.
 */
export async function seedDemoPurchaseOrders(
  tx: Executor,
  companyId: string,
  userId: string,
  demo: { vendors: Map<string, string>; properties: { id: string; name: string }[]; account: (number: string) => string; daysAgo: (days: number) => string },
) {
  const { vendors, account, daysAgo } = demo
  const [home, second = home] = demo.properties
  // Each move on its day (mid-morning in Ottawa), as people made them: the order, its history, who approved or rejected it when.
  const at = (day: string) => new Date(`${day}T15:00:00Z`)
  type Move = [action: string, input: Record<string, unknown>, day: string]
  const order = async (body: Record<string, unknown>, moves: Move[]) => {
    const created = await createRecord(tx, companyId, purchaseOrdersResource, parseInput(purchaseOrdersResource, body, 'create'), { userId })
    const id = String(created.id)
    for (const [action, input] of moves) await runAction(tx, companyId, userId, purchaseOrdersResource, id, action, input)
    const day = (action: string) => moves.find((m) => m[0] === action)?.[2]
    const last = moves.at(-1)?.[2] ?? String(body.date)
    await tx
      .update(purchaseOrders)
      .set({ createdAt: at(String(body.date)), updatedAt: at(last), approvedOn: day('approve') ?? null, rejectedOn: day('reject') ?? null })
      .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id)))
    for (const [when, action] of [[String(body.date), null], ...moves.map((m) => [m[2], m[0]])] as [string, string | null][])
      await tx
        .update(stateChanges)
        .set({ createdAt: at(when) })
        .where(and(eq(stateChanges.companyId, companyId), eq(stateChanges.recordId, id), action ? eq(stateChanges.action, action) : isNull(stateChanges.action)))
  }
  const send = (days: number): Move => ['send-for-approval', {}, daysAgo(days)]
  const approve = (days: number): Move => ['approve', {}, daysAgo(days)]
  await order(
    {
      vendor_id: vendors.get('5000'),
      property_group_id: home.id,
      date: daysAgo(38),
      required_by: daysAgo(30),
      ship_to: `${home.name}, boiler room: superintendent lets you in`,
      memo: 'Replace the two circulator pumps on the heating loop before the cold.',
      lines: [
        { description: 'Circulator pump, Grundfos UPS15', quantity: '2', unit_price: '412.50' },
        { description: 'Labour, plumber', quantity: '3.5', unit_price: '95.00' },
      ],
    },
    [send(38), approve(37), ['fulfill', { date: daysAgo(29), reference: 'RP-2240' }, daysAgo(29)]],
  )
  await order(
    {
      vendor_id: vendors.get('5500'),
      property_group_id: second.id,
      date: daysAgo(9),
      required_by: daysAgo(-12),
      memo: 'Spring clean-up: beds, edging and the first cut.',
      lines: [{ description: 'Spring clean-up, grounds and beds', quantity: '1', unit_price: '1850.00', account_id: account('5500') }],
    },
    [send(9), approve(8)],
  )
  await order(
    {
      vendor_id: vendors.get('5600'),
      property_group_id: home.id,
      date: daysAgo(3),
      required_by: daysAgo(-14),
      ship_to: `${home.name}, all floors`,
      lines: [{ description: 'Hallway carpet steam cleaning, per floor', quantity: '6', unit_price: '145.00', account_id: account('5600') }],
    },
    [send(2)],
  )
  await order(
    {
      vendor_id: vendors.get('electric'),
      property_group_id: home.id,
      date: daysAgo(6),
      memo: 'Add two 20 A circuits in the laundry room.',
      lines: [{ description: 'Two 20 A circuits, laundry room', quantity: '1', unit_price: '980.00', account_id: account('5000') }],
    },
    [send(6), ['reject', { reason: 'Capital Electric’s liability insurance has lapsed: ask them for a current certificate, then send it again.' }, daysAgo(5)]],
  )
  await order(
    {
      vendor_id: vendors.get('5000'),
      property_group_id: second.id,
      date: daysAgo(1),
      memo: 'Low-flow fixtures for the units turning over this summer.',
      lines: [
        { description: 'Low-flow kitchen faucet', quantity: '4', unit_price: '129.99' },
        { description: 'Low-flow shower head', quantity: '4', unit_price: '38.75' },
      ],
    },
    [],
  )
}

/**
 * Two vendor credits: the plumber's for a valve returned unused, applied to its open bill (which
 * then owes that much less); the cleaners' for a hall they missed, not yet applied.
 */
export async function seedDemoVendorCredits(
  tx: Executor,
  companyId: string,
  userId: string,
  demo: { vendors: Map<string, string>; properties: { id: string; name: string }[]; account: (number: string) => string; daysAgo: (days: number) => string; billIds: { rapid: string } },
) {
  const { vendors, account, daysAgo } = demo
  const [home, second = home] = demo.properties
  const credit = async (body: Record<string, unknown>) => String((await createRecord(tx, companyId, vendorCreditsResource, parseInput(vendorCreditsResource, body, 'create'), { userId })).id)
  const valve = await credit({
    vendor_id: vendors.get('5000'),
    reference: 'RP-CM-31',
    date: daysAgo(8),
    credit_type: 'RETURN',
    memo: 'Valve returned unused',
    lines: [{ account_id: account('5000'), property_group_id: home!.id, amount: '86.20', description: `Valve returned unused — ${home!.name}` }],
  })
  await runAction(tx, companyId, userId, vendorCreditsResource, valve, 'apply', { bill_id: demo.billIds.rapid, amount: '86.20', date: daysAgo(7) })
  await credit({
    vendor_id: vendors.get('5600'),
    reference: 'BW-CR-12',
    date: daysAgo(3),
    credit_type: 'OVERBILLING',
    memo: 'Third-floor hall not cleaned',
    lines: [{ account_id: account('5600'), property_group_id: second!.id, amount: '120.00', description: `Third-floor hall not cleaned — ${second!.name}` }],
  })
}
