import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '~/root'

export const IDEMPOTENCY_FIELD = '_idempotency_key'

/**
 * A hidden key for a form that creates something: the page's key plus the
 * form's name. Sending the form twice (a double click, a resubmitted page)
 * repeats the key, and the API answers the repeat without acting again.
 */
export function IdempotencyKey({ form }: { form: string }) {
  const formKey = useRouteLoaderData<typeof rootLoader>('root')?.formKey
  return formKey ? <input type="hidden" name={IDEMPOTENCY_FIELD} value={`${formKey}:${form}`} /> : null
}
