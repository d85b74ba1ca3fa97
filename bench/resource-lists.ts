/**
 * The resource-list section of `npm run bench` (issue 3 item 10): the demo company grows to
 * 20,000 more rental units and 40,000 residents (one bulk INSERT … SELECT generate_series per
 * table, plus their palette entries), then
 *  (a) GET /api/residents/?search=…&ordering=last_name&page=3&page_size=25 vs the same query
 *      written by hand and run with postgres.js, sequential requests, mean and p95;
 *  (b) the SSR list page GET /app/residents/?search=… signed in, wrk at 10 connections, p95;
 *  (c) GET /api/command-palette/?search=… with realistic terms, sequential, p95.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'

export const UNITS = 20_000
export const RESIDENTS = 40_000
const BUILDINGS = 20
const REQUESTS = 200
const WARMUP_REQUESTS = 20
export const LIST_TERM = 'son'
const PALETTE_TERMS = ['an', 'son', 'mar', 'tre', 'wong', 'patel', 'gagn', 'li', 'kel', 'ahmed', 'emma', 'nguy', 'roy', 'sing', 'olivi', 'chen', 'mac', 'lee', 'ferr', 'bou'] as const

// The same kinds of names as the demo, so the searches find realistic numbers of rows.
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Charlotte', 'William', 'Amelia', 'Benjamin', 'Chloé', 'Gabriel', 'Sophie', 'Lucas', 'Maya', 'Ethan', 'Zoe', 'Jacob', 'Léa', 'Samuel', 'Priya', 'Arjun', 'Mei', 'Daniel', 'Fatima', 'Omar', 'Hannah', 'Mathieu', 'Isabelle', 'Owen', 'Aisha', 'Ryan', 'Nadia', 'Thomas', 'Jasmine', 'Marc', 'Émilie', 'Kwame', 'Grace', 'Hiroshi', 'Ananya', 'Connor', 'Rosa', 'Andrew', 'Leila', 'Patrick', 'Simone', 'Tyler', 'Camille', 'Jun']
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Smith', 'Brown', 'Wilson', 'MacDonald', 'Campbell', 'Anderson', 'Taylor', 'Martin', 'Thompson', 'Stewart', 'Patel', 'Singh', 'Nguyen', 'Wong', 'Li', 'Chen', 'Kim', 'Ahmed', 'Ali', "O'Brien", 'Murphy', 'Kelly', 'Fraser', 'Leblanc', 'Bergeron', 'Pelletier', 'Okafor', 'Mensah', 'Haddad', 'Rossi', 'Silva', 'Kowalski', 'Novak', 'Sato', 'Kaur', 'Sharma', 'Boateng', 'Ferreira', 'Lee', 'Robinson', 'Johnson']

export type Sql = ReturnType<typeof postgres>

/** The bench Lintel's embedded PostgreSQL (port from postmaster.pid, password beside it), as its owner. */
export function databaseUrl(dataDir: string) {
  const port = readFileSync(path.join(dataDir, 'db/postmaster.pid'), 'utf8').split('\n')[3].trim()
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim()
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lintel`
}

/** postgres.js on the bench Lintel's embedded PostgreSQL. */
export function connect(dataDir: string): Sql {
  return postgres(databaseUrl(dataDir), { max: 1, onnotice: () => {} })
}

/** Bulk-inserts the large portfolio into the demo company; returns its id and the seconds it took. */
export async function seedLargePortfolio(sql: Sql) {
  const started = performance.now()
  const [company] = await sql<{ id: string }[]>`select id from companies where slug = 'maple'`
  await sql.begin(async (tx) => {
    const [property] = await tx<{ id: string }[]>`
      insert into property_groups (company_id, name, property_type) values (${company.id}, 'Bench Towers', 'RESIDENTIAL') returning id`
    await tx`
      insert into buildings (company_id, property_group_id, name, floors)
      select ${company.id}, ${property.id}, 'Bench Tower ' || g, 25 from generate_series(1, ${BUILDINGS}) g`
    await tx`
      insert into rental_units (company_id, building_id, unit_number, unit_type, status, bedrooms, bathrooms, area_sq_ft, market_rent)
      select ${company.id}, b.id, 'T' || lpad(b.n::text, 2, '0') || '-' || lpad(u::text, 4, '0'), 'APARTMENT',
             case when u % 17 = 0 then 'VACANT' else 'OCCUPIED' end, 1 + u % 3, 1 + (u % 2) * 0.5, 550 + (u % 5) * 120, 150000 + (u % 9) * 10000
      from (select id, row_number() over (order by name) as n from buildings where company_id = ${company.id} and name like 'Bench Tower %') b,
           generate_series(1, ${UNITS / BUILDINGS}) u`
    await tx`
      insert into residents (company_id, resident_type, first_name, last_name, email, phone, rental_unit_id, move_in_date)
      select ${company.id}, case when g % 20 = 0 then 'FORMER_RESIDENT' else 'CURRENT_RESIDENT' end, f, l,
             lower(translate(f || '.' || l, 'éÉôç''', 'eEoc')) || g || '@example.com', '613-555-' || lpad((g % 10000)::text, 4, '0'),
             (select id from rental_units where company_id = ${company.id} and unit_number = units.number limit 1), date '2020-01-01' + (g % 1500)
      from (select g, (${FIRST}::text[])[1 + (g * 7919) % ${FIRST.length}] as f, (${LAST}::text[])[(1 + (g::bigint * 104729) % ${LAST.length})::int] as l,
                   'T' || lpad((1 + ((g - 1) / 2) / ${UNITS / BUILDINGS})::text, 2, '0') || '-' || lpad((1 + ((g - 1) / 2) % ${UNITS / BUILDINGS})::text, 4, '0') as number
            from generate_series(1, ${RESIDENTS}) g) units`
    await tx`
      insert into search_entries (company_id, resource, record_id, name, keywords)
      select company_id, 'rental-units', id, label, '' from rental_units where company_id = ${company.id} and unit_number like 'T%-%'
      union all
      select company_id, 'residents', id, first_name || ' ' || last_name, concat_ws(E'\\n', email, phone, regexp_replace(phone, '\\D', '', 'g'))
      from residents where company_id = ${company.id} and email like '%@example.com' and email ~ '\\d@'
      on conflict do nothing`
  })
  // Vacuumed as well as analyzed, as after any bulk load (and as the ledger's million lines are): the
  // new rows' trigram entries would otherwise wait in the index's pending list, read on every search,
  // until autovacuum came by in the middle of a measurement.
  for (const table of ['rental_units', 'residents', 'search_entries']) await sql.unsafe(`vacuum analyze ${table}`)
  await sql`analyze`
  const [counts] = await sql<{ units: number; residents: number; entries: number }[]>`
    select (select count(*)::int from rental_units where company_id = ${company.id}) as units,
           (select count(*)::int from residents where company_id = ${company.id}) as residents,
           (select count(*)::int from search_entries where company_id = ${company.id}) as entries`
  return { companyId: company.id, seconds: (performance.now() - started) / 1000, counts }
}

export type Timings = { mean: number; p95: number; n: number }

function summarize(ms: number[]): Timings {
  const sorted = [...ms].sort((a, b) => a - b)
  return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p95: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)], n: ms.length }
}

/** Runs `once` sequentially, WARMUP_REQUESTS times unmeasured, then REQUESTS times measured (ms each). */
async function sequential(once: (i: number) => Promise<void>): Promise<Timings> {
  for (let i = 0; i < WARMUP_REQUESTS; i++) await once(i)
  const ms: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now()
    await once(i)
    ms.push(performance.now() - t)
  }
  return summarize(ms)
}

async function getJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers })
  const body = await response.text()
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`)
  return JSON.parse(body) as unknown
}

/** The residents list as someone would write it by hand: the same search (the stored search column, through its trigram index residents_search_idx), order, page and unit label, with the count. */
function handWrittenList(sql: Sql, companyId: string, term: string) {
  const pattern = `%${term}%`
  return sql`
    select r.*, u.unit_number as rental_unit_label, count(*) over () as total
    from residents r left join rental_units u on u.id = r.rental_unit_id
    where r.company_id = ${companyId} and r.search_text like lower(${pattern})
    order by r.last_name, r.id
    limit 25 offset 50`
}

export async function measureListApi(base: string, headers: Record<string, string>, sql: Sql, companyId: string) {
  const url = `${base}/api/residents/?search=${LIST_TERM}&ordering=last_name&page=3&page_size=25`
  const first = (await getJson(url, headers)) as { count: number; results: { last_name: string }[] }
  const hand = await handWrittenList(sql, companyId, LIST_TERM)
  if (first.results.length !== 25 || Number(hand[0].total) !== first.count || hand[0].last_name !== first.results[0].last_name) {
    throw new Error(`the API and the hand-written query disagree: API count ${first.count}, first ${first.results[0]?.last_name}; SQL count ${hand[0]?.total}, first ${hand[0]?.last_name}`)
  }
  const api = await sequential(async () => void (await getJson(url, headers)))
  const direct = await sequential(async () => void (await handWrittenList(sql, companyId, LIST_TERM)))
  return { api, direct, count: first.count }
}

export async function measurePalette(base: string, headers: Record<string, string>) {
  let matched = 0
  const timings = await sequential(async (i) => {
    const entries = (await getJson(`${base}/api/command-palette/?search=${encodeURIComponent(PALETTE_TERMS[i % PALETTE_TERMS.length])}`, headers)) as unknown[]
    matched += entries.length
  })
  return { ...timings, terms: PALETTE_TERMS.length, meanEntries: matched / (REQUESTS + WARMUP_REQUESTS) }
}

/**
 * EXPLAIN ANALYZE of the queries behind a failing target, for the report: the residents lists are
 * built by the resource engine itself (listRecords, its SQL captured by a logger), for the API's
 * request and for the list page's (which adds the page's default filter), so the plan shown is the
 * one Lintel runs, not the hand-written baseline's.
 */
export async function explain(sql: Sql, companyId: string, what: 'list' | 'palette') {
  const plan = async (query: string, params: unknown[]) =>
    (await sql.unsafe(`explain (analyze, buffers) ${query}`, params as never[])).map((r) => String(r['QUERY PLAN'])).join('\n')
  if (what === 'palette') return plan('select resource, record_id, name from search_entries where company_id = $1 and search_text like lower($2) order by name limit 50', [companyId, '%an%'])
  const [{ drizzle }, schema, { listQuerySchema, listRecords }, { residentsResource }] = await Promise.all([
    import('drizzle-orm/postgres-js'),
    import('~/db/schema'),
    import('~/resources/engine/api.server'),
    import('~/resources/properties'),
  ])
  const captured: { query: string; params: unknown[] }[] = []
  const db = drizzle(sql, { schema, casing: 'snake_case', logger: { logQuery: (query, params) => void captured.push({ query, params }) } })
  const requests = {
    [`GET /api/residents/?search=${LIST_TERM}&ordering=last_name&page=3&page_size=25`]: { search: LIST_TERM, ordering: 'last_name', page: '3', page_size: '25' },
    [`GET /app/residents/?search=${LIST_TERM}`]: { search: LIST_TERM, ...residentsResource.defaultFilters },
  }
  const sections: string[] = []
  for (const [request, params] of Object.entries(requests)) {
    captured.length = 0
    await listRecords(db as never, companyId, residentsResource as never, listQuerySchema(residentsResource as never).parse(params) as never)
    for (const { query, params: values } of captured) sections.push(`${request}\n${query}\n\n${await plan(query, values)}`)
  }
  return sections.join('\n\n')
}
