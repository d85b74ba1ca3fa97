import { todayIn } from '~/domain/dates'
import { useCompanyTimeZone } from './instant'

/** Today in the company's time zone (what a new document's date starts at). */
export function useCompanyToday() {
  return todayIn(useCompanyTimeZone())
}
