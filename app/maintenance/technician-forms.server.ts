import { data, redirect } from 'react-router'
import { IDEMPOTENCY_FIELD } from '~/components/idempotency-key'
import type { FormReply } from '~/components/technician'
import type { Api } from '~/utils/api-client.server'
import { toastHeader } from '~/utils/toast.server'

/*
 * The technician pages' posts (no JavaScript needed): a form's fields are sent to the API; a refusal
 * comes back to the page with the values typed and the API's errors by field, a success redirects
 * (post, redirect, get) with a toast saying what was done.
 */

/** The form's text values, as typed (files left out), to put back in a refused form. */
export function typedValues(form: FormData) {
  const values: Record<string, string> = {}
  for (const [key, value] of form.entries()) if (typeof value === 'string') values[key] = value
  return values
}

/**
 * Posts `body` to the API as the technician; a refusal is the page's FormReply, a success a redirect
 * to `to`. A form sent twice (a double tap, a page sent again on a bad connection) carries the same
 * idempotency key, and the API answers the repeat without acting again. Not a photo's: its multipart
 * body is made anew on every send, so a repeat would not match the first.
 */
export async function postOrReply(api: Api, path: string, body: unknown, options: { form: string; values: Record<string, string>; to: string; done: string; renameErrors?: (key: string) => string }) {
  const idempotencyKey = body instanceof FormData ? undefined : options.values[IDEMPOTENCY_FIELD] || undefined
  const result = await api.send<{ id?: string }>('POST', path, body, { idempotencyKey })
  if (!result.ok) {
    const errors: Record<string, string[]> = {}
    for (const [key, messages] of Object.entries(result.error.errors ?? {})) errors[options.renameErrors ? options.renameErrors(key) : key] = messages
    // The API's summary names its fields (materials[0].quantity); beside the fields, people read their
    // own labels. What is said of the whole form (clocked in already) has no field to stand beside: it is the summary.
    const whole = errors.__all__ ?? []
    const fields = Object.keys(errors).some((key) => key !== '__all__')
    const detail = whole.length || fields ? [...whole, ...(fields ? ['Please correct the fields marked below.'] : [])].join(' ') : result.error.detail
    const reply: FormReply = { form: options.form, values: options.values, errors, detail }
    return data({ reply }, { status: typeof result.status === 'number' ? result.status : 500 })
  }
  const to = options.to.replace('{id}', String(result.data?.id ?? ''))
  throw redirect(to, { headers: { 'set-cookie': await toastHeader({ type: 'success', description: options.done }) } })
}
