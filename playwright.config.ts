import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end tests against the production server (`node scripts/start.mjs`)
 * in Debian's chromium, once with JavaScript and once without (DESIGN.md §10).
 *
 * The config file is loaded by the runner and again by every worker; the port
 * and the data directory are chosen once, by the runner, and handed to the
 * workers through the environment they inherit.
 */
function freePort() {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()
}

const isRunner = !process.env.TEST_WORKER_INDEX
if (!process.env.LINTEL_E2E_PORT) process.env.LINTEL_E2E_PORT = freePort()
if (!process.env.LINTEL_E2E_DATA_DIR) {
  // A fresh database for every run: the demo company is seeded into it on start.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lintel-e2e-'))
  process.env.LINTEL_E2E_DATA_DIR = dataDir
  // The runner exits after the web server has been stopped.
  if (isRunner) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
}

// The page shapes axe has checked in this run, shared by its workers (tests/e2e/support/fixtures.ts).
if (!process.env.LINTEL_E2E_AXE_DIR) {
  const axeDir = mkdtempSync(path.join(tmpdir(), 'lintel-axe-'))
  process.env.LINTEL_E2E_AXE_DIR = axeDir
  if (isRunner) process.on('exit', () => rmSync(axeDir, { recursive: true, force: true }))
}

// Lintel delivers the run's e-mail over SMTP to tests/e2e/support/mail-catcher.ts, which keeps it in this file.
if (!process.env.LINTEL_E2E_SMTP_PORT) process.env.LINTEL_E2E_SMTP_PORT = freePort()
process.env.LINTEL_E2E_MAIL_FILE ??= path.join(process.env.LINTEL_E2E_DATA_DIR, 'mail.jsonl')
process.env.LINTEL_E2E_SMTP_URL ??= `smtp://127.0.0.1:${process.env.LINTEL_E2E_SMTP_PORT}`

const port = Number(process.env.LINTEL_E2E_PORT)
export const baseURL = `http://localhost:${port}`

const chromium = {
  ...devices['Desktop Chrome'],
  // Wide enough that the staff sidebar stays open, its groups and links in sight (at 1600 px and below
  // it closes to a rail of icons); tests of the rail and of phones set their own width.
  viewport: { width: 1680, height: 1000 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A journey of a dozen pages, each checked by axe, can take over a minute on a busy 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    // A trace is recorded as a test runs, pass or fail, and costs a fifth of the run on two cores;
    // PLAYWRIGHT_TRACE=retain-on-failure records them when a failure needs one.
    trace: (process.env.PLAYWRIGHT_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'js-on', use: { ...chromium, javaScriptEnabled: true } },
    { name: 'js-off', use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/e2e/support/mail-catcher.ts',
      port: Number(process.env.LINTEL_E2E_SMTP_PORT),
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/login/`,
      env: {
        DATA_DIR: process.env.LINTEL_E2E_DATA_DIR!,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        // Every test registers its own company, from one address: far more than the hourly limit of a real install.
        REGISTRATIONS_PER_HOUR: '1000',
        SMTP_URL: process.env.LINTEL_E2E_SMTP_URL!,
      },
      reuseExistingServer: false,
      // The first start may have to build (about 10 s) and initialise PostgreSQL.
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
})
