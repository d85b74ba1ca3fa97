import { useRouteLoaderData } from 'react-router'
import { todayIn } from '~/domain/dates'
import type { loader as staffLayoutLoader } from '~/routes/app/layout'

/** Today in the company's time zone (what a new document's date starts at), from the staff layout's data. */
export function useCompanyToday() {
  return todayIn(useRouteLoaderData<typeof staffLayoutLoader>('routes/app/layout')?.me.company.time_zone ?? 'UTC')
}
