import { createHash } from 'node:crypto'
import { CsvSyntaxError, parseCsv } from '../csv'
import { formatMoney, NUMBER_FORMATS, parseMoney, readMoney, type NumberFormat } from '../money'
import { isIsoDate } from './entries'

/*
 * Banking without the database: reading a bank statement (CSV or OFX) into
 * lines, suggesting the register lines a statement line may be, and the
 * arithmetic of a reconciliation. Amounts are cents with the register's sign:
 * money into the bank is positive (a debit to its GL account), money out negative.
 */

export type StatementLine = {
  date: string
  description: string
  amount: number
  /** The bank's id for the transaction (OFX FITID, a CSV id column), else a hash of the row: a second import of the same file adds nothing. */
  externalId: string
}

export type StatementParse = { format: 'CSV' | 'OFX'; lines: StatementLine[]; errors: string[] }

/** An OFX file (1.x SGML or 2.x XML) or a CSV, told apart by the OFX header or root element; a CSV's amounts are read in `numbers`. */
export function parseStatement(text: string, numbers: NumberFormat = 'en'): StatementParse {
  const head = text.slice(0, 2000)
  if (/OFXHEADER|<OFX>|<\?OFX/i.test(head)) return { format: 'OFX', ...parseOfx(text) }
  return { format: 'CSV', ...parseStatementCsv(text, numbers) }
}

/** "20260105", "20260105120000[-5:EST]" or "2026-01-05" → "2026-01-05"; null for anything else. */
export function statementDate(raw: string): string | null {
  const value = raw.trim()
  let iso: string | null = null
  const compact = /^(\d{4})(\d{2})(\d{2})/.exec(value)
  const dashed = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value)
  const american = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
  if (dashed) iso = `${dashed[1]}-${dashed[2].padStart(2, '0')}-${dashed[3].padStart(2, '0')}`
  else if (american) iso = `${american[3]}-${american[1].padStart(2, '0')}-${american[2].padStart(2, '0')}`
  else if (compact) iso = `${compact[1]}-${compact[2]}-${compact[3]}`
  return iso && isIsoDate(iso) ? iso : null
}

/**
 * A CSV statement's amount in the file's number format: "$1,250.00", "(45.10)",
 * "45.10-" in English, "1 250,00 $" in French → cents; null when the format
 * would not write it so (never a guess: "12,50" is not an English amount).
 */
export function statementAmount(raw: string, numbers: NumberFormat): number | null {
  let value = raw.trim()
  if (!value) return null
  let negative = false
  if (/^\(.*\)$/.test(value)) [negative, value] = [true, value.slice(1, -1).trim()]
  if (value.endsWith('-')) [negative, value] = [true, value.slice(0, -1).trim()]
  if (value.startsWith('+')) value = value.slice(1)
  const cents = readMoney(value, numbers)
  if (cents === null) return null
  return negative ? -cents : cents
}

/** OFX's TRNAMT: digits with a point or, from European banks, a comma as the decimal mark, never grouped. */
export function ofxAmount(raw: string): number | null {
  const match = /^([+-]?)(\d*)(?:[.,](\d{1,2}))?$/.exec(raw.trim())
  if (!match || (!match[2] && !match[3])) return null
  return parseMoney(`${match[1] === '-' ? '-' : ''}${match[2] || '0'}${match[3] ? `.${match[3]}` : ''}`)
}

const normalise = (header: string) =>
  header
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** The headers banks and spreadsheets use, normalised (lower case, punctuation as spaces). */
const COLUMNS = {
  date: ['date', 'transaction date', 'posted date', 'posting date', 'date posted', 'trans date', 'value date', 'booking date'],
  description: ['description', 'transaction description', 'payee', 'name', 'details', 'narrative', 'memo', 'transaction details', 'particulars'],
  amount: ['amount', 'transaction amount', 'net amount', 'value'],
  debit: ['debit', 'debits', 'withdrawal', 'withdrawals', 'debit amount', 'withdrawal amount', 'money out', 'paid out', 'amount debit'],
  credit: ['credit', 'credits', 'deposit', 'deposits', 'credit amount', 'deposit amount', 'money in', 'paid in', 'amount credit'],
  id: ['transaction id', 'fitid', 'id', 'reference number', 'transaction reference'],
} as const

/**
 * A CSV statement: a date, a description and either an amount column (negative
 * for money out) or a debit and a credit column (a debit is money out, as banks
 * print it). Dates YYYY-MM-DD or MM/DD/YYYY. A row that cannot be read is named
 * by its line and skipped; the others are kept.
 */
export function parseStatementCsv(text: string, numbers: NumberFormat = 'en'): { lines: StatementLine[]; errors: string[] } {
  let table
  try {
    table = parseCsv(text)
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { lines: [], errors: [error.message] }
    throw error
  }
  const headers = table.header.map(normalise)
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const at = headers.indexOf(name)
      if (at >= 0) return at
    }
    return -1
  }
  const col = { date: find(COLUMNS.date), description: find(COLUMNS.description), amount: find(COLUMNS.amount), debit: find(COLUMNS.debit), credit: find(COLUMNS.credit), id: find(COLUMNS.id) }
  const missing: string[] = []
  if (col.date < 0) missing.push('a date column (Date, Transaction Date, Posted Date …)')
  if (col.amount < 0 && (col.debit < 0 || col.credit < 0)) missing.push('an Amount column, or a Debit and a Credit column')
  if (missing.length) return { lines: [], errors: [`The header row needs ${missing.join(' and ')}; it has: ${table.header.join(', ') || 'nothing'}.`] }

  const lines: StatementLine[] = []
  const errors: string[] = []
  const seen = new Map<string, number>()
  for (const record of table.records) {
    const cell = (at: number) => (at >= 0 ? (record.cells[at] ?? '').trim() : '')
    const date = statementDate(cell(col.date))
    if (!date) {
      errors.push(`Line ${record.line}: "${cell(col.date)}" is not a date (write YYYY-MM-DD or MM/DD/YYYY).`)
      continue
    }
    let amount: number | null
    if (col.amount >= 0) amount = statementAmount(cell(col.amount), numbers)
    else {
      const debit = cell(col.debit) ? statementAmount(cell(col.debit), numbers) : 0
      const credit = cell(col.credit) ? statementAmount(cell(col.credit), numbers) : 0
      amount = debit === null || credit === null ? null : Math.abs(credit) - Math.abs(debit)
    }
    if (amount === null) {
      const typed = [col.amount, col.debit, col.credit].map(cell).filter(Boolean).join(' / ')
      errors.push(`Line ${record.line}: "${typed}" is not an amount written the ${NUMBER_FORMATS.find((f) => f.value === numbers)?.label} way.`)
      continue
    }
    if (amount === 0) {
      errors.push(`Line ${record.line}: no amount other than zero.`)
      continue
    }
    const description = cell(col.description) || '(no description)'
    let externalId = cell(col.id)
    if (!externalId) {
      // Two identical rows on one day are two transactions; the n-th of them hashes the same on every import.
      const key = `${date}|${amount}|${description}`
      const n = (seen.get(key) ?? 0) + 1
      seen.set(key, n)
      externalId = `csv:${createHash('sha256').update(`${key}|${n}`).digest('hex').slice(0, 32)}`
    }
    lines.push({ date, description, amount, externalId })
  }
  return { lines, errors }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&nbsp;': ' ' }
const decode = (value: string) => value.replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (m) => ENTITIES[m]).trim()

/** A field of an OFX aggregate: `<TAG>value` up to the next tag or line end (SGML), or `<TAG>value</TAG>` (XML). */
function ofxField(block: string, tag: string) {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block)
  return match ? decode(match[1]) : ''
}

/** The STMTTRN transactions of an OFX 1.x (SGML) or 2.x (XML) bank or card statement. */
export function parseOfx(text: string): { lines: StatementLine[]; errors: string[] } {
  const lines: StatementLine[] = []
  const errors: string[] = []
  const blocks = text.split(/<STMTTRN>/i).slice(1)
  if (!blocks.length) return { lines, errors: ['The OFX file has no transactions (no <STMTTRN> element).'] }
  blocks.forEach((raw, i) => {
    const block = raw.split(/<\/STMTTRN>/i)[0]
    const n = i + 1
    const date = statementDate(ofxField(block, 'DTPOSTED'))
    const amount = ofxAmount(ofxField(block, 'TRNAMT'))
    if (!date) return void errors.push(`Transaction ${n}: DTPOSTED "${ofxField(block, 'DTPOSTED')}" is not a date.`)
    if (amount === null || amount === 0) return void errors.push(`Transaction ${n}: TRNAMT "${ofxField(block, 'TRNAMT')}" is not an amount other than zero.`)
    const name = ofxField(block, 'NAME')
    const memo = ofxField(block, 'MEMO')
    const description = [name, memo && memo !== name ? memo : ''].filter(Boolean).join(' · ') || ofxField(block, 'TRNTYPE') || '(no description)'
    const fitId = ofxField(block, 'FITID')
    const externalId = fitId || `ofx:${createHash('sha256').update(`${date}|${amount}|${description}|${n}`).digest('hex').slice(0, 32)}`
    lines.push({ date, description, amount, externalId })
  })
  return { lines, errors }
}

/** Whole days from a to b (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string) {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

export const MATCH_WINDOW_DAYS = 5

export type RegisterCandidate = { id: string; date: string; amount: number; entryNumber: number; memo: string | null }

/**
 * The register lines a statement line may be: the same amount, dated within
 * five days either side; the closest date first, then the one whose memo shares
 * a word with the statement's description, then the older entry.
 */
export function suggestMatches<C extends RegisterCandidate>(line: Pick<StatementLine, 'date' | 'amount' | 'description'>, candidates: C[], limit = 3): C[] {
  const words = new Set(line.description.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2))
  const shares = (memo: string | null) => (memo ?? '').toLowerCase().split(/[^a-z0-9]+/).some((w) => words.has(w))
  return candidates
    .filter((c) => c.amount === line.amount && Math.abs(daysBetween(line.date, c.date)) <= MATCH_WINDOW_DAYS)
    .map((c) => ({ c, distance: Math.abs(daysBetween(line.date, c.date)), shared: shares(c.memo) }))
    .sort((a, b) => a.distance - b.distance || Number(b.shared) - Number(a.shared) || a.c.entryNumber - b.c.entryNumber)
    .slice(0, limit)
    .map((x) => x.c)
}

/** What is left to explain: the statement's ending balance less the opening balance and the cleared lines. */
export function reconciliationDifference(r: { statementEndingBalance: number; openingBalance: number; clearedTotal: number }) {
  return r.statementEndingBalance - (r.openingBalance + r.clearedTotal)
}

/** "The difference is 12.50 …": why a reconciliation cannot be marked final yet. */
export function differenceMessage(difference: number) {
  return `The statement and the cleared items differ by ${formatMoney(difference)}; tick or untick items until the difference is 0.00 before marking it final.`
}
