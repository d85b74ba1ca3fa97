import type { Executor } from './client.server'
import { ledgerSettings } from './schema'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { expensesResource } from '~/resources/expenses'
import { invoicesResource } from '~/resources/receivables'

/**
 * The demo's invoices of the last weeks, through the invoices' own create and actions: an owner
 * billed for work and paid, another owner's bill overdue, a resident's replacement fob, and a film
 * crew's lobby rental (taxable, paid in part), so receivables show something owed on first start;
 * and two purchases paid on the spot with the HST they included, so the GST/HST return has both sides.
 */
export async function seedDemoInvoices(
  tx: Executor,
  companyId: string,
  userId: string,
  demo: { today: string; bankAccountId: string; account: (number: string) => string; places: { propertyGroupId: string; ownerId: string | null; residentId: string | null }[] },
) {
  const daysAgo = (days: number) => new Date(Date.parse(`${demo.today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
  // The demo company charges HST on its commercial space: registered, its number on every invoice.
  const gstNumber = '787654321RT0001'
  await tx.insert(ledgerSettings).values({ companyId, gstNumber }).onConflictDoUpdate({ target: ledgerSettings.companyId, set: { gstNumber } })
  const [home, second = home] = demo.places
  const make = async (body: Record<string, unknown>) => String((await createRecord(tx, companyId, invoicesResource, parseInput(invoicesResource, body, 'create'), { userId })).id)
  const receive = (id: string, action: 'mark-as-paid' | 'record-payment', body: Record<string, unknown>) => runAction(tx, companyId, userId, invoicesResource, id, action, { bank_account_id: demo.bankAccountId, ...body })
  const maintenance = demo.account('4500')
  const other = demo.account('4300')
  if (home.ownerId) {
    const roof = await make({ customer_type: 'OWNER', property_owner_id: home.ownerId, property_group_id: home.propertyGroupId, date: daysAgo(40), terms: 'NET_15', memo: 'Roof inspection and report, arranged at your request', lines: [{ account_id: maintenance, description: 'Roof inspection coordination', amount: '350.00' }] })
    await receive(roof, 'mark-as-paid', { date: daysAgo(28), method: 'EFT', reference: 'Owner EFT' })
  }
  if (second.ownerId) {
    await make({
      customer_type: 'OWNER',
      property_owner_id: second.ownerId,
      property_group_id: second.propertyGroupId,
      date: daysAgo(45),
      terms: 'NET_30',
      memo: 'Emergency repair beyond the owner’s approval limit',
      lines: [
        { account_id: maintenance, description: 'Burst pipe, after-hours call-out', amount: '640.00' },
        { account_id: maintenance, description: 'Drywall patch and paint', amount: '185.00' },
      ],
    })
  }
  if (home.residentId) {
    await make({ customer_type: 'RESIDENT', resident_id: home.residentId, property_group_id: home.propertyGroupId, date: daysAgo(6), terms: 'NET_15', lines: [{ account_id: other, description: 'Replacement key fob', amount: '75.00' }] })
  }
  const film = await make({
    customer_type: 'OTHER',
    customer_name: 'Northern Lights Productions',
    customer_email: 'locations@northernlights.example',
    property_group_id: home.propertyGroupId,
    date: daysAgo(15),
    terms: 'NET_30',
    memo: 'Lobby and courtyard, two shooting days',
    lines: [{ account_id: other, description: 'Location rental, lobby and courtyard', amount: '1200.00', tax: 'TAXABLE' }],
  })
  await receive(film, 'record-payment', { amount: '600.00', date: daysAgo(10), method: 'CHEQUE', reference: '10442' })
  const spend = (body: Record<string, unknown>) => createRecord(tx, companyId, expensesResource, parseInput(expensesResource, { bank_account_id: demo.bankAccountId, property_group_id: home.propertyGroupId, account_id: demo.account('5000'), ...body }, 'create'), { userId })
  await spend({ date: daysAgo(9), payee: 'Home Depot', amount: '226.00', tax_amount: '26.00', reference: '4471-2210', memo: 'Faucet cartridges and caulking' })
  await spend({ date: daysAgo(3), payee: 'Kwik Key Locksmith', amount: '96.05', tax_amount: '11.05', memo: 'Rekey, unit turnover' })
}
