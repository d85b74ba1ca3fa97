import { STAFF_NAVIGATION } from '~/domain/navigation'
import { PERMISSIONS } from '~/domain/permissions'
import { RESOURCES } from '~/resources'
import { pagePathOf } from '~/resources/engine/view'
import { DEMO } from './support/api'
import { logIn, TITLES } from './support/auth'
import { expect, test } from './support/fixtures'

// The demo's Operations-only manager. Every page of a sidebar group whose permission they lack (its
// lists, its new and edit forms, the forms its links add with) answers 403 inside the staff shell:
// read from the navigation table and the resource registry, so a new resource is walked too.
// A page still to come is refused the same way: its group's permission decides, not whether it is built.
const operationsOnly = new Set(['operations'])
const refused = STAFF_NAVIGATION.filter((group) => group.permission && !operationsOnly.has(group.permission)).flatMap((group) => {
  const label = PERMISSIONS.find((p) => p.group === group.permission)!.label
  return group.links.flatMap((link) => {
    const resource = RESOURCES.find((r) => pagePathOf(r) === link.href)
    const pages = [link.href]
    if (resource?.methods.includes('create')) pages.push(`${link.href}new/`)
    if (resource?.methods.includes('update')) pages.push(`${link.href}00000000-0000-4000-8000-000000000000/edit/`)
    if (link.add) pages.push(link.add.href)
    return pages.map((path) => ({ path, label }))
  })
})

test('a manager without a group’s permission is refused each of its pages and forms, inside the shell', async ({ page }) => {
  test.setTimeout(300_000)
  expect(refused.map((r) => r.path)).toEqual(
    expect.arrayContaining(['/app/management-company/', '/app/fee-schedules/new/', '/app/property-managers/new/', '/app/maintenance-technicians/invite/']),
  )
  await logIn(page, DEMO.limited)
  await expect(page).toHaveTitle(TITLES.manager)
  // The pages are fetched as documents with the browser's session (how one looks and reads in the
  // browser, sidebar and all, is errors.spec.ts's test); each HTML answer must carry the shell and the refusal.
  let walked = 0
  for (const { path, label } of refused) {
    const response = await page.request.get(path)
    const html = await response.text()
    walked++
    const message = /data-testid="error-message">([^<]*)</.exec(html)?.[1] ?? null
    expect.soft(`${path} ${response.status()} ${html.includes('aria-label="Sidebar"')}`).toBe(`${path} 403 true`)
    // A page open to either of two groups names both ("the Management Company or Accounting permission").
    expect.soft(message, path).toMatch(new RegExp(`^You need the (.+ or )?${label}( or .+)? permission to do this\\.$`))
  }
  expect(walked).toBeGreaterThan(40)
})

test('a refused form answers 403 to its submit as well, and changes nothing', async ({ page }) => {
  await logIn(page, DEMO.limited)
  await expect(page).toHaveTitle(TITLES.manager)
  const response = await page.request.post('/app/management-company/', { form: { name: 'Taken over' }, maxRedirects: 0 })
  expect(response.status()).toBe(403)
})
