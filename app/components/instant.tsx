import { useMatches } from 'react-router'
import { formatInstant } from '~/domain/dates'

type WithCompany = { me?: { company?: { time_zone?: string } } }

/**
 * The company's time zone, from the signed-in area's layout data (staff, resident or technician).
 * The server renders and the browser hydrates with the same zone, never the machine's own.
 */
export function useCompanyTimeZone() {
  const matches = useMatches()
  for (const match of matches) {
    const zone = (match.data as WithCompany | undefined)?.me?.company?.time_zone
    if (zone) return zone
  }
  return 'UTC'
}

/** An instant (created, last login, sent, finished…) as the company reads it: in its own time zone. */
export function Instant({ at }: { at: string | null | undefined }) {
  const timeZone = useCompanyTimeZone()
  if (!at) return <span className="text-muted-foreground">—</span>
  return <time dateTime={at}>{formatInstant(at, timeZone)}</time>
}
