import { z } from '@hono/zod-openapi'
import { FIRST_DATE, isIsoDate, LAST_DATE } from '~/domain/ledger/entries'
import { formatMoney, parseMoney } from '~/domain/money'

/*
 * The value schemas every API body shares, so an amount, a date or a web
 * address is checked one way whichever endpoint takes it.
 */

/** The pattern the OpenAPI document shows for an amount, and that clients can check before sending. */
export const MONEY_PATTERN = '^-?\\d+(\\.\\d{1,2})?$'

/**
 * An amount as the API takes it: a plain decimal string ("1250.00"), never a
 * number, grouping, decimal comma, exponent or space. Parsed to cents.
 */
export function moneyInput(label: string, { negative = false }: { negative?: boolean } = {}) {
  const hint = `${label} must be an amount written like ${negative ? '-1250.00 or ' : ''}1250.00 (digits, a point, at most two decimals).`
  return z
    .string({ error: hint })
    .openapi({
      type: 'string',
      format: 'money',
      pattern: MONEY_PATTERN,
      example: '1250.00',
    })
    .transform((value, ctx) => {
      const cents = parseMoney(value)
      if (cents === null || (!negative && cents < 0)) {
        ctx.addIssue({
          code: 'custom',
          message: cents === null ? hint : `${label} cannot be negative.`,
        })
        return z.NEVER
      }
      return cents
    })
}

/** `moneyInput`, handed on as the API's canonical string ("12.5" → "12.50") for code that takes strings. */
export const moneyString = (label: string, options?: { negative?: boolean }) => moneyInput(label, options).transform(formatMoney)

export const dateMessage = (label: string) => `${label} must be a date written YYYY-MM-DD, between ${FIRST_DATE} and ${LAST_DATE}.`

/** A real calendar date written YYYY-MM-DD, within the years Lintel takes. */
export const dateInput = (label: string) =>
  z
    .string({ error: dateMessage(label) })
    .openapi({ format: 'date', example: '2026-01-31' })
    .refine(isIsoDate, dateMessage(label))

/** A web address people can click safely: http or https only, never javascript: or data:. */
export const webAddressInput = (label: string, max = 300) =>
  z
    .string({ error: `${label} must be a web address.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol)
      } catch {
        return false
      }
    }, `${label} must be a full web address starting with https:// or http://.`)

/** How numbers are written: en = 1,250.00, fr = 1 250,00 (the company's setting, or a file being imported). */
export const numberFormatInput = () => z.enum(['en', 'fr'], { error: 'Number format must be en (1,250.00) or fr (1 250,00).' })
