/**
 * Money and percentages (DESIGN.md §3): integer cents in the database, decimal
 * strings with two places ("1250.00") in the API, never a float in between.
 * Percentages are kept the same way, in hundredths of a percent ("8.50" = 850).
 *
 * Amounts are read two ways, never guessed between: the API's one spelling
 * (`parseDecimal`), and what a person types in a stated number format
 * (`readDecimal`), which refuses anything that format would not write — so
 * "12,50" is never 1250.00 in English, nor "1,250.00" 1.25 in French.
 */

/** How people write numbers: English 1,250.00 or French 1 250,00. */
export type NumberFormat = 'en' | 'fr'

export const NUMBER_FORMATS: readonly { value: NumberFormat; label: string }[] = [
  { value: 'en', label: 'English (1,250.00)' },
  { value: 'fr', label: 'French (1 250,00)' },
]

export function isNumberFormat(value: unknown): value is NumberFormat {
  return value === 'en' || value === 'fr'
}

const API_DECIMAL: Record<number, RegExp> = {}

/** Units from the API's spelling only: "1250.00", "-3", "0.5" — digits, an optional minus, at most `places` decimals, nothing else. */
export function parseDecimal(input: string, places = 2): number | null {
  const pattern = (API_DECIMAL[places] ??= places ? new RegExp(`^(-)?(\\d+)(?:\\.(\\d{1,${places}}))?$`) : /^(-)?(\d+)()$/)
  const match = pattern.exec(input)
  return match ? toUnits(match[1] === '-', match[2], match[3] ?? '', places) : null
}

function toUnits(negative: boolean, whole: string, fraction: string, places: number): number | null {
  const units = BigInt(whole || '0') * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0')
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return null
  const value = Number(units)
  return negative && value !== 0 ? -value : value
}

const SEPARATORS: Record<NumberFormat, { group: RegExp; groupChar: string; point: string }> = {
  en: { group: /^\d{1,3}(?:,\d{3})+$/, groupChar: ',', point: '.' },
  // French groups with a space; people and Intl also use the no-break (U+00A0) and narrow no-break (U+202F) spaces.
  fr: { group: /^\d{1,3}(?:[ \u00A0\u202F]\d{3})+$/, groupChar: '\u00A0', point: ',' },
}

/**
 * Units from what a person typed in `format`: "1,250.00", "$1250", "-3.1" in
 * English; "1 250,00", "1250 $" in French. Null when the format would not
 * write it that way (a comma as the decimal mark in English, a point in French,
 * groups not of three, more than `places` decimals).
 */
export function readDecimal(input: string, format: NumberFormat, places = 2): number | null {
  let text = input.trim().replace(/^\$\s*|\s*\$$/g, '')
  let negative = false
  if (/^[-\u2212]/.test(text)) [negative, text] = [true, text.slice(1).replace(/^\$\s*/, '')]
  const { group, point } = SEPARATORS[format]
  const at = text.indexOf(point)
  const whole = at < 0 ? text : text.slice(0, at)
  const fraction = at < 0 ? '' : text.slice(at + 1)
  if (at >= 0 && !(fraction.length <= places && /^\d+$/.test(fraction))) return null
  if (!(/^\d+$/.test(whole) || group.test(whole) || (whole === '' && fraction !== ''))) return null
  return toUnits(negative, whole.replace(/\D/g, ''), fraction, places)
}

/** "1250.00" from 125000: the API's form of an amount. */
export function formatDecimal(units: number, places = 2): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not a whole number of cents: ${units}`)
  const negative = units < 0
  const digits = String(Math.abs(units)).padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const fraction = places ? `.${digits.slice(digits.length - places)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

/** "1,250.00" (English) or "1 250,00" (French) from 125000: an amount as `readDecimal` reads it back. */
export function writeDecimal(units: number, format: NumberFormat, places = 2): string {
  const [whole, fraction] = formatDecimal(units, places).split('.')
  const { groupChar, point } = SEPARATORS[format]
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, groupChar)
  return fraction === undefined ? grouped : `${grouped}${point}${fraction}`
}

/**
 * The API's "1250.00" as a form shows it to be typed over: "1,250.00" (English)
 * or "1 250,00" (French). Anything that is not the API's spelling (text a
 * person typed, kept after an error) is shown as it is.
 */
export function showDecimal(value: string, format: NumberFormat, places = 2): string {
  const units = parseDecimal(value, places)
  return units === null ? value : writeDecimal(units, format, places)
}

/** What an amount input shows as its example: "e.g. 1,250.50" or "e.g. 1 250,50" (a percentage: "e.g. 8.50" or "e.g. 8,50"). */
export function decimalHint(format: NumberFormat, places = 2, { percent = false } = {}): string {
  const whole = percent ? 8 : 1250
  return `e.g. ${writeDecimal(whole * 10 ** places + (places ? 5 * 10 ** (places - 1) : 0), format, places)}`
}

/**
 * What a form sends the API for what a person typed: "1,250.5" (English) or
 * "1 250,5" (French) → "1250.50". Text the format cannot read is passed on as
 * typed, for the API to refuse naming the field.
 */
export function toApiDecimal(typed: string, format: NumberFormat, places = 2): string {
  const units = readDecimal(typed.replace(/\s*%$/, ''), format, places)
  return units === null ? typed : formatDecimal(units, places)
}

export const parseMoney = (input: string) => parseDecimal(input, 2)
export const formatMoney = (cents: number) => formatDecimal(cents, 2)
export const readMoney = (input: string, format: NumberFormat) => readDecimal(input, format, 2)
export const writeMoney = (cents: number, format: NumberFormat) => writeDecimal(cents, format, 2)
export const formatPercent = (hundredths: number) => formatDecimal(hundredths, 2)

const displayFormats = new Map<string, Intl.NumberFormat>()

const LOCALES: Record<NumberFormat, string> = { en: 'en-CA', fr: 'fr-CA' }

/** "$1,250.00" (English) or "1 250,00 $" (French) for people, in the company's currency; takes the API's decimal string. */
export function displayMoney(amount: string | null | undefined, currency = 'CAD', numbers: NumberFormat = 'en'): string {
  if (amount === null || amount === undefined || amount === '') return ''
  const cents = parseMoney(amount)
  if (cents === null) return amount
  const key = `${numbers} ${currency}`
  let format = displayFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[numbers], { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    displayFormats.set(key, format)
  }
  // Formatting goes through a string so no float ever carries the amount.
  return format.format(`${formatMoney(cents)}` as unknown as number)
}

/** "8.5%" (English) or "8,5 %" (French) for people, from the API's "8.50". */
export function displayPercent(value: string | null | undefined, numbers: NumberFormat = 'en'): string {
  if (value === null || value === undefined || value === '') return ''
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value
  return numbers === 'fr' ? `${trimmed.replace('.', ',')}\u00A0%` : `${trimmed}%`
}
