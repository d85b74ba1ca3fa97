import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { eq, sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { companies } from '~/db/schema'
import { checkLedger } from '~/ledger/integrity.server'
import { api, registerCompany, signedInMember, signupToken } from '../factories/api'

type Account = { id: string; number: string }

async function books() {
  const company = await registerCompany()
  const [row] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.name, company.company_name))
  const list = await api('GET', 'accounting/accounts/?page_size=200', { token: company.token })
  const byNumber = Object.fromEntries((list.body.results as Account[]).map((a) => [a.number, a.id]))
  return { token: company.token, companyId: row.id, account: (number: string) => byNumber[number] as string }
}

const entry = (account: (n: string) => string, amount = '100.00', date = '2026-02-01') => ({
  date,
  memo: 'Integrity',
  lines: [
    { account_id: account('5000'), debit: amount },
    { account_id: account('1010'), credit: amount },
  ],
})

describe('the ledger integrity check', () => {
  it('reports "all entries balance" on healthy books, to administrators and accountants only', async () => {
    const { token, account, companyId } = await books()
    for (const amount of ['10.00', '20.00', '30.00']) await api('POST', 'accounting/journal-entries/', { token, body: entry(account, amount) })
    const first = (await api('GET', 'accounting/journal/?ordering=number', { token })).body.results[0]
    await api('PUT', `accounting/journal-entries/${first.source_id}/`, { token, body: entry(account, '11.00') })
    const report = await api('GET', 'accounting/ledger-integrity/', { token })
    expect(report.status).toBe(200)
    expect(report.body).toMatchObject({ ok: true, entries: 5, lines: 10, findings: [] })
    expect((await crossCompany(() => checkLedger(getDb(), companyId))).ok).toBe(true)

    const operations = await signedInMember({ token }, 'manager', { has_operations_permissions: true })
    expect((await api('GET', 'accounting/ledger-integrity/', { token: operations.token })).status).toBe(403)
    const admin = await signedInMember({ token }, 'manager', { has_management_company_permissions: true })
    expect((await api('GET', 'accounting/ledger-integrity/', { token: admin.token })).body.ok).toBe(true)
  })

  it('finds what is broken when the tables are tampered with behind the posting function', async () => {
    const { token, account, companyId } = await books()
    const ids: string[] = []
    for (const amount of ['10.00', '20.00', '30.00', '40.00']) ids.push((await api('POST', 'accounting/journal-entries/', { token, body: entry(account, amount) })).body.journal_entry_id)
    const fourth = (await api('GET', `accounting/journal/${ids[3]}/`, { token })).body
    await api('POST', `accounting/journal-entries/${fourth.source_id}/void/`, { token, body: {} })
    const voided = await api('GET', `accounting/journal/${ids[3]}/`, { token })
    // Tampering behind the API: as the tables' owner, past the company scope too.
    const tamper = (statement: SQL) => crossCompany(() => getDb().execute(statement))
    // Entry #1 loses a cent, #2 a line, #3's line has another date; the reversal of #4 stops negating it; #5 is skipped.
    await tamper(sql`update journal_lines set amount = amount + 1 where entry_id = ${ids[0]} and line_number = 1`)
    await tamper(sql`delete from journal_lines where entry_id = ${ids[1]} and line_number = 2`)
    await tamper(sql`update journal_lines set date = '2026-03-01' where entry_id = ${ids[2]} and line_number = 1`)
    await tamper(sql`update journal_lines set amount = amount - 500, account_id = ${account('5100')} where entry_id = ${voided.body.reversed_by_entry_id} and line_number = 2`)
    await tamper(sql`update journal_lines set amount = amount + 500 where entry_id = ${voided.body.reversed_by_entry_id} and line_number = 1`)
    await api('POST', 'accounting/journal-entries/', { token, body: entry(account) })
    await tamper(sql`update journal_entries set number = 7 where company_id = ${companyId} and number = 6`)

    const report = await api('GET', 'accounting/ledger-integrity/', { token })
    expect(report.body.ok).toBe(false)
    const messages = report.body.findings.map((f: { kind: string; message: string }) => `${f.kind}: ${f.message}`)
    expect(messages).toEqual(
      expect.arrayContaining([
        "UNBALANCED_ENTRY: Entry #1's lines sum to 0.01 instead of zero.",
        'TOO_FEW_LINES: Entry #2 has 1 line.',
        "UNBALANCED_ENTRY: Entry #2's lines sum to 20.00 instead of zero.",
        'TRIAL_BALANCE: All lines together sum to 20.01 instead of zero.',
        "LINE_MISMATCH: Line 1 of entry #3 has a date or basis other than its entry's.",
        'REVERSAL_MISMATCH: Entry #5 reverses entry #4 but does not negate its lines.',
        'NUMBER_GAP: Entry numbers run to 7 but there are 6 entries; missing: #6.',
      ]),
    )
    expect(report.body.findings.find((f: { kind: string }) => f.kind === 'TOO_FEW_LINES')).toMatchObject({ entry_id: ids[1], entry_number: 2, kind_label: 'Entries with fewer than two lines' })
  })
})

// --- The crash test --------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** The API in a process of its own, on the test's database. */
async function startApi(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/support/api-server.ts'], { env: { ...process.env, PORT: String(port), NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))
  const deadline = Date.now() + 20_000
  while (!output.includes('listening')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the API did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return { child, exited }
}

async function call(port: number, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

describe('a crash in the middle of posting', () => {
  it('leaves no half entry: after SIGKILL and a restart every entry is whole, balanced and numbered without gaps', async () => {
    const port = await freePort()
    let running: { child: ChildProcess; exited: Promise<unknown> } | undefined
    try {
      running = await startApi(port)
      const email = `crash-${Date.now()}@example.test`
      const signedUp = await call(port, 'POST', 'register/', undefined, { company_name: `Crash ${Date.now()}`, first_name: 'Cas', last_name: 'Crash', email, password: 'a crash leaves nothing half' })
      expect(signedUp.status).toBe(202)
      // The API process delivers to this file's mailbox (it inherits SMTP_URL).
      const registered = await call(port, 'POST', 'register/confirm/', undefined, { token: signupToken(email) })
      expect(registered.status).toBe(201)
      const token = registered.body.access as string
      const accounts = (await call(port, 'GET', 'accounting/accounts/?page_size=200', token)).body.results as Account[]
      const expense = accounts.filter((a) => a.number >= '5000' && a.number < '6000').map((a) => a.id)
      const bank = accounts.find((a) => a.number === '1010')!.id
      // Wide entries (a hundred lines) keep each posting's transaction open long enough to be cut.
      const wide = (n: number) => {
        const lines = Array.from({ length: 99 }, (_, i) => ({ account_id: expense[i % expense.length], debit: `${(n % 50) + 1}.${String(i).padStart(2, '0')}` }))
        const cents = lines.reduce((a, l) => a + Math.round(Number(l.debit) * 100), 0)
        return { date: '2026-06-15', memo: `Loop ${n}`, lines: [...lines, { account_id: bank, credit: (cents / 100).toFixed(2) }] }
      }

      let sent = 0
      let posted = 0
      let killed = false
      // Each posting carries its own Idempotency-Key; the ones never answered are retried after the restart.
      const unanswered = new Set<number>()
      const post = (n: number) => call(port, 'POST', 'accounting/journal-entries/', token, wide(n), { 'Idempotency-Key': `loop-${n}` })
      const worker = async () => {
        while (!killed) {
          const n = sent++
          unanswered.add(n)
          try {
            const response = await post(n)
            if (response.status === 201) {
              posted++
              unanswered.delete(n)
            } else throw new Error(JSON.stringify(response.body))
          } catch (error) {
            if (!killed) throw error
          }
        }
      }
      const workers = Promise.all([worker(), worker(), worker(), worker()])
      while (posted < 12) await new Promise((r) => setTimeout(r, 10))
      // Mid-loop: requests are in flight, some inside their transaction.
      killed = true
      running.child.kill('SIGKILL')
      expect(await running.exited).toBe('SIGKILL')
      await workers

      running = await startApi(port)
      const [{ n }] = await crossCompany(() => getDb().execute<{ n: number }>(sql`select count(*)::int as n from journal_entries where memo like 'Loop %'`))
      // Every answered posting is there; a posting cut before it answered is there whole or not at all.
      expect(n).toBeGreaterThanOrEqual(posted)
      expect(n).toBeLessThanOrEqual(sent)
      const [{ half }] = await crossCompany(() =>
        getDb().execute<{ half: number }>(
          sql`select count(*)::int as half from journal_entries e where e.memo like 'Loop %' and (select count(*) from journal_lines l where l.entry_id = e.id) <> 100`,
        ),
      )
      expect(half).toBe(0)

      // A retry of each posting left unanswered, with its key, completes it exactly once:
      // the cut ones run now, the ones that committed before the cut answer as they did.
      expect(unanswered.size).toBeGreaterThan(0)
      for (const retried of await Promise.all([...unanswered].map(post))) expect(retried.status).toBe(201)
      const [{ entries, memos }] = await crossCompany(() =>
        getDb().execute<{ entries: number; memos: number }>(
          sql`select count(*)::int as entries, count(distinct memo)::int as memos from journal_entries where memo like 'Loop %'`,
        ),
      )
      expect({ entries, memos }).toEqual({ entries: sent, memos: sent })

      // The restarted API carries on: the next entry takes the next number, and the check passes.
      const after = await call(port, 'POST', 'accounting/journal-entries/', token, wide(0))
      expect(after.status).toBe(201)
      expect(after.body.number).toBe(sent + 1)
      const report = await call(port, 'GET', 'accounting/ledger-integrity/', token)
      expect(report.body).toMatchObject({ ok: true, entries: sent + 1, lines: (sent + 1) * 100, findings: [] })
    } finally {
      running?.child.kill('SIGKILL')
    }
  }, 60_000)
})
