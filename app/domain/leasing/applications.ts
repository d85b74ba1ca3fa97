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

export const APPLICANT_ROLES = [
  { value: 'APPLICANT', label: 'Applicant' },
  { value: 'CO_APPLICANT', label: 'Co-applicant' },
  { value: 'GUARANTOR', label: 'Guarantor' },
  { value: 'OCCUPANT', label: 'Occupant (not signing)' },
] as const satisfies readonly Choice[]

export type ApplicantRole = (typeof APPLICANT_ROLES)[number]['value']

/** The role an applicant takes on the lease an approval drafts. */
export const LEASE_ROLE_OF: Record<ApplicantRole, 'PRIMARY' | 'CO_TENANT' | 'GUARANTOR' | 'OCCUPANT'> = {
  APPLICANT: 'PRIMARY',
  CO_APPLICANT: 'CO_TENANT',
  GUARANTOR: 'GUARANTOR',
  OCCUPANT: 'OCCUPANT',
}

export const SUBMISSION_STATUSES = [
  { value: 'SUBMITTED', label: 'Submitted' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'DECLINED', label: 'Declined' },
] as const satisfies readonly Choice[]

/** The most co-applicants, guarantors and occupants one public application takes beside its applicant. */
export const MAX_OTHER_APPLICANTS = 5

export type Question = { id: string; section: string; label: string; kind: string; required: boolean; choices: string | null }

/** An answer as kept on the application: the question as it was asked, and what was answered (a file's document id for an upload). */
export type Answer = { question_id: string; section: string; question: string; kind: string; answer: string | null; document_id: string | null }

/** What a question's answer looks like when it is wrong: said in the applicant's words, with the question's number. */
export const answerKey = (questionId: string) => `answers.${questionId}`

/**
 * The answers a form's questions were given, checked: a required question answered, a choice one
 * of its choices, a date a date, an amount an amount, yes or no one of those. `given` holds what
 * was sent by question id (text, or for a file question whether a file came with it). Returns the
 * answers in the form's order and the errors by `answers.{question id}`.
 */
export function checkAnswers(questions: readonly Question[], given: Record<string, string | undefined>, files: ReadonlySet<string>) {
  const errors: Record<string, string[]> = {}
  const answers: Answer[] = []
  for (const q of questions) {
    const raw = (given[q.id] ?? '').trim()
    const key = answerKey(q.id)
    const wrong = (message: string) => (errors[key] = [message])
    if (q.kind === 'FILE') {
      if (q.required && !files.has(q.id)) wrong(`${q.label}: choose a file.`)
      answers.push({ question_id: q.id, section: q.section, question: q.label, kind: q.kind, answer: null, document_id: null })
      continue
    }
    if (!raw) {
      if (q.required) wrong(`${q.label}: ${q.kind === 'CHOICE' || q.kind === 'YES_NO' ? 'choose an answer' : 'this question needs an answer'}.`)
      answers.push({ question_id: q.id, section: q.section, question: q.label, kind: q.kind, answer: null, document_id: null })
      continue
    }
    let answer = raw
    if (q.kind === 'CHOICE' && !choicesOf(q.choices).includes(raw)) wrong(`${q.label}: choose one of the answers given.`)
    else if (q.kind === 'YES_NO') {
      if (raw !== 'YES' && raw !== 'NO') wrong(`${q.label}: answer yes or no.`)
    } else if (q.kind === 'DATE') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) wrong(`${q.label}: a date like 2031-05-01.`)
    } else if (q.kind === 'MONEY') {
      const plain = raw.replace(/[$,\s]/g, '')
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) wrong(`${q.label}: an amount like 4250.00.`)
      else answer = Number(plain).toFixed(2)
    } else if (raw.length > (q.kind === 'LONG_TEXT' ? 5000 : 500)) wrong(`${q.label}: at most ${q.kind === 'LONG_TEXT' ? 5000 : 500} characters.`)
    answers.push({ question_id: q.id, section: q.section, question: q.label, kind: q.kind, answer, document_id: null })
  }
  return { answers, errors }
}

/** An answer as a person reads it: Yes or No, an amount with its dollar sign, a file's name. */
export function answerText(answer: Pick<Answer, 'kind' | 'answer'>, fileName?: string | null) {
  if (answer.kind === 'FILE') return fileName ?? '—'
  if (answer.answer === null) return '—'
  if (answer.kind === 'YES_NO') return answer.answer === 'YES' ? 'Yes' : 'No'
  if (answer.kind === 'MONEY') return `$${Number(answer.answer).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  return answer.answer
}

/** The last day of a year's term from `start` (2031-05-01 → 2032-04-30). */
export function yearTermEnd(start: string) {
  const day = new Date(`${start}T00:00:00Z`)
  day.setUTCFullYear(day.getUTCFullYear() + 1)
  day.setUTCDate(day.getUTCDate() - 1)
  return day.toISOString().slice(0, 10)
}

/** "Ada Lovelace · 102 · Bronson Court": who applied, for which home. */
export const submissionLabel = (applicant: string, unit: string | null) => [applicant, unit].filter(Boolean).join(' · ')

export const SUBMISSION_SOURCES = [
  { value: 'PUBLIC', label: 'On the public form' },
  { value: 'STAFF', label: 'Entered by staff' },
] as const satisfies readonly Choice[]

/** A person's place on the public form, as sent. */
type PersonSent = { role?: string; first_name?: string; last_name?: string; email?: string; phone?: string; monthly_income?: string; employer?: string } | undefined

/** A place for a person left empty: the page offers room for more people than most bring. */
export const isBlankPerson = (person: PersonSent) => !person || Object.values(person).every((v) => v === undefined || v === '')

/**
 * What is missing of the people on an application, by `applicants[i].field`: the first is the
 * applicant, named and with an e-mail for the receipt; each other place filled in is a
 * co-applicant, guarantor or occupant, named, with an e-mail unless an occupant (who does not sign).
 */
export function peopleErrors(people: readonly PersonSent[]) {
  const errors: Record<string, string[]> = {}
  const list = people.length ? people : [undefined]
  list.forEach((person, i) => {
    if (i > 0 && isBlankPerson(person)) return
    const p = person ?? {}
    const wrong = (field: string, message: string) => (errors[`applicants[${i}].${field}`] = [message])
    const who = i === 0 ? 'your' : 'their'
    if (!p.first_name) wrong('first_name', `Enter ${who} first name.`)
    if (!p.last_name) wrong('last_name', `Enter ${who} last name.`)
    if (i === 0 && !p.email) wrong('email', 'Enter your e-mail address: your receipt goes there.')
    if (i > 0 && !p.role) wrong('role', 'Choose a role: co-applicant, guarantor or occupant.')
    if (i > 0 && p.role === 'APPLICANT') wrong('role', 'Only the first person is the applicant: choose co-applicant, guarantor or occupant.')
    if (i > 0 && p.role && p.role !== 'OCCUPANT' && !p.email) wrong('email', 'Enter their e-mail address: co-applicants and guarantors sign the lease.')
  })
  return errors
}
