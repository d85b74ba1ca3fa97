/*
 * What domain code (the ledger, documents' services) says when it refuses: the
 * input is invalid, it conflicts with the state of things, the thing is not
 * there, or the actor may not do it. It knows nothing of HTTP; the API turns
 * these into its error answers in one place, and a job, an import or the
 * assistant can read them as they are.
 */

export type DomainErrorKind = 'invalid' | 'conflict' | 'notFound' | 'forbidden'

/** Messages per field, keyed by the API's field names; nested paths are named as a form names its inputs (`lines[3].amount`). */
export type FieldErrors = Record<string, string[]>

/** A nested field's key as a form names its input: `['lines', 3, 'amount']` → `lines[3].amount`. */
export function fieldKey(path: readonly PropertyKey[]) {
  return path.reduce<string>((key, part) => (typeof part === 'number' ? `${key}[${part}]` : key ? `${key}.${String(part)}` : String(part)), '')
}

export class DomainError extends Error {
  override readonly name = 'DomainError'
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message)
  }
}

export const invalid = (message: string, errors?: FieldErrors) => new DomainError('invalid', message, errors)
export const conflict = (message: string, errors?: FieldErrors) => new DomainError('conflict', message, errors)
export const notFound = (message = 'Not found.') => new DomainError('notFound', message)
export const forbidden = (message = 'You do not have permission to perform this action.') => new DomainError('forbidden', message)

/** Invalid input whose summary is its first field's first message (`fallback` when there is none). */
export function invalidFields(errors: FieldErrors, fallback: string) {
  return invalid(Object.values(errors)[0]?.[0] ?? fallback, errors)
}
