import { formatMoney } from '../money'
import { CASH_SUBTYPES, subtypeOf, type AccountSubtype, type AccountType } from './chart'
import { addDays } from './reports'
import { compareNumbered } from '../text'

/*
 * The ledger as an hledger journal (https://hledger.org/hledger.html#journal), so an
 * outside accountant can recompute every balance with their own tool. Each account's
 * last posting carries a balance assertion (`= CAD 1250.00`) of its balance from the
 * beginning of the books; an export that starts after the first entry opens with one
 * transaction that brings every account to its balance the day before.
 */

export type HledgerAccount = { id: string; number: string; name: string; accountType: AccountType; subtype: string }
export type HledgerPosting = { accountId: string; amount: number; tags: Record<string, string | null | undefined> }
export type HledgerEntry = { number: number; date: string; memo: string | null; tags: Record<string, string | null | undefined>; postings: HledgerPosting[] }

const TOP: Record<AccountType, string> = { ASSET: 'Assets', LIABILITY: 'Liabilities', EQUITY: 'Equity', INCOME: 'Income', EXPENSE: 'Expenses' }
const TYPE_CODE: Record<AccountType, string> = { ASSET: 'A', LIABILITY: 'L', EQUITY: 'E', INCOME: 'R', EXPENSE: 'X' }

// Two spaces end an account name and a colon starts a sub-account; a semicolon starts a comment.
const clean = (text: string) => text.replace(/[\r\n\t]+/g, ' ').replace(/ {2,}/g, ' ').trim()
const namePart = (text: string) => clean(text.replace(/[:;]/g, '-'))
// A tag's value ends at a comma.
const tagValue = (text: string) => clean(text.replace(/,/g, ';'))

/** `Assets:Bank:1010 Operating Bank Account`: type, subtype, then number and name, so accounts sort and roll up as in the chart. */
export function hledgerAccountName(account: Pick<HledgerAccount, 'number' | 'name' | 'accountType' | 'subtype'>) {
  return `${TOP[account.accountType]}:${namePart(subtypeOf(account.subtype)?.label ?? account.subtype)}:${namePart(`${account.number} ${account.name}`)}`
}

const tagsText = (tags: Record<string, string | null | undefined>) =>
  Object.entries(tags)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${tagValue(v!)}`)
    .join(', ')

export function hledgerJournal(input: {
  heading: string
  currency: string
  accounts: HledgerAccount[]
  /** The first day exported and each account's signed balance the day before (debits positive), or null for an export from the beginning. */
  opening: { from: string; balances: Map<string, number> } | null
  entries: HledgerEntry[]
}) {
  const byId = new Map(input.accounts.map((a) => [a.id, a]))
  const nameOf = (id: string) => hledgerAccountName(byId.get(id)!)
  const amount = (cents: number) => `${input.currency} ${formatMoney(cents)}`
  const out: string[] = [...input.heading.split('\n').map((l) => `; ${clean(l)}`), '', `commodity ${input.currency} 1000.00`, '']
  for (const a of [...input.accounts].sort((x, y) => compareNumbered(x.number, y.number))) {
    const code = a.accountType === 'ASSET' && CASH_SUBTYPES.includes(a.subtype as AccountSubtype) ? 'C' : TYPE_CODE[a.accountType]
    out.push(`account ${nameOf(a.id)}  ; type:${code}`)
  }
  out.push('')

  const entries: HledgerEntry[] = []
  if (input.opening) {
    const postings = [...input.opening.balances].filter(([, v]) => v !== 0).map(([accountId, cents]) => ({ accountId, amount: cents, tags: {} }))
    if (postings.length) entries.push({ number: 0, date: addDays(input.opening.from, -1), memo: `Opening balances before ${input.opening.from}`, tags: { source: 'OPENING_BALANCES' }, postings })
  }
  entries.push(...input.entries)

  // Where each account's last posting is: the assertion goes there.
  const last = new Map<string, string>()
  entries.forEach((e, i) => e.postings.forEach((p, j) => last.set(p.accountId, `${i}:${j}`)))
  const running = new Map<string, number>()
  entries.forEach((e, i) => {
    const code = e.number ? ` (${e.number})` : ''
    const tags = tagsText(e.tags)
    out.push(`${e.date}${code}${e.memo ? ` ${clean(e.memo)}` : ''}${tags ? `  ; ${tags}` : ''}`)
    e.postings.forEach((p, j) => {
      const balance = (running.get(p.accountId) ?? 0) + p.amount
      running.set(p.accountId, balance)
      const assertion = last.get(p.accountId) === `${i}:${j}` ? ` = ${amount(balance)}` : ''
      const ptags = tagsText(p.tags)
      out.push(`    ${nameOf(p.accountId)}  ${amount(p.amount)}${assertion}${ptags ? `  ; ${ptags}` : ''}`)
    })
    out.push('')
  })
  return out.join('\n')
}
