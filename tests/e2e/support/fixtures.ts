import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type BrowserContext, type Page, type Response, type TestInfo } from '@playwright/test'

/**
 * Every test that imports `test` from here gets an accessibility check of
 * every page it visits (DESIGN.md §8, §10): the test fails when axe reports a
 * violation of impact "serious" or "critical" on any of them.
 *
 * Pages are checked from snapshots, so the checks never race the test:
 * - every document the browser receives (the HTML as served, which with
 *   JavaScript off is the page);
 * - with JavaScript on, the rendered DOM after each client-side navigation;
 * - the page as it stands when the test ends, and whenever the test calls
 *   `axe.check()` (e.g. with a dialog open; live in the page with JavaScript on).
 * A snapshot is loaded, without the app's scripts and with the app's own
 * stylesheets, into a scratch page at the same URL and checked there.
 * (Chromium will not run axe inside a page whose JavaScript is disabled, and
 * nothing can be evaluated in a page while it is navigating.)
 */

const BLOCKING = new Set(['serious', 'critical'])

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

const titleOf = (html: string) => /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? ''

function describe(findings: AxeFinding[]) {
  return findings
    .map((f) => `  [${f.impact}] ${f.rule} on ${f.url} (“${f.title}”): ${f.help}\n      ${f.targets.slice(0, 5).join('\n      ')}`)
    .join('\n')
}

class Checker {
  readonly findings: AxeFinding[] = []
  readonly checked: string[] = []
  readonly problems: string[] = []
  private readonly seen = new Set<string>()
  private queue: Promise<void> = Promise.resolve()
  private scratchContext: BrowserContext | undefined
  private scratchPage: Page | undefined

  constructor(
    private readonly browser: Browser,
    private readonly options: { viewport: { width: number; height: number } | null; baseURL: string | undefined },
  ) {}

  private record(url: string, title: string, violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
    for (const v of violations) {
      if (!v.impact || !BLOCKING.has(v.impact)) continue
      const targets = v.nodes.map((n) => n.target.join(' '))
      const key = `${new URL(url).pathname} ${v.id} ${targets.join('|')}`
      if (this.seen.has(key)) continue
      this.seen.add(key)
      this.findings.push({ url, title, rule: v.id, impact: v.impact, help: v.help, targets })
    }
  }

  private async scratch() {
    if (!this.scratchPage) {
      this.scratchContext = await this.browser.newContext({ javaScriptEnabled: true, viewport: this.options.viewport, baseURL: this.options.baseURL, reducedMotion: 'reduce' })
      this.scratchPage = await this.scratchContext.newPage()
    }
    return this.scratchPage
  }

  /** Queues a check of `html` as the page at `url`. */
  snapshot(url: string, html: string, label: string) {
    this.queue = this.queue.then(async () => {
      try {
        const page = await this.scratch()
        const body = stripScripts(html)
        await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }))
        try {
          await page.goto(url, { waitUntil: 'load' })
          // The snapshot is judged as it first shows: a timed animation (a toast leaving after five
          // seconds) must not start halfway through a slow check.
          await page.evaluate(() => {
            for (const animation of document.getAnimations()) animation.pause()
          })
          const results = await new AxeBuilder({ page }).setLegacyMode().analyze()
          this.checked.push(`${url} (${label})`)
          this.record(url, titleOf(html), results.violations)
        } finally {
          await page.unroute(url)
        }
      } catch (error) {
        this.problems.push(`${url} (${label}): ${String(error)}`)
      }
    })
  }

  /** Checks a page in place (JavaScript on, nothing navigating). */
  async live(page: Page, label: string) {
    await this.queue
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
      results = await new AxeBuilder({ page }).setLegacyMode().analyze()
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
    await this.scratchContext?.close()
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

export const test = base.extend<{ axe: Axe }>({
  axe: [
    async ({ page, browser, javaScriptEnabled, viewport, baseURL }, use, testInfo: TestInfo) => {
      const js = javaScriptEnabled !== false
      const checker = new Checker(browser, { viewport, baseURL })
      const settled = watch(page, checker, js)
      const check = async (label = 'checked by the test') => {
        if (js) return checker.live(page, label)
        checker.snapshot(page.url(), await page.content(), label)
      }

      await use({ check })

      if (!page.isClosed() && page.url().startsWith('http')) {
        await settled()
        await check('at the end of the test').catch((error) => checker.problems.push(`at the end: ${String(error)}`))
      }
      await settled()
      await checker.done()

      await testInfo.attach('axe-checked-pages', { body: checker.checked.join('\n') || '(none)', contentType: 'text/plain' })
      if (checker.findings.length) {
        await testInfo.attach('axe-violations', { body: JSON.stringify(checker.findings, null, 2), contentType: 'application/json' })
        throw new Error(`axe found ${checker.findings.length} serious or critical accessibility violation(s):\n${describe(checker.findings)}`)
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
