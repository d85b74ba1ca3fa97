import type { SubmissionResult } from '@conform-to/react'
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { HONEYPOT_FIELD } from '~/components/honeypot'
import { IDEMPOTENCY_FIELD } from '~/components/idempotency-key'
import { isNumberFormat, type NumberFormat } from '~/domain/money'

/**
 * Puts the API's field errors on the submitted form, keeping every value the
 * person typed (never the passwords), with the API's status.
 */
export function replyWithApiError(submission: Submission<unknown>, error: ErrorBody, status: number | 'unknown', options: { hide?: string[] } = {}) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    if (field === '__all__') formErrors.push(...messages)
    else fieldErrors[field] = messages
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(error.detail)
  return data(
    { result: submission.reply({ fieldErrors, formErrors, hideFields: options.hide }) as SubmissionResult<string[]> },
    { status: typeof status === 'number' ? status : 500 },
  )
}

export function reply(submission: Submission<unknown>, options: { hide?: string[] } = {}) {
  return data({ result: submission.reply({ hideFields: options.hide }) as SubmissionResult<string[]> }, { status: submission.status === 'error' ? 400 : 200 })
}

/** Bots fill every field; people never see the honeypot. */
export function isBot(formData: FormData) {
  return Boolean(formData.get(HONEYPOT_FIELD))
}

/** The form's idempotency key (see IdempotencyKey), to pass on to the API. */
export function idempotencyKeyOf(formData: FormData) {
  const key = formData.get(IDEMPOTENCY_FIELD)
  return typeof key === 'string' && key ? key : undefined
}

/** The number format a form's amounts were shown and typed in (its `number_format` field), so the server reads them as the person saw them. */
export function numberFormatOf(formData: FormData): NumberFormat {
  const chosen = formData.get('number_format')
  return isNumberFormat(chosen) ? chosen : 'en'
}
