import { beforeAll, describe, expect, it } from 'vitest'
import { resourceNamed } from '~/resources'
import { api, registerCompany } from '../factories/api'
import { createSample } from '../factories/resources'
import { resolve, type Schema, type SchemaDoc } from './support/openapi'

/*
 * A field written only as its record is made (a bulk notice's dates and leases) or only as it is
 * changed (the day a journal entry's correction reverses it): the API's body for the other method
 * leaves it out, as it does a read-only field, and refuses it sent there by naming it.
 */
type Doc = SchemaDoc & { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> }
let doc: Doc

beforeAll(async () => {
  doc = (await api('GET', 'openapi.json')).body
})

/** The fields the JSON body of `method` on `path` (as the document writes it, `{id}` and all) takes. */
function bodyFields(path: string, method: 'post' | 'put') {
  const operation = doc.paths[path]?.[method]
  expect(operation, `${method} ${path}`).toBeDefined()
  return Object.keys(resolve(operation!.requestBody?.content['application/json'].schema, doc).properties ?? {})
}

describe('fields written on create only or on update only', () => {
  it('a journal entry takes its reversal date when it is corrected, never as it is made', async () => {
    expect(bodyFields('/api/accounting/journal-entries', 'post')).not.toContain('reversal_date')
    expect(bodyFields('/api/accounting/journal-entries/{id}', 'put')).toContain('reversal_date')

    const { token } = await registerCompany()
    const accounts = (await api('GET', 'accounting/accounts/?page_size=100', { token })).body.results as { id: string; number: string }[]
    const [cash, expense] = ['1010', '5300'].map((n) => accounts.find((a) => a.number === n)!.id)
    const lines = (amount: string) => [
      { account_id: expense, debit: amount },
      { account_id: cash, credit: amount },
    ]
    const refused = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-04-10', reversal_date: '2026-05-01', lines: lines('100.00') } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ reversal_date: ['reversal_date is not a field this accepts.'] })
    expect((await api('GET', 'accounting/journal-entries/', { token })).body.count).toBe(0)

    const entry = await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-04-10', lines: lines('100.00') } })
    expect(entry.status).toBe(201)
    const corrected = await api('PUT', `accounting/journal-entries/${entry.body.id}/`, { token, body: { reversal_date: '2026-05-01', lines: lines('120.00') } })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    const original = await api('GET', `accounting/journal/${entry.body.journal_entry_id}/`, { token })
    const reversal = await api('GET', `accounting/journal/${original.body.reversed_by_entry_id}/`, { token })
    expect(reversal.body).toMatchObject({ kind: 'REVERSAL', date: '2026-05-01' })
    // Its history says it was corrected, by whom, beside its creation.
    const history = (await api('GET', `accounting/journal-entries/${entry.body.id}/history/`, { token })).body
    const rows = (Array.isArray(history) ? history : history.results) as { action_label: string | null; to_label: string; user_name: string | null }[]
    expect(rows.map((h) => [h.action_label, h.to_label])).toEqual([
      [null, 'Posted'],
      ['Corrected', 'Posted'],
    ])
    expect(rows[1].user_name).toBe(rows[0].user_name)
    // Saved again as it stands: nothing is posted, nothing is said to be corrected.
    expect((await api('PUT', `accounting/journal-entries/${entry.body.id}/`, { token, body: { lines: lines('120.00') } })).status).toBe(200)
    expect(((await api('GET', `accounting/journal-entries/${entry.body.id}/history/`, { token })).body as unknown[]).length).toBe(2)
  })

  it('a bulk rent increase notice keeps its dates, percent and leases as made; its memo changes', async () => {
    const fixed = ['property_group_id', 'notice_date', 'effective_date', 'increase_percent', 'email_residents', 'lease_ids']
    expect(bodyFields('/api/bulk-rent-increase-notices', 'post')).toEqual(expect.arrayContaining(fixed))
    expect(bodyFields('/api/bulk-rent-increase-notices/{id}', 'put')).toEqual(['memo'])

    const { token } = await registerCompany()
    const notice = await createSample(resourceNamed('bulk-rent-increase-notices')!, token)
    const moved = await api('PUT', `bulk-rent-increase-notices/${notice.id}/`, { token, body: { effective_date: '2040-01-01', lease_ids: [], memo: 'Moved' } })
    expect(moved.status).toBe(400)
    expect(moved.body.errors).toEqual({ effective_date: ['effective_date is not a field this accepts.'], lease_ids: ['lease_ids is not a field this accepts.'] })
    const after = await api('GET', `bulk-rent-increase-notices/${notice.id}/`, { token })
    expect(after.body).toMatchObject({ effective_date: notice.effective_date, memo: notice.memo })
    const memo = await api('PUT', `bulk-rent-increase-notices/${notice.id}/`, { token, body: { memo: 'Spring increases' } })
    expect(memo.status).toBe(200)
    expect(memo.body).toMatchObject({ memo: 'Spring increases', effective_date: notice.effective_date })
  })
})
