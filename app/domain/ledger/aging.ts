import { agingOf, AGING_BUCKETS } from '../leasing/payments'
import { AGING_COLUMNS } from '../leasing/reports'
import { formatMoney } from '../money'
import { compareNumbered } from '../text'

/*
 * Open documents (bills, invoices) aged by who they are owed by or to: what each party's documents
 * still owe at the end of a day, by days past each one's due date (0–30 includes what is not yet
 * due). Pure: the aged payables and the invoices of aged receivables are both this.
 */

/**
 * A document open at the end of the day: whose it is, its due date and what it still owed then
 * (cents). Or several of one party's, due the same day (`count` of them, summed): they age alike.
 */
export type OpenDocument = { partyKey: string; partyLabel: string; dueDate: string; open: number; count?: number }

type Bucket = (typeof AGING_BUCKETS)[number]
export type AgingFigures = Record<(typeof AGING_COLUMNS)[number]['key'] | 'total', string>

export const agingFigures = (buckets: Record<Bucket, number>) =>
  ({
    ...Object.fromEntries(AGING_COLUMNS.map((c) => [c.key, formatMoney(buckets[c.bucket])])),
    total: formatMoney(AGING_BUCKETS.reduce((sum, b) => sum + buckets[b], 0)),
  }) as AgingFigures

/** Each party with something open, by name; its documents' count, the oldest due date and the buckets; and the totals. */
export function ageByParty(documents: readonly OpenDocument[], asOf: string) {
  const byParty = new Map<string, { key: string; label: string; buckets: Record<Bucket, number>; count: number; oldestDue: string }>()
  const totals: Record<Bucket, number> = { '0-30': 0, '31-60': 0, '61-90': 0, '91+': 0 }
  for (const document of documents) {
    if (document.open <= 0) continue
    const party = byParty.get(document.partyKey) ?? { key: document.partyKey, label: document.partyLabel, buckets: { '0-30': 0, '31-60': 0, '61-90': 0, '91+': 0 }, count: 0, oldestDue: document.dueDate }
    const { bucket } = agingOf(document.dueDate, asOf)
    party.buckets[bucket] += document.open
    totals[bucket] += document.open
    party.count += document.count ?? 1
    if (document.dueDate < party.oldestDue) party.oldestDue = document.dueDate
    byParty.set(document.partyKey, party)
  }
  const parties = [...byParty.values()].sort((a, b) => compareNumbered(a.label, b.label) || a.key.localeCompare(b.key))
  return { parties, totals, total: AGING_BUCKETS.reduce((sum, b) => sum + totals[b], 0) }
}
