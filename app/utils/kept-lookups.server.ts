/**
 * Lookups kept for a short time, by key: the parallel API calls of one page, and the pages a person
 * opens one after another, share one query. The lookup itself is kept, so callers asking while it
 * is in flight wait for the same answer; a lookup that failed or found nothing is not remembered.
 * What this process changes it drops at once (`forget`); another app node sees a change within the
 * time kept.
 */
export function keptLookups<T>(ttlMs: number, maxEntries = 10_000) {
  type Entry = { lookup: Promise<T | null>; until: number; value?: T }
  const entries = new Map<string, Entry>()
  return {
    get(key: string, load: () => Promise<T | null>): Promise<T | null> {
      const now = Date.now()
      const kept = entries.get(key)
      if (kept && kept.until > now) return kept.lookup
      if (entries.size >= maxEntries) entries.clear()
      const entry: Entry = { lookup: load(), until: now + ttlMs }
      entries.set(key, entry)
      const drop = () => entries.get(key) === entry && entries.delete(key)
      entry.lookup.then((value) => (value ? (entry.value = value) : drop()), drop)
      return entry.lookup
    },
    /** Drops one key. */
    forget(key: string) {
      entries.delete(key)
    },
    /** Drops every entry whose key or found value matches (a user's logins, a user's sessions). */
    forgetWhere(matches: (key: string, value: T | undefined) => boolean) {
      for (const [key, entry] of entries) if (matches(key, entry.value)) entries.delete(key)
    },
  }
}
