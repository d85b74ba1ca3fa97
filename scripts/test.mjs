// `npm test`: the whole gate (DESIGN.md §10), in order, stopping at the first failing stage:
// typecheck → lint → unit + integration (vitest) → production build → end-to-end (Playwright).
// Its last line is always `N passed, N failed` (vitest and Playwright tests summed; skipped
// tests are not counted as passed), and it exits non-zero when anything failed.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const reports = path.join(root, 'reports')
const VITEST_JSON = path.join(reports, 'vitest.json')
const PLAYWRIGHT_JSON = path.join(reports, 'playwright.json') // written by playwright.config.ts

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env })
    child.on('error', (error) => {
      console.error(`[test] could not run ${command}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/** Each stage: its commands, and how to count its tests from its report (or null for a stage without tests). */
const stages = [
  {
    name: 'typecheck',
    commands: [
      ['npx', ['react-router', 'typegen']],
      ['npx', ['tsc', '--noEmit']],
    ],
  },
  {
    name: 'lint',
    commands: [['npx', ['eslint', '.']]],
  },
  {
    name: 'unit + integration (vitest)',
    before: () => rmSync(VITEST_JSON, { force: true }),
    commands: [['npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.relative(root, VITEST_JSON)}`]]],
    count() {
      const report = readJson(VITEST_JSON)
      if (!report) return null
      return {
        passed: report.numPassedTests ?? 0,
        failed: report.numFailedTests ?? 0,
        skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      }
    },
  },
  {
    name: 'build',
    commands: [['npx', ['react-router', 'build']]],
  },
  {
    name: 'end-to-end (playwright)',
    before: () => {
      rmSync(PLAYWRIGHT_JSON, { force: true })
      // Its servers start from the build just made, whatever is saved while they run (scripts/start.mjs).
      process.env.LINTEL_USE_BUILD = '1'
    },
    commands: [['npx', ['playwright', 'test']]],
    count() {
      const report = readJson(PLAYWRIGHT_JSON)
      if (!report?.stats) return null
      const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats
      return { passed: expected + flaky, failed: unexpected, skipped }
    },
  },
]

mkdirSync(reports, { recursive: true })
const results = []
let passed = 0
let failed = 0
let stopped = false

for (const stage of stages) {
  if (stopped) {
    results.push({ name: stage.name, line: 'not run' })
    continue
  }
  console.log(`\n[test] ── ${stage.name} ──`)
  stage.before?.()
  const started = Date.now()
  let status = 0
  for (const [command, args] of stage.commands) {
    status = await run(command, args)
    if (status !== 0) break
  }
  const elapsed = seconds(Date.now() - started)
  const counts = stage.count?.() ?? null
  if (counts) {
    passed += counts.passed
    failed += counts.failed
  }
  // A stage that fails without a failing test (type errors, a broken build, a crash) is one failure.
  const extra = status !== 0 && (!counts || counts.failed === 0) ? 1 : 0
  failed += extra
  const tests = counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : null
  const outcome = status === 0 ? 'ok' : `FAILED (exit ${status}${extra ? ', counted as 1 failure' : ''})`
  results.push({ name: stage.name, line: [outcome, tests, elapsed].filter(Boolean).join(' · ') })
  if (status !== 0) stopped = true
}

console.log('\n[test] ── summary ──')
const width = Math.max(...results.map((r) => r.name.length))
for (const r of results) console.log(`  ${r.name.padEnd(width)}  ${r.line}`)
if (existsSync(VITEST_JSON) || existsSync(PLAYWRIGHT_JSON)) console.log(`  reports: ${path.relative(root, reports)}/`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 || stopped ? 1 : 0)
