import { useRouteLoaderData } from 'react-router'
import type { loader as staffLayoutLoader } from '~/routes/app/layout'

/** The company's currency, from the staff layout's data (no extra request). */
export function useCurrency() {
  return useRouteLoaderData<typeof staffLayoutLoader>('routes/app/layout')?.me.company.currency ?? 'CAD'
}
