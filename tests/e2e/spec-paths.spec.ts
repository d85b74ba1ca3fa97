import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, TestInfo } from '@playwright/test'
import { DEMO, DEMO_PASSWORD } from './support/api'
import { logIn, withoutJs } from './support/auth'
import { expect, test } from './support/fixtures'

/*
 * Every path SPEC.md §2 lists answers at that path: its page (200, titled "… | Lintel"), a
 * "coming later" page with its real title for what is not built yet, or — for one record, asked
 * for by an id that does not exist — a 404 that names the missing record, never the router's
 * "no page at this address".
 */

// The specification itself, beside the project as CI checks it out: a copy would drift from it.
const SPEC = readFileSync(path.join(import.meta.dirname, '../../../shared/SPEC.md'), 'utf8')
const ID = '{id}'

/** The bullets of one `### heading` of the section. */
function section(heading: string) {
  const start = SPEC.indexOf(`### ${heading}`)
  const end = SPEC.indexOf('\n### ', start + 4)
  return SPEC.slice(start, end === -1 ? undefined : end)
}

/** `a, b (also c), open and closed d` after `label:` up to the sentence's end → the pages of each name. */
function namesAfter(text: string, label: string) {
  const start = text.indexOf(label) + label.length
  const list = text.slice(start, text.indexOf('.', start))
  const names: { name: string; extra: string[] }[] = []
  for (const item of list.split(/,(?![^(]*\))/).map((s) => s.trim())) {
    const [, name, extra] = /^([^(]+?)\s*(?:\((.*)\))?$/.exec(item)!
    const both = /^open and closed (.+)$/.exec(name)
    const extras = (extra ?? '').replace(/^also\s+/, '').split(/\s+and\s+|,\s*/).filter(Boolean)
    if (both) names.push({ name: `open-${both[1]}`, extra: [] }, { name: `closed-${both[1]}`, extra: [] })
    else names.push({ name, extra: extras })
  }
  return names
}

const asPath = (base: string, extra: string) => `${base}${extra.replace(/^\//, '').replace(/^:\w+$/, ID)}/`

function staffPaths() {
  const text = section('Staff area under /app/')
  const paths: string[] = ['/app/', '/app/leasing/']
  for (const [label, base, withRecords] of [
    ['Resources: ', '/app/', true],
    ['Accounting under /app/accounting/: ', '/app/accounting/', true],
    ['Other pages: ', '/app/', false],
    ['Reports under /app/reporting/: ', '/app/reporting/', false],
  ] as const) {
    for (const { name, extra } of namesAfter(text, label)) {
      const own = `${base}${name}/`
      paths.push(own)
      if (withRecords) paths.push(`${own}new/`, `${own}${ID}/`)
      for (const more of extra) paths.push(asPath(own, more))
    }
  }
  return paths
}

/** `/rc/work-orders/ (new, :workOrderId)` → the list, its new page and one record. */
function areaPaths(heading: string, area: string) {
  const paths: string[] = []
  for (const match of section(heading).matchAll(new RegExp(`(${area}[\\w/:-]*)(?:\\s*\\(([^)]*)\\))?`, 'g'))) {
    const own = match[1].replace(/:\w+/g, ID)
    paths.push(own)
    for (const extra of (match[2] ?? '').replace(/^and\s+/, '').split(/,\s*/).filter(Boolean)) paths.push(asPath(own, extra.replace(/^and\s+/, '')))
  }
  return [...new Set(paths)]
}

function publicPaths(companySlug: string) {
  const paths = [...section('Public routes').matchAll(/(?<![\w])\/[\w:/-]*\//g)].map((m) => m[0])
  return paths.map((p) => p.replace(':propertyManagementCompanySlug', companySlug).replace(/:\w+/g, ID))
}

type Answer = { path: string; status: number; title: string; url: string; text: string }

async function ask(request: APIRequestContext, specPath: string): Promise<Answer> {
  const target = specPath.replaceAll(ID, randomUUID())
  const response = await request.get(target)
  const html = await response.text()
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html
  return { path: specPath, status: response.status(), title, url: new URL(response.url()).pathname, text: main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') }
}

/** What is wrong with the answer at a SPEC path, or null. */
function problem(answer: Answer) {
  const { path: specPath, status, title, url, text } = answer
  if (specPath.includes(ID)) {
    // A record that does not exist: the record's own 404 ("No such building."), not the router's.
    if (status !== 404 || !/No such [\w -]+\.|No company/.test(text)) return `${status} "${title}": ${text.slice(0, 160)}`
    return null
  }
  if (status !== 200) return `${status} "${title}"`
  if (!/^.+ \| Lintel$/.test(title) || title.startsWith('Page not found')) return `titled "${title}"`
  // Served at its own address, or at the one place the product keeps it.
  const canonical = specPath
    .replace(/^\/app\/(recurring-journal-entries|bank-deposits|purchase-orders)\//, '/app/accounting/$1/')
    .replace(/^\/app\/accounting\/transactions\/new\/$/, '/app/accounting/journal-entries/new/')
    // Record Expense is the expenses' own new page.
    .replace(/^\/app\/record-expense\/$/, '/app/accounting/expenses/new/')
  if (url !== specPath && url !== canonical && `${url}/` !== specPath) return `ended at ${url}`
  return null
}

async function check(request: APIRequestContext, paths: string[]) {
  expect(paths.length).toBeGreaterThan(0)
  const problems: string[] = []
  for (const p of paths) {
    const why = problem(await ask(request, p))
    if (why) problems.push(`${p}: ${why}`)
  }
  expect(problems, problems.join('\n')).toEqual([])
}

// The answers are the server's; the browser's JavaScript plays no part, so one project checks them.
const once = (testInfo: TestInfo) => test.skip(!withoutJs(testInfo.project.name), 'the server’s answers, checked once')

test('every staff path of SPEC.md §2 answers at its own path', async ({ page }, testInfo) => {
  once(testInfo)
  const paths = staffPaths()
  expect(paths).toEqual(expect.arrayContaining(['/app/notes/', '/app/documents/', '/app/recurring-journal-entries/', '/app/bank-deposits/new/']))
  expect(paths).toEqual(expect.arrayContaining(['/app/accounting/transactions/new/', '/app/maintenance-technicians/invite/', '/app/reporting/closed-work-orders/']))
  await logIn(page, DEMO.manager, DEMO_PASSWORD)
  await expect(page).toHaveURL('/app/')
  await check(page.request, paths)
})

test('every resident center and technician path of SPEC.md §2 answers at its own path', async ({ page }, testInfo) => {
  once(testInfo)
  const resident = areaPaths('Resident center (/rc/)', '/rc/')
  expect(resident).toEqual(expect.arrayContaining(['/rc/', '/rc/work-orders/new/', `/rc/leases/${ID}/`, `/rc/documents/${ID}/`]))
  await logIn(page, DEMO.resident, DEMO_PASSWORD)
  await expect(page).toHaveURL('/rc/')
  await check(page.request, resident)

  const technician = areaPaths('Maintenance technician area (/mt/)', '/mt/')
  expect(technician).toEqual(expect.arrayContaining(['/mt/', `/mt/time-tracking-entries/${ID}/`, '/mt/account/change-password/']))
  await page.context().clearCookies()
  await logIn(page, DEMO.technician, DEMO_PASSWORD)
  await expect(page).toHaveURL('/mt/')
  await check(page.request, technician)
})

test('every public path of SPEC.md §2 answers at its own path', async ({ request }, testInfo) => {
  once(testInfo)
  const me = await (await request.post('/api/login/', { data: { email: DEMO.manager, password: DEMO_PASSWORD } })).json()
  const company = await (await request.get('/api/property-management-company/', { headers: { authorization: `Bearer ${me.access}` } })).json()
  const paths = publicPaths(company.slug)
  expect(paths).toEqual(expect.arrayContaining(['/signup/', '/lease-e-signature/', `/listings/${ID}/`, `/${company.slug}/waitlist/`]))
  await check(
    request,
    paths.filter((p) => !p.startsWith('/accept-invitation/')),
  )
  // An invitation is a token, not a record: its page itself says an unknown one cannot be used.
  const invitation = await ask(request, `/accept-invitation/${ID}/`)
  expect([invitation.status, invitation.url, invitation.text]).toEqual([404, `/accept-invitation/${invitation.url.split('/')[2]}/`, expect.stringContaining('This invitation cannot be used')])
})
