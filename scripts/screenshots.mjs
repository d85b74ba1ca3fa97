// `npm run screenshots -- [base URL]`: captures the real screens shown on the public site
// (public/images/screens/*.webp) and its link-preview image (public/images/og-lintel.png) from a running
// Lintel with the demo company (`npm start` on a fresh data directory), in Debian's chromium.
// Nothing is written to the database: the import is only previewed.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '')
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const screens = path.join(root, 'public/images/screens')
mkdirSync(screens, { recursive: true })
const PASSWORD = 'lintel-demo'

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const encoder = await (await browser.newContext()).newPage()

/** Writes `png` as WebP at each width, scaled in the browser (no image tools needed). */
async function saveWebp(name, png, widths) {
  for (const width of widths) {
    const dataUrl = await encoder.evaluate(
      async ({ src, width }) => {
        const image = new Image()
        image.src = src
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = width
        canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth)
        const context = canvas.getContext('2d')
        context.imageSmoothingQuality = 'high'
        context.drawImage(image, 0, 0, canvas.width, canvas.height)
        return canvas.toDataURL('image/webp', 0.8)
      },
      { src: `data:image/png;base64,${png.toString('base64')}`, width },
    )
    writeFileSync(path.join(screens, `${name}-${width}.webp`), Buffer.from(dataUrl.split(',')[1], 'base64'))
    console.log(`  ${name}-${width}.webp`)
  }
}

async function signedIn(email, options) {
  const context = await browser.newContext({ baseURL: base, reducedMotion: 'reduce', ...options })
  const page = await context.newPage()
  await page.goto('/login/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return page
}

async function firstId(page, apiPath) {
  const login = await page.request.post('/api/login/', { data: { email: 'manager@demo.test', password: PASSWORD } })
  const { access } = await login.json()
  const list = await page.request.get(`/api/${apiPath}`, { headers: { authorization: `Bearer ${access}` } })
  return (await list.json()).results[0].id
}

// Staff screens: 1280 × 800, twice as sharp, saved at 1280 and 640 wide.
const staff = await signedIn('manager@demo.test', { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 })
const desktop = async (name, url, prepare) => {
  await staff.goto(url)
  if (prepare) await prepare(staff)
  await staff.waitForLoadState('networkidle')
  await saveWebp(name, await staff.screenshot(), [1280, 640])
}
await desktop('rental-units', '/app/rental-units/')
await desktop('journal-entries', '/app/accounting/journal-entries/')
await desktop('balance-sheet', '/app/reporting/balance-sheet/')
await desktop('income-statement', '/app/reporting/income-statement/')
await desktop('resident-detail', `/app/residents/${await firstId(staff, 'residents/?search=ahmed')}/`)
await desktop('property-owner', `/app/property-owners/${await firstId(staff, 'property-owners/?search=rideau')}/`)
await desktop('csv-import', '/app/residents/import/', async (page) => {
  await page.getByLabel('Or paste the rows, header first').fill(
    [
      'Tenant First Name,Tenant Last Name,Unit,Email Address,Move-in Date,Tenant Type',
      'Nadia,Okafor,1,nadia.okafor@example.com,2026-09-01,Current resident',
      'Luc,Tremblay,10,luc.tremblay@example.com,2026-10-01,Future resident',
      'Grace,Chen,999,grace.chen@example,2026-11-01,Current resident',
    ].join('\n'),
  )
  await page.getByRole('button', { name: 'Preview' }).click()
  await page.locator('table').first().waitFor()
  await page.locator('table').first().scrollIntoViewIfNeeded()
})

// Phone screens: 390 × 844, saved at 780 and 390 wide.
for (const [name, email] of [
  ['resident-center', 'resident@demo.test'],
  ['technician-area', 'tech@demo.test'],
]) {
  const phone = await signedIn(email, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  await phone.waitForLoadState('networkidle')
  await saveWebp(name, await phone.screenshot(), [780, 390])
}

// The link-preview image: 1200 × 630, drawn from HTML.
const og = await (await browser.newContext({ viewport: { width: 1200, height: 630 } })).newPage()
await og.setContent(`<body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;gap:28px;padding:0 96px;box-sizing:border-box;background:#0f172a;color:#fff;font-family:ui-sans-serif,system-ui,sans-serif">
  <div style="display:flex;align-items:center;gap:20px;font-size:56px;font-weight:700">
    <svg viewBox="0 0 24 24" width="72" height="72" fill="#60a5fa"><path d="M2 9h20v3H2zM5 12h3v10H5zM16 12h3v10h-3zM4 4h16l2 4H2z"/></svg>Lintel
  </div>
  <div style="font-size:64px;font-weight:700;line-height:1.1">Property management,<br>done correctly.</div>
  <div style="font-size:30px;color:#cbd5e1">Fast on any phone · free to self-host · an open REST API</div>
</body>`)
writeFileSync(path.join(root, 'public/images/og-lintel.png'), await og.screenshot())
console.log('  og-lintel.png')
await browser.close()
