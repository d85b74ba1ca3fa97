/**
 * Money and percentages (DESIGN.md §3): integer cents in the database, decimal
 * strings with two places ("1250.00") in the API, never a float in between.
 * Percentages are kept the same way, in hundredths of a percent ("8.50" = 850).
 */

/** Cents (or hundredths of a percent) from "1,250.5", "$1250.50", "-3" … or null when it is not an amount. */
export function parseDecimal(input: string, places = 2): number | null {
  const cleaned = input.trim().replace(/[$,\s]/g, '')
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(cleaned) ?? /^(-)?()\.(\d+)$/.exec(cleaned)
  if (!match) return null
  const [, sign, whole, fraction = ''] = match
  if (fraction.length > places) return null
  const units = BigInt(whole || '0') * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0')
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return null
  const value = Number(units)
  return sign && value !== 0 ? -value : value
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

export const parseMoney = (input: string) => parseDecimal(input, 2)
export const formatMoney = (cents: number) => formatDecimal(cents, 2)
export const parsePercent = (input: string) => parseDecimal(input.replace(/%$/, ''), 2)
export const formatPercent = (hundredths: number) => formatDecimal(hundredths, 2)

const displayFormats = new Map<string, Intl.NumberFormat>()

/** "$1,250.00" for people, in the company's currency; takes the API's decimal string. */
export function displayMoney(amount: string | null | undefined, currency = 'CAD'): string {
  if (amount === null || amount === undefined || amount === '') return ''
  const cents = parseMoney(amount)
  if (cents === null) return amount
  let format = displayFormats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    displayFormats.set(currency, format)
  }
  // Formatting goes through a string so no float ever carries the amount.
  return format.format(`${formatMoney(cents)}` as unknown as number)
}

/** "8.5%" for people, from the API's "8.50". */
export function displayPercent(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value
  return `${trimmed}%`
}
