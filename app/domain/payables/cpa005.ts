/*
 * Payments Canada's CPA Standard 005 credit file (1464-byte records): what a bank takes to pay
 * vendors by EFT. A header (A), one credit record (C) per payment with its first of six 240-byte
 * segments filled and the rest blank, and a trailer (Z) with the file's totals. Pure: the server
 * picks the payments and the originator's settings; this writes the bytes, field by field.
 */

export const RECORD_LENGTH = 1464
const SEGMENT_LENGTH = 240
/** CPA transaction code for a credit to a vendor's account: 450, miscellaneous payments. */
export const VENDOR_PAYMENT_CODE = '450'

/** The originator, as its bank set it up for EFT. */
export type Originator = {
  /** The 10-character originator ID the bank assigned. */
  id: string
  /** The bank's data centre the file goes to (5 digits). */
  dataCentre: string
  /** The file's number, one more than the last file sent (1 to 9999). */
  fileNumber: number
  /** Shown on the payee's statement (15 characters). */
  shortName: string
  /** The company's full name (30 characters). */
  longName: string
  /** Where a rejected payment comes back: the paying account's institution, transit and number. */
  returns: { institution: string; transit: string; account: string }
  currency: 'CAD' | 'USD'
}

/** One credit to a vendor's account. */
export type Credit = {
  /** Cents, more than zero and less than 10^10. */
  amount: number
  /** When the funds are to be available (YYYY-MM-DD). */
  date: string
  institution: string
  transit: string
  account: string
  payeeName: string
  /** The payment's own reference, for the originator to match a return (19 characters). */
  crossReference: string
}

/** A field of `length` characters: text left-aligned and space-filled, cut to fit; what a bank cannot read (accents, symbols) as its nearest plain letter or a space. */
export function alpha(value: string, length: number) {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 &\-.,'/]/g, ' ')
  return plain.slice(0, length).padEnd(length, ' ')
}

/** A number of `length` digits, right-aligned and zero-filled; one that does not fit is an error, never cut. */
export function numeric(value: number | string, length: number) {
  const digits = String(value)
  if (!/^\d+$/.test(digits) || digits.length > length) throw new Error(`${digits} does not fit ${length} digits`)
  return digits.padStart(length, '0')
}

/** A day as CPA-005 writes it: 0YYDDD (2025-04-15 → 025105). */
export function julianDate(iso: string) {
  const [year, month, day] = iso.split('-').map(Number)
  const dayOfYear = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1
  return `0${String(year % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}`
}

/** The institution and transit as one 9-digit field: 0, the 3-digit institution, the 5-digit transit. */
const routing = (institution: string, transit: string) => `0${numeric(institution, 3)}${numeric(transit, 5)}`

function header(originator: Originator, created: string) {
  return ['A', numeric(1, 9), alpha(originator.id, 10), numeric(originator.fileNumber, 4), julianDate(created), numeric(originator.dataCentre, 5), ' '.repeat(20), alpha(originator.currency, 3)].join('').padEnd(RECORD_LENGTH, ' ')
}

function creditSegment(originator: Originator, credit: Credit) {
  const segment = [
    VENDOR_PAYMENT_CODE,
    numeric(credit.amount, 10),
    julianDate(credit.date),
    routing(credit.institution, credit.transit),
    alpha(credit.account, 12),
    numeric(0, 22), // item trace number: the bank assigns it
    numeric(0, 3), // stored transaction type
    alpha(originator.shortName, 15),
    alpha(credit.payeeName, 30),
    alpha(originator.longName, 30),
    alpha(originator.id, 10),
    alpha(credit.crossReference, 19),
    routing(originator.returns.institution, originator.returns.transit),
    alpha(originator.returns.account, 12),
    ' '.repeat(15), // originator's sundry information
    ' '.repeat(22), // filler
    ' '.repeat(2), // settlement code
    numeric(0, 11), // invalid data element: for the bank's use
  ].join('')
  if (segment.length !== SEGMENT_LENGTH) throw new Error(`a credit segment is ${segment.length} characters, not ${SEGMENT_LENGTH}`)
  return segment
}

function trailer(originator: Originator, count: number, credits: readonly Credit[]) {
  const total = credits.reduce((sum, c) => sum + c.amount, 0)
  return [
    'Z',
    numeric(count, 9),
    alpha(originator.id, 10),
    numeric(originator.fileNumber, 4),
    numeric(0, 14), // value of debits
    numeric(0, 8), // number of debits
    numeric(total, 14),
    numeric(credits.length, 8),
    numeric(0, 14), // value of error corrections E
    numeric(0, 8),
    numeric(0, 14), // value of error corrections F
    numeric(0, 8),
  ]
    .join('')
    .padEnd(RECORD_LENGTH, ' ')
}

/**
 * The file: the header, each credit in its own C record, the trailer; records numbered from 1 and
 * each ending with CR LF, as banks take them. `created` is the day the file is made.
 */
export function cpa005File(originator: Originator, credits: readonly Credit[], created: string) {
  const records = [header(originator, created)]
  for (const credit of credits) {
    const count = records.length + 1
    records.push(['C', numeric(count, 9), alpha(originator.id, 10), numeric(originator.fileNumber, 4), creditSegment(originator, credit)].join('').padEnd(RECORD_LENGTH, ' '))
  }
  records.push(trailer(originator, records.length + 1, credits))
  for (const record of records) if (record.length !== RECORD_LENGTH) throw new Error(`a record is ${record.length} characters, not ${RECORD_LENGTH}`)
  return records.map((r) => `${r}\r\n`).join('')
}

/** What stops a vendor's payment from going into a file: its bank details, as the bank would reject them. */
export function creditProblems(details: { institution: string | null; transit: string | null; account: string | null }) {
  const problems: string[] = []
  if (!details.institution || !/^\d{3}$/.test(details.institution)) problems.push('no 3-digit institution number')
  if (!details.transit || !/^\d{5}$/.test(details.transit)) problems.push('no 5-digit transit number')
  if (!details.account || !/^\d{7,12}$/.test(details.account)) problems.push('no account number of 7 to 12 digits')
  return problems
}
