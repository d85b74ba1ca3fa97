import { data } from 'react-router'
import type { Page } from '~/components/list'
import type { ErrorBody } from '~/components/reporting/statement'
import { requireSession, type PageArgs } from '~/utils/api-client.server'

/**
 * A leasing page's data (vacancies, expiring leases, the overview): what the API answers for the
 * filters in the page's URL, with `fixed` ones of its own (the window of an expiring-leases page),
 * or the API's complaint about a filter, shown beside the form; and the properties to filter by.
 */
export async function loadLeasingPage<T>(page: PageArgs, path: string, keys: string[], fixed: Record<string, string> = {}) {
  const { api } = await requireSession(page)
  const params = new URLSearchParams()
  for (const key of keys) {
    const value = page.url.searchParams.get(key)
    if (value) params.set(key, value)
  }
  for (const [key, value] of Object.entries(fixed)) params.set(key, value)
  const [result, properties] = await Promise.all([api.send<T>('GET', `${path}/?${params}`), api.get<Page<{ id: string; name: string }>>('property-groups/?page_size=1000')])
  // Not allowed or not signed in is the error page's business; a bad filter is the form's.
  if (!result.ok && result.status !== 400) throw data(result.error, { status: typeof result.status === 'number' ? result.status : 500 })
  return {
    answer: result.ok ? result.data : null,
    error: result.ok ? null : (result.error as ErrorBody),
    values: Object.fromEntries(keys.map((k) => [k, page.url.searchParams.get(k)])) as Record<string, string | null>,
    properties: properties.results.map((p) => ({ value: p.id, label: p.name })),
  }
}
