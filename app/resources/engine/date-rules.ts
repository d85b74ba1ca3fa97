import { apiName, type DateField, type Field } from './fields'

/*
 * The date rules a definition declares on its date fields (`notBefore`, `notFuture`): checked by
 * the API on every write against the record as it will be stored, so a change to one date of a
 * pair is checked against the other as it stands.
 */

type Values = Record<string, unknown>
const asDate = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null)

/** Whether any field has a rule that needs the company's today. */
export const needsToday = (fields: Record<string, Field | undefined>) => Object.values(fields).some((f) => f?.kind === 'date' && f.notFuture)

/** The errors of the declared date rules, by API field name; `today` is the company's (YYYY-MM-DD). */
export function dateRuleErrors(fields: Record<string, Field | undefined>, values: Values, today: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const [key, field] of Object.entries(fields)) {
    if (field?.kind !== 'date') continue
    const value = asDate(values[key])
    if (!value) continue
    const rule = field as DateField
    const earliest = rule.notBefore ? asDate(values[rule.notBefore]) : null
    if (earliest && value < earliest) errors[apiName(key)] = [`${field.label} cannot be before the ${fields[rule.notBefore!]!.label.toLowerCase()}.`]
    else if (rule.notFuture && value > today) errors[apiName(key)] = [`${field.label} cannot be in the future.`]
  }
  return errors
}
