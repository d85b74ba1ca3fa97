import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from './embedded-postgres'

// Root runs PostgreSQL as the `postgres` user; a newcomer who clones under /root (mode 0700) must be
// told what to do in one sentence, not shown a crash of a child process.
describe.skipIf(userInfo().uid !== 0)('the embedded PostgreSQL started by root', () => {
  let home: string
  afterAll(() => rm(home, { recursive: true, force: true }))

  it('stops with one sentence when the postgres user cannot reach the data directory', async () => {
    home = await mkdtemp(path.join(tmpdir(), 'lintel-private-'))
    await chmod(home, 0o700)
    const dataDir = path.join(home, 'data')
    const started = startEmbeddedPostgres({ dataDir, durable: false })
    await expect(started).rejects.toThrow(`the "postgres" user, who cannot reach ${dataDir}: set DATA_DIR to a directory other users can enter`)
    const message = await started.then(
      () => '',
      (error: Error) => error.message,
    )
    expect(message.split(/(?<=\.)\s/)).toHaveLength(1)
  })
})
