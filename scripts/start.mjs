// `npm start`: builds when the sources are newer than the build, then runs the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
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
const sourceTime = Math.max(...sources.map(newest), ...configs.map((f) => statSync(f).mtimeMs))
if (!existsSync(serverEntry) || statSync(serverEntry).mtimeMs < sourceTime) {
  console.log('[lintel] building…')
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

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
