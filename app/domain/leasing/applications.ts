import type { Choice } from '../reference-data'

/*
 * Rental application forms as pure rules (issue 17 item 2): the kinds of question, a form's public
 * address, and what makes a question whole.
 */

export const QUESTION_KINDS = [
  { value: 'TEXT', label: 'Short answer' },
  { value: 'LONG_TEXT', label: 'Long answer' },
  { value: 'CHOICE', label: 'Choice' },
  { value: 'DATE', label: 'Date' },
  { value: 'MONEY', label: 'Amount of money' },
  { value: 'FILE', label: 'File upload (ID, pay stubs)' },
  { value: 'YES_NO', label: 'Yes or no' },
] as const satisfies readonly Choice[]

/** A choice question's choices, one a line, blank lines and stray spaces dropped, each once. */
export const choicesOf = (text: string | null | undefined) => [
  ...new Set(
    (text ?? '')
      .split(/\r?\n/)
      .map((c) => c.trim())
      .filter(Boolean),
  ),
]

/** "maple-street-standard-application": the company's address and the form's name, as an address. */
export function formSlug(companySlug: string, name: string) {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${companySlug}-${words || 'application'}`.slice(0, 80).replace(/-+$/, '')
}

/** What is wrong with a form's questions, by line: a choice question needs two choices or more; only a choice question has choices. */
export function questionErrors(questions: readonly { kind?: unknown; choices?: unknown }[]) {
  const errors: Record<string, string[]> = {}
  questions.forEach((q, i) => {
    const choices = choicesOf(q.choices as string | null)
    if (q.kind === 'CHOICE' && choices.length < 2) errors[`lines[${i}].choices`] = [`Question ${i + 1}: give at least two choices, one a line.`]
    else if (q.kind !== 'CHOICE' && choices.length) errors[`lines[${i}].choices`] = [`Question ${i + 1}: only a choice question has choices.`]
  })
  return errors
}
