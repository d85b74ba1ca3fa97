// `npm start`: builds when the sources are newer than the build, then runs the server.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { constants } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverEntry = path.join(root, 'build/server/index.js')

function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs)
  }
  return latest
}

const sources = ['app', 'server', 'public'].map((d) => path.join(root, d)).filter(existsSync)
const configs = ['package.json', 'vite.config.ts', 'react-router.config.ts'].map((f) => path.join(root, f))
const stale = () => statSync(serverEntry).mtimeMs < Math.max(...sources.map(newest), ...configs.map((f) => statSync(f).mtimeMs))
// The test command builds once and starts its servers from that build (LINTEL_USE_BUILD): a source
// saved while the tests run must not rebuild the files a server already running is serving.
const useBuild = process.env.LINTEL_USE_BUILD === '1'
if (!existsSync(serverEntry) || (!useBuild && stale())) {
  console.log('[lintel] building…')
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// V8 sizes its young generation, where a page's short-lived objects are made and collected, when
// Node starts: it cannot be changed from inside. A staff page allocates about 2.5 MB, so with ten
// pages in flight the default (semi-spaces growing to 16 MB) is collected every six pages or so, and
// each collection copies the live data of every page in flight: 1.3 to 1.6 ms of collection per
// page. Semi-spaces of 64 MB are collected a quarter as often, for 30 to 45% less collection time
// per page, and are given back when the server idles. So the server runs in a Node started with
// that size, unless whoever started it chose one.
const YOUNG_GENERATION = '--max-semi-space-size'
const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith(YOUNG_GENERATION))
if (chosen) {
  await serve()
} else {
  const server = spawn(process.execPath, [`${YOUNG_GENERATION}=64`, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  })
  // The server stops itself, in order, on either signal (and ignores a second one, as when a
  // terminal's Ctrl-C reaches both processes).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
  server.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)))
}

async function serve() {
  process.env.LINTEL_ROOT ??= root
  // Before the build is imported: modules read it when they load (cookie flags, React's mode).
  process.env.NODE_ENV ??= 'production'
  const { main } = await import(serverEntry)
  try {
    await main()
  } catch (error) {
    console.error(`[lintel] ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
