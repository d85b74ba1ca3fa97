import { keptLookups } from '~/utils/kept-lookups.server'

/**
 * Answers about a company that every page asks for (the shell's `auth/me/`), kept for two seconds
 * per company and key: a person opening pages one after another, and a page's parallel calls, read
 * them once. A write through this process drops its company's answers as it commits (`companyScope`),
 * and a write across companies (an accepted invitation, a sign-up) drops them all (`acrossCompanies`),
 * so the page a form redirects to shows the change. Another app node sees a change within the two
 * seconds, as it sees a changed permission (the principal is kept the same way).
 */
const byCompany = new Map<string, ReturnType<typeof keptLookups<object>>>()
/** Companies with answers kept at once, at most: beyond it, everything is dropped (a miss is only a query). */
const MAX_COMPANIES = 10_000

export function keptAnswer<T extends object>(companyId: string, key: string, load: () => Promise<T | null>): Promise<T | null> {
  let answers = byCompany.get(companyId)
  if (!answers) {
    if (byCompany.size >= MAX_COMPANIES) byCompany.clear()
    byCompany.set(companyId, (answers = keptLookups<object>(2_000, 1_000)))
  }
  return answers.get(key, load) as Promise<T | null>
}

/** Drops what is kept about one company, or (no company named) about every company: on every write, so in one step. */
export function companyChanged(companyId?: string) {
  if (companyId === undefined) byCompany.clear()
  else byCompany.delete(companyId)
}
