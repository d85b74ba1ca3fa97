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
