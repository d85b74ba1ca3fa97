import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalHint, displayMoney, displayPercent, formatMoney, NUMBER_FORMATS, parseDecimal, parseMoney, readDecimal, readMoney, showDecimal, toApiDecimal, writeMoney, type NumberFormat } from './money'

const FORMATS = NUMBER_FORMATS.map((f) => f.value)
const cents = fc.integer({
  min: -Number.MAX_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
})
const format = fc.constantFrom<NumberFormat>(...FORMATS)

describe('the API spelling of an amount', () => {
  it('reads plain decimal strings into cents', () => {
    expect(parseMoney('1250')).toBe(125000)
    expect(parseMoney('1250.5')).toBe(125050)
    expect(parseMoney('1250.05')).toBe(125005)
    expect(parseMoney('-3.10')).toBe(-310)
    expect(parseMoney('0.1')).toBe(10)
    expect(parseMoney('-0')).toBe(0)
  })

  it('refuses grouping, decimal commas, exponents, spaces, symbols and more than two decimals', () => {
    for (const bad of ['', 'abc', '12,50', '1,250.00', '1 250', '1e3', ' 12', '12 ', '$12', '+12', '.5', '12.', '1.005', '12.3.4', '--1', '−3', '9007199254740992', '１２'])
      expect(parseMoney(bad), bad).toBeNull()
  })

  it('takes whole numbers only when there are no decimal places', () => {
    expect(parseDecimal('12', 0)).toBe(12)
    expect(parseDecimal('12.0', 0)).toBeNull()
  })

  it('writes cents as the API decimal string', () => {
    expect(formatMoney(125000)).toBe('1250.00')
    expect(formatMoney(5)).toBe('0.05')
    expect(formatMoney(-310)).toBe('-3.10')
    expect(formatMoney(0)).toBe('0.00')
    expect(() => formatMoney(1.5)).toThrow()
  })

  it('round-trips every amount', () => {
    fc.assert(fc.property(cents, (c) => parseMoney(formatMoney(c)) === c))
  })
})

describe('amounts as people type them', () => {
  it('reads English: a point for decimals, commas between thousands', () => {
    expect(readMoney('1,250.00', 'en')).toBe(125000)
    expect(readMoney('1250', 'en')).toBe(125000)
    expect(readMoney('$1,250.5', 'en')).toBe(125050)
    expect(readMoney('-$3.10', 'en')).toBe(-310)
    expect(readMoney(' 12 ', 'en')).toBe(1200)
    expect(readMoney('.5', 'en')).toBe(50)
    expect(readMoney('1,234,567.89', 'en')).toBe(123456789)
  })

  it('reads French: a comma for decimals, spaces (also no-break and narrow no-break) between thousands', () => {
    expect(readMoney('1 250,00', 'fr')).toBe(125000)
    expect(readMoney('1\u00A0250,00', 'fr')).toBe(125000)
    expect(readMoney('1\u202F250,00 $', 'fr')).toBe(125000)
    expect(readMoney('12,50', 'fr')).toBe(1250)
    expect(readMoney('-12,5', 'fr')).toBe(-1250)
    expect(readMoney('1250', 'fr')).toBe(125000)
  })

  it('refuses what the format would not write instead of guessing', () => {
    for (const bad of ['12,50', '1 250,00', '1,25.00', '1,2500', '12.345', '1e3', '1.250,00', 'abc', '', '-', '12.'] as const) expect(readMoney(bad, 'en'), bad).toBeNull()
    for (const bad of ['12.50', '1,250.00', '1 25,00', '12,345', '1e3', 'abc', '', '1 2500'] as const) expect(readMoney(bad, 'fr'), bad).toBeNull()
    expect(readDecimal('1,5', 'fr', 0)).toBeNull()
  })

  it('reads back what it writes, in every format', () => {
    expect(writeMoney(125000, 'en')).toBe('1,250.00')
    expect(writeMoney(-123456789, 'fr')).toBe('-1\u00A0234\u00A0567,89')
    fc.assert(fc.property(cents, format, (c, f) => readMoney(writeMoney(c, f), f) === c))
  })

  it('is never 100 times wrong: an amount written in one format is read in another as the same amount or not at all', () => {
    fc.assert(
      fc.property(cents, format, format, (c, written, read) => {
        const back = readMoney(writeMoney(c, written), read)
        return back === null || back === c
      }),
    )
    fc.assert(fc.property(cents, format, (c, read) => [null, c].includes(parseMoney(writeMoney(c, read)))))
  })

  it('never reads one text as two different amounts in two formats', () => {
    const typed = fc.string({
      unit: fc.constantFrom('0', '1', '2', '5', '9', ',', '.', ' ', '\u00A0', '-', '$'),
      maxLength: 12,
    })
    fc.assert(
      fc.property(typed, (text) => {
        const en = readMoney(text, 'en')
        const fr = readMoney(text, 'fr')
        return en === null || fr === null || en === fr
      }),
      { numRuns: 5000 },
    )
  })
})

describe('what a form sends the API', () => {
  it('is the canonical string for what the format reads, and the typed text otherwise', () => {
    expect(toApiDecimal('1,250.5', 'en')).toBe('1250.50')
    expect(toApiDecimal('1 250,5', 'fr')).toBe('1250.50')
    expect(toApiDecimal('8.5%', 'en', 2)).toBe('8.50')
    expect(toApiDecimal('2', 'en', 0)).toBe('2')
    expect(toApiDecimal('12,50', 'en')).toBe('12,50')
    expect(toApiDecimal('1,250.00', 'fr')).toBe('1,250.00')
  })
})

describe('what a form shows to be typed over', () => {
  it('writes the API amount in the format, and keeps anything else as typed', () => {
    expect(showDecimal('1250.00', 'en')).toBe('1,250.00')
    expect(showDecimal('1250.5', 'fr')).toBe('1\u00A0250,50')
    expect(showDecimal('3', 'fr', 0)).toBe('3')
    expect(showDecimal('1,250.50', 'fr')).toBe('1,250.50')
  })

  it('reads back what it shows, in either format', () => {
    fc.assert(fc.property(cents, format, (c, f) => readMoney(showDecimal(formatMoney(c), f), f) === c))
  })

  it('gives an example in the format', () => {
    expect(decimalHint('en')).toBe('e.g. 1,250.50')
    expect(decimalHint('fr')).toBe('e.g. 1\u00A0250,50')
    expect(decimalHint('fr', 2, { percent: true })).toBe('e.g. 8,50')
    expect(decimalHint('en', 0)).toBe('e.g. 1,250')
  })
})

describe('display', () => {
  it('displays amounts and percentages for people', () => {
    expect(displayMoney('1250.00', 'CAD')).toBe('$1,250.00')
    expect(displayMoney('-3.10', 'USD')).toBe('-$3.10')
    expect(displayMoney(null)).toBe('')
    expect(displayPercent('8.50')).toBe('8.5%')
    expect(displayPercent('100.00')).toBe('100%')
    expect(displayPercent('100')).toBe('100%')
  })

  it('displays them the French way for a company writing numbers in French', () => {
    expect(displayMoney('1250.50', 'CAD', 'fr')).toBe('1\u00A0250,50\u00A0$')
    expect(displayMoney('-3.10', 'USD', 'fr')).toBe('-3,10\u00A0$')
    expect(displayMoney('1250.50', 'CAD', 'en')).toBe('$1,250.50')
    expect(displayPercent('8.50', 'fr')).toBe('8,5\u00A0%')
  })
})
