/**
 * Formatters are kept once made: making one costs far more than using it (tenths of a millisecond
 * each, on every page), and the time zones a server meets are few.
 */
function kept<Args extends string[]>(make: (...args: Args) => Intl.DateTimeFormat) {
  const made = new Map<string, Intl.DateTimeFormat>()
  return (...args: Args) => {
    const key = args.join('\u0000')
    let format = made.get(key)
    if (!format) {
      format = make(...args)
      made.set(key, format)
    }
    return format
  }
}

const dayFormat = kept((timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }))

/** Today's date (YYYY-MM-DD) in a time zone: a company's day, not the server's. */
export function todayIn(timeZone: string, now = new Date()) {
  try {
    return dayFormat(timeZone).format(now)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

const instantFormat = kept((timeZone: string) => new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone }))

/** An instant in a time zone ("Nov 27, 2026, 9:05 a.m."); components show one through <Instant>, in the company's zone. */
export function formatInstant(iso: string, timeZone: string) {
  return instantFormat(timeZone).format(new Date(iso))
}

const monthFormat = new Intl.DateTimeFormat('en-CA', { month: 'long', timeZone: 'UTC' })

/** The month of a date (YYYY-MM-DD) by its name: "November". */
export function monthName(date: string) {
  return monthFormat.format(new Date(`${date}T00:00:00Z`))
}
