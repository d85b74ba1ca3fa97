import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { roleAccountId } from '~/ledger/chart.server'
import { billableExpenses, buildings, rentalUnits } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { markupOn } from '~/domain/receivables/invoices'
import { markupOf } from './work-order-invoices.server'

/*
 * Costs passed on (issue 16 item 5): a billable expense names who pays it back (an owner or a
 * resident) and the markup added; invoicing it makes an invoice of the cost and the markup, through
 * the invoices' own create (its number, its posting), and the expense is billed.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/** A billable expense as it will be stored: its customer's, a unit's on its property; named for what it was and what it cost. */
export async function checkBillableExpense(tx: Executor, companyId: string, values: Row): Promise<Errors | undefined> {
  const errors: Errors = {}
  if (values.customerType === 'OWNER') {
    values.residentId = null
    if (!values.propertyOwnerId) errors.property_owner_id = ['Choose the owner it is passed on to.']
  } else {
    values.propertyOwnerId = null
    if (!values.residentId) errors.resident_id = ['Choose the resident it is passed on to.']
  }
  if (values.rentalUnitId) {
    const [unit] = await tx
      .select({ propertyGroupId: buildings.propertyGroupId })
      .from(rentalUnits)
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, String(values.rentalUnitId))))
    if (unit && unit.propertyGroupId !== values.propertyGroupId) errors.rental_unit_id = ['This unit is not in the property.']
  }
  values.label = `${String(values.description)} · ${formatDecimal(Number(values.amount))}`
  return Object.keys(errors).length ? errors : undefined
}

/** Invoices the expense to its customer: its cost, and its markup on a line of its own; the expense remembers the invoice. */
export async function invoiceBillableExpense(tx: Executor, companyId: string, userId: string, record: Row, input: Row) {
  const [income, markup] = await Promise.all([
    roleAccountId(tx, companyId, 'MAINTENANCE_INCOME'),
    record.markupTypeId ? markupOf(tx, companyId, String(record.markupTypeId)) : null,
  ])
  if (!income) throw conflict('Say which account costs charged to owners and residents are booked to (Books settings, Maintenance charged to residents) first.')
  const cost = Number(record.amount)
  const added = markupOn(cost, markup)
  const lines = [{ account_id: income, description: String(record.description), amount: cost }]
  if (markup && added > 0) lines.push({ account_id: markup.accountId, description: `${markup.name}: ${String(record.description)}`.slice(0, 300), amount: added })
  // Loaded here: the definitions import these services.
  const [{ createRecord }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources/index')])
  const invoice = await createRecord(
    tx,
    companyId,
    resourceNamed('invoices')!,
    {
      values: {
        customer_type: record.customerType,
        property_owner_id: record.propertyOwnerId,
        resident_id: record.residentId,
        property_group_id: record.propertyGroupId,
        rental_unit_id: record.rentalUnitId,
        date: input.date,
        terms: input.terms ?? null,
        lines,
      },
    },
    { userId },
  )
  await tx
    .update(billableExpenses)
    .set({ invoiceId: String(invoice.id), updatedAt: new Date() })
    .where(and(eq(billableExpenses.companyId, companyId), eq(billableExpenses.id, String(record.id))))
  return { label: `Billed on ${String(invoice.label)}` }
}
