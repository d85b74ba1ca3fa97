import { unique } from './support/api'
import { expect, test, type Page } from './support/fixtures'

// Each page these tests visit, as served, is checked by axe (see support/fixtures.ts), here for a violation of any impact.
test.use({ axeImpacts: 'any' })

/** Every public page, with the title it must carry and its one h1. */
const PAGES = [
  { path: '/', title: 'Property management software | Lintel', h1: 'Property management, done correctly.' },
  { path: '/features/', title: 'Features | Lintel', h1: 'Features' },
  { path: '/pricing/', title: 'Pricing | Lintel', h1: 'Pricing' },
  { path: '/integrations/', title: 'Integrations | Lintel', h1: 'Integrations' },
  { path: '/faqs/', title: 'FAQs | Lintel', h1: 'Frequently asked questions' },
  { path: '/about/', title: 'About | Lintel', h1: 'About Lintel' },
  { path: '/blog/', title: 'Blog | Lintel', h1: 'The Lintel blog' },
  { path: '/blog/introducing-lintel/', title: 'Introducing Lintel: what works today, and what comes next | Lintel', h1: 'Introducing Lintel: what works today, and what comes next' },
  { path: '/careers/', title: 'Careers | Lintel', h1: 'Careers at Lintel' },
  { path: '/careers/sales-director/', title: 'Director of Sales | Lintel', h1: 'Director of Sales' },
  { path: '/referral-program/', title: 'Referral program | Lintel', h1: 'Referral program' },
  { path: '/open-api/', title: 'Open API | Lintel', h1: 'The Lintel API' },
  { path: '/property-accounting/', title: 'Property Accounting | Lintel', h1: 'Books that balance to the cent, for every property' },
  { path: '/company-financials/', title: 'Company Financials | Lintel', h1: 'Know what your management company earns' },
  { path: '/online-rent-collection/', title: 'Online Rent Collection | Lintel', h1: 'Rent that arrives and posts itself' },
  { path: '/tax-reporting/', title: 'Tax Reporting | Lintel', h1: 'Year-end figures your accountant can use' },
  { path: '/resident-center/', title: 'Resident Center | Lintel', h1: 'A place for residents, on their phones' },
  { path: '/owner-portal/', title: 'Owner Portal | Lintel', h1: 'Statements your owners can read themselves' },
  { path: '/maintenance-request-tracking/', title: 'Maintenance Request Tracking | Lintel', h1: 'From “the sink leaks” to a paid invoice' },
  { path: '/analytics-and-insights/', title: 'Analytics and Insights | Lintel', h1: 'See your portfolio without building a spreadsheet' },
  { path: '/rental-listings/', title: 'Rental Listings | Lintel', h1: 'Vacant units, listed in minutes' },
  { path: '/automatic-resident-screening/', title: 'Automatic Resident Screening | Lintel', h1: 'Screening, when it is done right' },
  { path: '/online-rental-application/', title: 'Online Rental Application | Lintel', h1: 'Applications without the paper' },
  { path: '/lease-e-signature/', title: 'Lease E-Signature | Lintel', h1: 'Leases signed from a phone' },
  { path: '/signup/', title: 'Sign up | Lintel', h1: 'Create your company account' },
  { path: '/login/', title: 'Log in | Lintel', h1: 'Log in to Lintel' },
]

/** Counts the scripts a page asks for, whatever their source. */
function countScripts(page: Page) {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  return scripts
}

async function expectHeaderAndFooter(page: Page) {
  const header = page.getByRole('banner')
  const nav = header.getByRole('navigation', { name: 'Main' })
  const links = await nav.getByRole('link').allTextContents()
  expect(links.map((l) => l.trim())).toEqual(['Features', 'Pricing', 'Integrations', 'FAQs', 'Log in'])
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('navigation')).toHaveCount(4)
  await expect(footer).toContainText('© 2024 Lintel')
}

for (const { path, title, h1 } of PAGES) {
  test(`${path} has its title, header, footer, description, canonical URL and Open Graph tags, and loads no script`, async ({ page, baseURL, javaScriptEnabled }) => {
    // A page that loads no script is the same page with JavaScript off: once, where a script would run, is enough.
    test.skip(!javaScriptEnabled, 'the page loads no script, so without JavaScript it is the page checked with it')
    const scripts = countScripts(page)
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    await expect(page.getByRole('main')).toBeVisible()
    await expectHeaderAndFooter(page)

    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description?.length).toBeGreaterThan(50)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}${path}`)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/images/og-lintel.png`)

    const html = await response!.text()
    expect(html).not.toMatch(/<script\b/i)
    expect(html).not.toMatch(/modulepreload/)
    await page.waitForLoadState('load')
    expect(scripts).toEqual([])
  })
}

test('public pages in their other states have no accessibility violation of any impact either', async ({ page }) => {
  // A refused pricing figure, one area of the API (the longest page of the site), a sent referral application.
  for (const path of ['/pricing/?units=abc', '/open-api/?area=properties', '/referral-program/?applied']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
  }
})

test('the skip link is the first stop of the keyboard and leads to the content, with a visible focus', async ({ page }) => {
  await page.goto('/pricing/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await expect(skip).toHaveAttribute('href', '#main')
  await expect(page.locator('main#main')).toHaveCount(1)
  await page.keyboard.press('Tab')
  const logo = page.getByRole('link', { name: 'Lintel home' })
  await expect(logo).toBeFocused()
  await expect(logo).not.toHaveCSS('outline-style', 'none')
})

test('feature pages say where their area stands and show a real screen with its description', async ({ page, request }) => {
  await page.goto('/features/')
  const areas = page.getByRole('region', { name: 'Every area of Lintel' })
  await expect(areas.getByRole('listitem')).toHaveCount(12)
  await areas.getByRole('link', { name: 'Resident Center' }).click()
  await expect(page).toHaveURL('/resident-center/')
  await expect(page.getByText('Partly available').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'What works today' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'What is being built' })).toBeVisible()
  const screen = page.getByRole('img', { name: /Resident Center Dashboard/ })
  await expect(screen).toHaveAttribute('loading', 'lazy')
  const image = await request.get((await screen.getAttribute('src'))!)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/webp')

  await page.goto('/owner-portal/')
  await expect(page.getByText('Being built').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'What Lintel already has' })).toBeVisible()
})

test('the pricing calculator prices a number of units, and names the field when it is not one', async ({ page }) => {
  await page.goto('/pricing/')
  await expect(page.getByRole('heading', { level: 3, name: 'Self-hosted' })).toBeVisible()
  await expect(page.getByText('Free', { exact: true })).toBeVisible()
  const units = page.getByLabel('Number of units you manage')
  await units.fill('120')
  await page.getByRole('button', { name: 'Show my price' }).click()
  await expect(page).toHaveURL(/units=120/)
  await expect(page.getByText('For 120 units, the Growth plan costs $120 a month.')).toBeVisible()
  await units.fill('twelve')
  await page.getByRole('button', { name: 'Show my price' }).click()
  await expect(page.getByText('Number of units must be a whole number, such as 120.')).toBeVisible()
  await expect(page.getByLabel('Number of units you manage')).toHaveValue('twelve')
  await expect(page.getByLabel('Number of units you manage')).toHaveAttribute('aria-invalid', 'true')
})

test('the FAQs answer data import, Canadian EFT and PAD, security, self-hosting and API access', async ({ page }) => {
  await page.goto('/faqs/')
  for (const question of [/AppFolio, Buildium, Yardi/, /Canadian EFT payments and pre-authorized debit/, /keep our data safe/, /our own server/, /Is there an API/]) {
    await expect(page.getByRole('heading', { level: 2, name: question })).toBeVisible()
  }
  await expect(page.getByRole('region', { name: /Canadian EFT/ })).toContainText('Not yet.')
})

test('the referral program form names each missing field, keeps what was typed, then confirms the application', async ({ page }) => {
  await page.goto('/referral-program/')
  const form = page.getByRole('region', { name: 'Apply to the referral program' })
  await form.getByLabel('Your name').fill('Robin Referrer')
  await form.getByLabel('E-mail').fill('not-an-email')
  await form.getByRole('button', { name: 'Apply' }).click()
  // Each problem is listed at the top, linked to its field, and said again under the field.
  for (const problem of ['Enter a valid e-mail address.', 'Tell us how you will refer property managers to Lintel.']) {
    await expect(form.getByRole('alert').getByRole('link', { name: problem })).toBeVisible()
    await expect(form.getByText(problem)).toHaveCount(2)
  }
  await expect(form.getByLabel('Your name')).toHaveValue('Robin Referrer')
  await expect(form.getByLabel('E-mail')).toHaveValue('not-an-email')

  await form.getByLabel('E-mail').fill(`${unique('referrer')}@example.test`)
  await form.getByLabel('Company').fill('Northern Property Advisors')
  await form.getByLabel('How will you refer property managers to Lintel?').fill('I advise small landlords in Ottawa.')
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\/referral-program\/\?applied/)
  await expect(page.getByText('Thank you for applying.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
})

test('the API page documents every endpoint of the live OpenAPI document by area, is searchable and offers the document', async ({ page, request }) => {
  // axe checks each of its pages afterwards, and the Properties area is long.
  test.setTimeout(150_000)
  const doc = await (await request.get('/api/openapi.json')).json()
  const operations = Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce((n, item) => n + Object.keys(item).length, 0)
  await page.goto('/open-api/')
  await expect(page.getByRole('heading', { level: 2, name: 'Authentication' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Errors' })).toBeVisible()
  await expect(page.getByText(`${operations} endpoints in`)).toBeVisible()
  const index = page.getByRole('region', { name: 'Endpoints' })
  await expect(index.locator('a[href*="?area="][href*="#get-"], a[href*="?area="][href*="#post-"], a[href*="?area="][href*="#put-"], a[href*="?area="][href*="#delete-"]')).toHaveCount(operations)
  await expect(page.getByRole('link', { name: 'Download the OpenAPI document (JSON)' })).toHaveAttribute('href', '/api/openapi.json')

  await page.getByRole('navigation', { name: 'API areas' }).getByRole('link', { name: /^Properties/ }).click()
  await expect(page).toHaveURL(/\?area=properties/)
  const residents = page.locator('#get-residents')
  await expect(residents.getByRole('heading', { level: 4 })).toContainText('/api/residents/')
  await expect(residents.getByText('resident_type', { exact: true })).toBeVisible()
  await expect(page.locator('#post-residents').getByText('first_name', { exact: true })).toBeVisible()
  await expect(page.locator('#schema-residentpage')).toBeVisible()

  await page.getByLabel('Search endpoints').fill('referral')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('1 endpoint matches “referral”.')).toBeVisible()
  await expect(page.locator('article[id]')).toHaveCount(1)
  const referral = page.locator('#post-referral-affiliates')
  await expect(referral).toContainText('No sign-in needed.')
  await expect(referral.getByText('referral_plan', { exact: true })).toBeVisible()
  await expect(page.locator('#schema-referralaffiliateapplication')).toBeVisible()
})

test('the blog lists dated posts, renders them from Markdown and has an RSS feed', async ({ page, request }) => {
  await page.goto('/blog/')
  const posts = page.getByRole('article')
  const count = await posts.count()
  expect(count).toBeGreaterThanOrEqual(3)
  await expect(posts.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)
  await page.getByRole('link', { name: 'Money is never a float' }).click()
  await expect(page).toHaveURL('/blog/money-is-never-a-float/')
  await expect(page.getByRole('heading', { level: 2, name: 'Whole cents, everywhere' })).toBeVisible()
  await expect(page.getByText('October 30, 2026')).toBeVisible()

  const feed = await request.get('/blog/rss.xml')
  expect(feed.headers()['content-type']).toContain('application/rss+xml')
  const xml = await feed.text()
  expect(xml).toContain('<title>Money is never a float</title>')
  expect(xml.match(/<item>/g)?.length).toBe(count)
  expect((await page.goto('/blog/no-such-post/'))?.status()).toBe(404)
})

test('sitemap.xml lists every public page and robots.txt points to it', async ({ request, baseURL }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const { path } of PAGES) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`)
  expect(sitemap).not.toContain('/app/')
  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toContain('text/plain')
  const text = await robots.text()
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  expect(text).toContain('Disallow: /app/')
})
