import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HTTPException } from 'hono/http-exception'
import { z } from '@hono/zod-openapi'
import { DomainError, fieldKey, type DomainErrorKind } from '~/domain/errors'

/** The one error body of the API (DESIGN.md §5). */
export const ErrorBody = z
  .object({
    detail: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('Error')
export type ErrorBody = z.infer<typeof ErrorBody>

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail)
  }
  toJSON(): ErrorBody {
    return this.errors ? { detail: this.detail, errors: this.errors } : { detail: this.detail }
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) => new ApiError(400, detail, errors)
export const fieldError = (field: string, message: string) => new ApiError(400, message, { [field]: [message] })
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new ApiError(401, detail)
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, detail)
export const notFound = (detail = 'Not found.') => new ApiError(404, detail)
export const conflict = (detail: string, errors?: Record<string, string[]>) => new ApiError(409, detail, errors)
export const unprocessable = (detail: string) => new ApiError(422, detail)
export const tooManyRequests = (detail: string) => new ApiError(429, detail)

/** Turns zod issues into `{ field: [messages] }`, nested paths named as the forms name their inputs (`lines[3].amount`). */
export function fieldErrorsFrom(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Each unknown field is named on its own, so a client sees which one it misspelt.
      for (const unknown of issue.keys) (errors[fieldKey([...issue.path, unknown])] ??= []).push(`${unknown} is not a field this accepts.`)
      continue
    }
    const key = issue.path.length ? fieldKey(issue.path) : '__all__'
    ;(errors[key] ??= []).push(issue.message)
  }
  return errors
}

export function validationError(error: z.ZodError) {
  const errors = fieldErrorsFrom(error)
  const fields = Object.keys(errors).filter((k) => k !== '__all__')
  const detail = fields.length ? `Please correct the highlighted fields: ${fields.join(', ')}.` : (errors.__all__?.[0] ?? 'Invalid input.')
  return badRequest(detail, errors)
}

/** The status each kind of domain refusal answers with. */
const DOMAIN_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = { invalid: 400, conflict: 409, notFound: 404, forbidden: 403 }

export function handleError(error: Error, c: Context) {
  if (error instanceof ApiError) return c.json(error.toJSON(), error.status)
  if (error instanceof DomainError) {
    const status = DOMAIN_STATUS[error.kind]
    return c.json(new ApiError(status, error.message, error.errors).toJSON(), status)
  }
  if (error instanceof HTTPException) {
    // Hono raises these for unreadable bodies; they are the client's fault, not ours.
    return c.json({ detail: error.message || 'Bad request.' }, error.status as ContentfulStatusCode)
  }
  // PostgreSQL's data exceptions (class 22: NUL bytes, dates or numbers out of range, text too long) are the
  // input's fault; validation should have named the field first, and this keeps a miss from becoming a 500.
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code
  if (typeof code === 'string' && code.startsWith('22')) return c.json({ detail: 'A value in this request is malformed or out of range.' }, 400)
  // Two requests racing to create the same unique thing: the one that lost is told so, as if it had come second.
  if (code === '23505') return c.json({ detail: 'This already exists; it was created by another request at the same moment.' }, 409)
  console.error(error)
  return c.json({ detail: 'Something went wrong on our side. Please try again.' }, 500)
}
