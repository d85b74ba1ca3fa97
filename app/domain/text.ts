/*
 * Control characters are never typed by a person, and PostgreSQL refuses NUL
 * outright; tab and line breaks are text, except in a single-line field.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]/

/** Whether `text` holds a control character; with `lineBreaks: false`, tab, LF and CR count as ones. */
export function hasControlCharacters(text: string, { lineBreaks = true }: { lineBreaks?: boolean } = {}) {
  return (lineBreaks ? CONTROL : CONTROL_OR_BREAK).test(text)
}

/*
 * Orders, made once: `localeCompare` with a locale or options makes a new collator for every
 * comparison, and a sort of ten thousand rows compares a hundred and forty thousand times.
 */
const wordOrder = new Intl.Collator('en')
const numberedOrder = new Intl.Collator('en', { numeric: true })

/** Text in dictionary order ("Bronson Court" before "Cedar Lane"). */
export const compareText = (a: string, b: string) => wordOrder.compare(a, b)

/** Labels with numbers in them in natural order: 2 before 10, "Unit 9" before "Unit 10". */
export const compareNumbered = (a: string, b: string) => numberedOrder.compare(a, b)

/** The label of a choice by its value (a status's, a type's), or the value itself when it is none of them; empty for none. */
export const labelOf = (options: readonly { value: string; label: string }[], value: unknown) => options.find((o) => o.value === value)?.label ?? (value == null ? '' : String(value))

/** What stands for a secret's hidden characters where it is shown: `•••••6789`. */
export const MASK = '•••••'
