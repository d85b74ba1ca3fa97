import { expect, test } from './support/fixtures'
import { registerCompany, unique } from './support/api'
import { logIn } from './support/auth'

test('sending the invitation form twice invites the technician once', async ({ page, request }) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)
  await page.goto('/app/maintenance-technicians/invite/')
  const email = `${unique('twice')}@example.test`
  await page.getByLabel('First name').fill('Dana')
  await page.getByLabel('Last name').fill('Double')
  await page.getByLabel('E-mail').fill(email)
  // What a double click (or a resubmitted page) sends: the same form, twice, from the same page.
  const form = page.locator('form:has(button:text("Send invitation"))')
  const fields = await form.evaluate((element) => Object.fromEntries(new FormData(element as HTMLFormElement) as unknown as Iterable<[string, string]>))
  const [first, second] = await Promise.all([
    page.request.post('/app/maintenance-technicians/invite/', { form: fields, maxRedirects: 0 }),
    page.request.post('/app/maintenance-technicians/invite/', { form: fields, maxRedirects: 0 }),
  ])
  expect([first.status(), second.status()]).toEqual([302, 302])
  expect(second.headers().location).toBe(first.headers().location)
  const list = await request.get(`/api/maintenance-technicians/?search=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${company.token}` } })
  expect((await list.json()).count).toBe(1)
})
