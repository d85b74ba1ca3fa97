import { describe, expect, it } from 'vitest'
import { displayMoney, displayPercent, formatMoney, parseMoney, parsePercent } from './money'

describe('money', () => {
  it('reads amounts people type into cents', () => {
    expect(parseMoney('1250')).toBe(125000)
    expect(parseMoney('1,250.5')).toBe(125050)
    expect(parseMoney('$1250.05')).toBe(125005)
    expect(parseMoney('.5')).toBe(50)
    expect(parseMoney('-3.10')).toBe(-310)
    expect(parseMoney('0.1')).toBe(10)
  })

  it('refuses what is not an amount, or has more than two decimals', () => {
    for (const bad of ['', 'abc', '1.005', '1e3', '12.3.4', '--1', '9007199254740992']) expect(parseMoney(bad)).toBeNull()
  })

  it('writes cents as the API decimal string', () => {
    expect(formatMoney(125000)).toBe('1250.00')
    expect(formatMoney(5)).toBe('0.05')
    expect(formatMoney(-310)).toBe('-3.10')
    expect(formatMoney(0)).toBe('0.00')
    expect(() => formatMoney(1.5)).toThrow()
  })

  it('round-trips every cent exactly where floats would not', () => {
    for (const text of ['0.10', '0.20', '0.30', '19.99', '1000000.01']) expect(formatMoney(parseMoney(text)!)).toBe(text)
  })

  it('displays amounts and percentages for people', () => {
    expect(displayMoney('1250.00', 'CAD')).toBe('$1,250.00')
    expect(displayMoney('-3.10', 'USD')).toBe('-$3.10')
    expect(displayMoney(null)).toBe('')
    expect(parsePercent('8.5%')).toBe(850)
    expect(displayPercent('8.50')).toBe('8.5%')
    expect(displayPercent('100.00')).toBe('100%')
    expect(displayPercent('100')).toBe('100%')
  })
})
