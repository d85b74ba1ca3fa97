import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signupLink } from './support/api'

// What a self-hoster does: start, stop with SIGTERM, start again. One browser-less run is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'starts its own server; runs once')

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

async function start(dataDir: string, port: number): Promise<Running> {
  // It delivers its mail to the run's mail catcher, like the main server.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SMTP_URL: process.env.LINTEL_E2E_SMTP_URL },
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

async function waitForLogin(port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/login/`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] })
    .toBe(200)
}

test('stops cleanly on SIGTERM and keeps every row for the next start; a second Lintel cannot share the data', async () => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lintel-lifecycle-'))
  const [port, otherPort] = [await freePort(), await freePort()]
  const email = `lifecycle-${Date.now()}@example.test`
  let first: Running | undefined
  let second: Running | undefined
  try {
    first = await start(dataDir, port)
    await waitForLogin(port)
    const signedUp = await fetch(`http://127.0.0.1:${port}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ company_name: 'Lifecycle Rentals', first_name: 'Lou', last_name: 'Cycle', email, password: 'kept across restarts' }),
    })
    expect(signedUp.status).toBe(202)
    const registered = await fetch(`http://127.0.0.1:${port}/api/register/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: (await signupLink(email)).searchParams.get('token') }),
    })
    expect(registered.status).toBe(201)

    const intruder = await start(dataDir, otherPort)
    expect(await intruder.exited).toBe(1)
    expect(intruder.output()).toContain('Another Lintel')

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('[lintel] stopped')

    second = await start(dataDir, port)
    await waitForLogin(port)
    const login = await fetch(`http://127.0.0.1:${port}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'kept across restarts' }),
    })
    expect(login.status).toBe(200)
    second.child.kill('SIGINT')
    expect(await second.exited).toBe(0)
  } finally {
    first?.child.kill('SIGKILL')
    second?.child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
