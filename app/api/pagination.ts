import { z } from '@hono/zod-openapi'
import { asc, desc, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import { fieldError } from './errors'

export const MAX_PAGE_SIZE = 1000

/** The list contract of every collection: `?page=&page_size=&ordering=&search=`. */
export const ListQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number.' }).int('Page must be a whole number.').min(1, 'Page must be 1 or more.').default(1),
  page_size: z.coerce
    .number({ error: 'Page size must be a whole number.' })
    .int('Page size must be a whole number.')
    .min(1, 'Page size must be at least 1.')
    .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}.`)
    .default(25),
  ordering: z.string().optional(),
  search: z.string().trim().max(200, 'Search must be at most 200 characters.').optional(),
})
export type ListQuery = z.infer<typeof ListQuery>

export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      count: z.number().int(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
      results: z.array(item),
    })
    .openapi(name)
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] }

/** Builds the envelope with `next`/`previous` links that keep every other query parameter. */
export function page<T>(c: Context, query: ListQuery, count: number, results: T[]): Page<T> {
  const link = (target: number) => {
    const url = new URL(c.req.url)
    url.searchParams.set('page', String(target))
    return url.pathname + url.search
  }
  const last = Math.max(1, Math.ceil(count / query.page_size))
  return {
    count,
    next: query.page < last ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, last)) : null,
    results,
  }
}

/**
 * `ordering=name,-created_at` against the columns a collection allows.
 * An unknown field is a 400 that names it, never silently ignored.
 */
export function orderBy(ordering: string | undefined, allowed: Record<string, AnyPgColumn | SQL>, fallback: string): SQL[] {
  const terms = (ordering || fallback).split(',').map((t) => t.trim()).filter(Boolean)
  return terms.map((term) => {
    const descending = term.startsWith('-')
    const name = descending ? term.slice(1) : term
    const column = allowed[name]
    if (!column) throw fieldError('ordering', `Cannot order by "${name}". Choose one of: ${Object.keys(allowed).join(', ')}.`)
    return descending ? desc(column) : asc(column)
  })
}

export const offsetOf = (query: ListQuery) => (query.page - 1) * query.page_size

export { containsPattern } from '~/db/like'

/** A stored search column (see searchColumn: lower case, read through its trigram index) contains the pattern. */
export function searchTextContains(column: AnyPgColumn, pattern: string | Placeholder) {
  return sql`${column} like lower(${pattern})`
}
