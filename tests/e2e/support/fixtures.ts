import { createHash } from 'node:crypto'
import { mkdirSync, openSync, closeSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type BrowserContext, type Page, type Response, type TestInfo } from '@playwright/test'

/**
 * Every test that imports `test` from here gets an accessibility check of
 * every page it visits (DESIGN.md §8, §10): the test fails when axe reports a
 * violation of impact "serious" or "critical" on any of them (of any impact
 * where the test file asks for it with `test.use({ axeImpacts: 'any' })`).
 *
 * Pages are checked from snapshots, so the checks never race the test:
 * - every document the browser receives (the HTML as served, which with
 *   JavaScript off is the page);
 * - with JavaScript on, the rendered DOM after each client-side navigation;
 * - with JavaScript on, the page as it stands when the test ends (with it off,
 *   that is the document last served, checked already);
 * - whenever the test calls `axe.check()` (e.g. with a dialog open; live in
 *   the page with JavaScript on).
 * A snapshot is loaded, without the app's scripts and with the app's own
 * stylesheets, into a scratch page at the same URL and checked there.
 * (Chromium will not run axe inside a page whose JavaScript is disabled, and
 * nothing can be evaluated in a page while it is navigating.)
 *
 * A page is checked once per run for each shape it takes: its route (ids
 * aside), the names of its query parameters, and the elements, classes, roles
 * and ARIA states it is built of. An empty list and a full one, a form with
 * and without errors, a record whose badge changes colour: each is a shape of
 * its own and is checked; the same list showing other rows is not checked
 * again, whichever test, project or renderer (server or scripts) shows it.
 * Every check a test asks for with `axe.check()` runs.
 */

const SERIOUS = ['serious', 'critical']
const ANY = ['minor', 'moderate', 'serious', 'critical']

/** A directory every worker of the run shares, to claim each page shape once (made per run by playwright.config.ts). */
const claimedShapes = process.env.LINTEL_E2E_AXE_DIR ?? path.join(process.cwd(), 'test-results', 'axe-checked-shapes')

function shapeOf(url: string, html: string, impacts: string) {
  const address = new URL(url)
  const route = address.pathname
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f-]{27,}$/i.test(segment) || /^\d+$/.test(segment) ? ':id' : segment))
    .join('/')
  const tokens = new Set<string>()
  for (const [, tag] of html.matchAll(/<([a-z][a-z0-9-]*)/gi)) tokens.add(`<${tag.toLowerCase()}`)
  for (const [, classes] of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of classes.split(/\s+/)) tokens.add(`.${name}`)
  for (const [attribute] of html.matchAll(/\s(?:role|type)="[^"]*"|\saria-[a-z]+(?:="(?:true|false|page|step|location|dialog|listbox|menu)")?|\s(?:open|disabled|hidden|required)(?=[\s>=])/g))
    tokens.add(attribute.trim())
  const key = [impacts, route, [...new Set(address.searchParams.keys())].sort().join('&'), [...tokens].sort().join(' ')].join('\n')
  return createHash('sha256').update(key).digest('hex')
}

/** True for the first caller in the whole run (every worker, both projects) to claim this shape. */
let claimedShapesMade = false
function claim(shape: string) {
  if (!claimedShapesMade) {
    mkdirSync(claimedShapes, { recursive: true })
    claimedShapesMade = true
  }
  try {
    closeSync(openSync(path.join(claimedShapes, shape), 'wx'))
    return true
  } catch {
    return false
  }
}

export type AxeFinding = { url: string; title: string; rule: string; impact: string; help: string; targets: string[] }

export type Axe = {
  /** Checks the page as it is now (e.g. with a dialog open), on top of the automatic checks. */
  check(label?: string): Promise<void>
}

const stripScripts = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/<noscript\b[^>]*>[\s\S]*?<\/noscript>/gi, '')

/** axe as the checks run it: only violations are reported in full (passing rules' nodes would be collected and sent back for nothing). */
const axeOf = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] })

const titleOf = (html: string) => /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? ''

function describe(findings: AxeFinding[]) {
  return findings
    .map((f) => `  [${f.impact}] ${f.rule} on ${f.url} (“${f.title}”): ${f.help}\n      ${f.targets.slice(0, 5).join('\n      ')}`)
    .join('\n')
}

/**
 * The page snapshots are checked in: one per worker, kept from test to test (a browser context
 * and its renderer cost more to start than most checks), sized to each test's viewport.
 */
class ScratchPage {
  private context: BrowserContext | undefined
  private page: Page | undefined

  constructor(private readonly browser: Browser) {}

  async open(viewport: { width: number; height: number } | null) {
    if (!this.page || this.page.isClosed()) {
      this.context = await this.browser.newContext({ javaScriptEnabled: true, viewport, reducedMotion: 'reduce' })
      this.page = await this.context.newPage()
    } else if (viewport) {
      const size = this.page.viewportSize()
      if (size?.width !== viewport.width || size?.height !== viewport.height) await this.page.setViewportSize(viewport)
    }
    return this.page
  }

  /** After a check that failed midway, the next one starts from a new page. */
  async discard() {
    const context = this.context
    this.context = this.page = undefined
    await context?.close().catch(() => {})
  }
}

class Checker {
  readonly findings: AxeFinding[] = []
  readonly checked: string[] = []
  readonly problems: string[] = []
  private readonly seen = new Set<string>()
  private queue: Promise<void> = Promise.resolve()

  constructor(
    private readonly scratch: ScratchPage,
    private readonly options: { viewport: { width: number; height: number } | null; impacts: string[] },
  ) {}

  /** False, and noted, when a page of the same shape has been checked already in this run. */
  private firstOfShape(url: string, html: string, label: string) {
    if (claim(shapeOf(url, stripScripts(html), this.options.impacts.join(',')))) return true
    this.checked.push(`${url} (${label}; not checked again: same shape as a page checked already)`)
    return false
  }

  private record(url: string, title: string, violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
    for (const v of violations) {
      if (!v.impact || !this.options.impacts.includes(v.impact)) continue
      const targets = v.nodes.map((n) => n.target.join(' '))
      const key = `${new URL(url).pathname} ${v.id} ${targets.join('|')}`
      if (this.seen.has(key)) continue
      this.seen.add(key)
      this.findings.push({ url, title, rule: v.id, impact: v.impact, help: v.help, targets })
    }
  }

  /**
   * Queues a check of `html` as the page at `url`: the document as served, or as scripts rendered it.
   * `always` checks it even when a page of its shape has been checked already.
   */
  snapshot(url: string, html: string, label: string, always = false) {
    if (!always && !this.firstOfShape(url, html, label)) return
    this.queue = this.queue.then(async () => {
      try {
        const page = await this.scratch.open(this.options.viewport)
        const body = stripScripts(html)
        await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }))
        try {
          await page.goto(url, { waitUntil: 'load' })
          // The snapshot is judged as it first shows: a timed animation (a toast leaving after five
          // seconds) must not start halfway through a slow check.
          await page.evaluate(() => {
            for (const animation of document.getAnimations()) animation.pause()
          })
          const results = await axeOf(page).analyze()
          this.checked.push(`${url} (${label})`)
          this.record(url, titleOf(html), results.violations)
        } finally {
          await page.unroute(url)
        }
      } catch (error) {
        this.problems.push(`${url} (${label}): ${String(error)}`)
        await this.scratch.discard()
      }
    })
  }

  /** Checks a page in place (JavaScript on, nothing navigating). */
  async live(page: Page, label: string, always = false) {
    await this.queue
    if (!always && !this.firstOfShape(page.url(), await page.content(), label)) return
    // An element caught halfway through a CSS animation (a toast fading out after its five seconds)
    // is judged at its end state, not at whatever opacity the moment happened to give it. An
    // animation still waiting out its delay is held while axe reads the page (a check takes long
    // enough for a delay to run out halfway through it), so the page is checked as it shows now,
    // and let go again afterwards.
    await page.evaluate(() => {
      const held: Animation[] = []
      for (const animation of document.getAnimations()) {
        if (animation.playState !== 'running') continue
        const progress = animation.effect?.getComputedTiming().progress
        if (progress != null && progress > 0 && progress < 1) animation.finish()
        else {
          animation.pause()
          held.push(animation)
        }
      }
      ;(window as unknown as { __axeHeldAnimations?: Animation[] }).__axeHeldAnimations = held
    })
    let results: Awaited<ReturnType<AxeBuilder['analyze']>>
    try {
      results = await axeOf(page).analyze()
    } finally {
      await page
        .evaluate(() => {
          const box = window as unknown as { __axeHeldAnimations?: Animation[] }
          for (const animation of box.__axeHeldAnimations ?? []) animation.play()
          delete box.__axeHeldAnimations
        })
        .catch(() => {
          /* The page moved on; nothing left to let go. */
        })
    }
    this.checked.push(`${page.url()} (${label})`)
    this.record(page.url(), await page.title(), results.violations)
  }

  async done() {
    await this.queue
  }
}

function watch(page: Page, checker: Checker, javaScriptEnabled: boolean) {
  let documentUrl: string | null = null
  let generation = 0
  const pending: Promise<unknown>[] = []

  page.on('response', (response: Response) => {
    const request = response.request()
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return
    if (response.status() >= 300 && response.status() < 400) return
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) return
    documentUrl = response.url()
    pending.push(
      response.text().then(
        (html) => checker.snapshot(response.url(), html, `as served, ${response.status()}`),
        (error) => {
          // A document replaced at once (a reload, a script redirect) can no longer be read; the page that replaced it is checked.
          const gone = /navigated away|No resource with given identifier/.test(String(error))
          if (gone) checker.checked.push(`${response.url()} (not checked: replaced before it could be read)`)
          else checker.problems.push(`${response.url()}: could not read the document: ${String(error)}`)
        },
      ),
    )
  })

  // With JavaScript on, client-side navigations render new pages without a new document.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || !javaScriptEnabled) return
    const url = frame.url()
    const mine = ++generation
    if (url === documentUrl) {
      documentUrl = null
      return
    }
    pending.push(
      (async () => {
        // The URL changes first; the new route renders right after.
        await page.waitForLoadState('load')
        await page.waitForTimeout(250)
        if (mine !== generation || page.isClosed()) return
        // A reload or redirect may have begun in the meantime: a document still loading is
        // empty (no title, no lang) and is checked as served once it arrives, not here.
        const rendered = await page.evaluate(() =>
          document.readyState === 'complete' ? { url: location.href, html: `<!DOCTYPE html>${document.documentElement.outerHTML}` } : null,
        )
        if (!rendered || rendered.url !== url || mine !== generation) {
          checker.checked.push(`${url} (not checked: replaced before it could be read)`)
          return
        }
        checker.snapshot(url, rendered.html, 'rendered after a client-side navigation')
      })().catch(() => {
        /* The page moved on or closed; its next page is checked instead. */
      }),
    )
  })

  return async () => {
    // Each batch may queue more; wait until it is quiet.
    for (let seen = 0; seen < pending.length; ) {
      const batch = pending.slice(seen)
      seen = pending.length
      await Promise.all(batch)
    }
  }
}

export const test = base.extend<{ axe: Axe; axeImpacts: 'serious' | 'any' }, { axeScratch: ScratchPage }>({
  axeScratch: [
    async ({ browser }, use) => {
      const scratch = new ScratchPage(browser)
      await use(scratch)
      await scratch.discard()
    },
    { scope: 'worker' },
  ],
  /** The impacts that fail a test: serious and critical, or (on the public site) any at all. */
  axeImpacts: ['serious', { option: true }],
  axe: [
    async ({ page, axeScratch, javaScriptEnabled, viewport, axeImpacts }, use, testInfo: TestInfo) => {
      const js = javaScriptEnabled !== false
      const checker = new Checker(axeScratch, { viewport, impacts: axeImpacts === 'any' ? ANY : SERIOUS })
      const settled = watch(page, checker, js)

      await use({
        async check(label = 'checked by the test') {
          if (js) return checker.live(page, label, true)
          checker.snapshot(page.url(), await page.content(), label, true)
        },
      })

      // With JavaScript off the page at the end is the document last served, checked already.
      if (js && !page.isClosed() && page.url().startsWith('http')) {
        await settled()
        await checker.live(page, 'at the end of the test').catch((error) => checker.problems.push(`at the end: ${String(error)}`))
      }
      await settled()
      await checker.done()

      await testInfo.attach('axe-checked-pages', { body: checker.checked.join('\n') || '(none)', contentType: 'text/plain' })
      if (checker.findings.length) {
        await testInfo.attach('axe-violations', { body: JSON.stringify(checker.findings, null, 2), contentType: 'application/json' })
        throw new Error(`axe found ${checker.findings.length} ${axeImpacts === 'any' ? '' : 'serious or critical '}accessibility violation(s):\n${describe(checker.findings)}`)
      }
      if (checker.problems.length && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`axe could not check some pages:\n${checker.problems.join('\n')}`)
      }
    },
    { auto: true },
  ],
})

export { expect }
export type { Page }
