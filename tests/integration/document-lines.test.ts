import { sql } from 'drizzle-orm'
import { bigint, boolean, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { crossCompany, getDb } from '~/db/client.server'
import { conflict } from '~/domain/errors'
import type { JournalDraft } from '~/domain/ledger/entries'
import { RESOURCES } from '~/resources'
import { defineResource, type AnyResource, type PostingDocument, type PostingContext } from '~/resources/engine/define'
import { date as dateField, lines, money, reference, text as textField } from '~/resources/engine/fields'
import { registerCompany } from '../factories/api'
import { createSample } from '../factories/resources'

/*
 * The engine's lines and postings (ADR 013), tried on a document declared here: an order whose
 * lines (description, amount, property) live in a child table and which posts Dr receivable /
 * Cr prepaid rent per line. What a client sees: lines go in and come back in order under `lines`,
 * errors name the line's input (`lines[1].amount`) and store nothing, an update replaces the
 * lines together, and the ledger follows: posted once on create, reversed and replaced (linked)
 * when an update changes what it posts, reversed when the builder answers null.
 */
const orders = pgTable('test_orders', {
  id: uuid().primaryKey().defaultRandom(),
  companyId: uuid().notNull(),
  name: text().notNull(),
  orderDate: date({ mode: 'string' }).notNull(),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
const orderLines = pgTable('test_order_lines', {
  id: uuid().primaryKey().defaultRandom(),
  companyId: uuid().notNull(),
  orderId: uuid().notNull(),
  position: integer().notNull(),
  description: text(),
  amount: bigint({ mode: 'number' }).notNull(),
  propertyGroupId: uuid(),
})

/** The order's posting: a pure function of the order and its lines; a void order posts nothing. */
export function orderDraft(order: PostingDocument, context: PostingContext): JournalDraft | null {
  if (order.name === 'void') return null
  return {
    date: String(order.orderDate),
    memo: `Order ${String(order.name)}`,
    source: { type: 'test-orders', id: order.id, purpose: 'ORDER' },
    lines: order.lines.flatMap((line) => [
      { accountId: context.roles.ACCOUNTS_RECEIVABLE, amount: Number(line.amount), propertyGroupId: (line.propertyGroupId as string | null) ?? null },
      { accountId: context.roles.PREPAID_RENT, amount: -Number(line.amount), propertyGroupId: (line.propertyGroupId as string | null) ?? null },
    ]),
  }
}

const ordersResource = defineResource({
  name: 'test-orders',
  alsoAt: ['accounting/test-orders'],
  singular: 'Test order',
  plural: 'Test orders',
  description: 'An order with lines, for the engine’s tests.',
  group: 'Accounting',
  permission: 'accounting',
  table: orders,
  fields: { name: textField('Name', { required: true }), orderDate: dateField('Order date', { required: true }) },
  title: ['name'],
  columns: ['name', 'orderDate'],
  search: [],
  ordering: '-created_at',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  palette: false,
  lines: lines('Lines', {
    table: orderLines,
    parentKey: 'orderId',
    min: 1,
    max: 5,
    fields: { description: textField('Description'), amount: money('Amount', { required: true, min: 1 }), propertyGroupId: reference('Property', 'property-groups') },
  }),
  postings: { create: orderDraft },
  rules: {
    // What changing an order also does, in the update's transaction: noted here, or refused after the fact.
    async updated({ id, record, lines }) {
      if (record.name === 'refused after saving') throw conflict('This order cannot take that name.')
      updates.push({ id, name: String(record.name), lines: lines?.map((line) => Number(line.amount)) })
    },
  },
}) as AnyResource
/** What the orders' `updated` rule saw, in order. */
const updates: { id: string; name: string; lines: number[] | undefined }[] = []
/** What the journals' `updated` rule saw, in order. */
const journalChanges: { id: string; values: Record<string, unknown>; isActive: boolean }[] = []

/**
 * The same tables as a journal would use them: each line is sent and answered as a debit or a
 * credit and kept as one signed amount (the lines' shape), and the rules see what was sent.
 */
const journalsResource = defineResource({
  name: 'test-journals',
  singular: 'Test journal',
  plural: 'Test journals',
  description: 'A balanced entry with lines, for the engine’s tests.',
  group: 'Accounting',
  permission: 'accounting',
  table: orders,
  fields: { name: textField('Name', { required: true }), orderDate: dateField('Date', { required: true }) },
  title: ['name'],
  columns: ['name', 'orderDate'],
  search: [],
  ordering: '-created_at',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  palette: false,
  lines: lines('Lines', {
    table: orderLines,
    parentKey: 'orderId',
    min: 2,
    fields: { description: textField('Description'), debit: money('Debit'), credit: money('Credit') },
    shape: {
      store: (line) => ({ amount: Number(line.debit ?? 0) - Number(line.credit ?? 0) }),
      read: (line) => (Number(line.amount) >= 0 ? { debit: line.amount, credit: null } : { debit: null, credit: -Number(line.amount) }),
    },
  }),
  rules: {
    async validate({ lines: given }) {
      const errors: Record<string, string[]> = {}
      given?.forEach((line, i) => {
        if ((line.debit == null) === (line.credit == null)) errors[`lines[${i}].debit`] = [`Line ${i + 1}: enter a debit or a credit.`]
      })
      if (!Object.keys(errors).length && given?.reduce((sum, line) => sum + Number(line.amount), 0)) errors.lines = ['The debits and credits must balance.']
      return errors
    },
    async updated({ id, values, record }) {
      journalChanges.push({ id, values, isActive: Boolean(record.isActive) })
    },
  },
}) as AnyResource

const app = createApi([...RESOURCES, ordersResource, journalsResource])
async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await app.request(`http://lintel.test/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.21', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

type Entry = { id: string; source_id: string; kind: string; status: string; total: string; reverses_entry_id: string | null; replaces_entry_id: string | null }
/** The journal entries posted for one order, oldest first, as the journal lists them. */
async function entriesOf(token: string, id: string): Promise<Entry[]> {
  const page = await call('GET', 'accounting/journal/?page_size=100&ordering=number', token)
  expect(page.status).toBe(200)
  return (page.body.results as Entry[]).filter((e) => e.source_id === id)
}

describe('a document’s lines and postings', () => {
  let company: Awaited<ReturnType<typeof registerCompany>>
  let property: string
  beforeAll(async () => {
    // Made as a migration would make them (by the tables' owner), company policies included.
    await crossCompany(() =>
      getDb().execute(sql`
      create table if not exists test_orders (id uuid primary key default gen_random_uuid(), company_id uuid not null references companies(id), name text not null, order_date date not null,
        created_at timestamptz not null default now(), updated_at timestamptz not null default now());
      create table if not exists test_order_lines (id uuid primary key default gen_random_uuid(), company_id uuid not null references companies(id), order_id uuid not null references test_orders(id),
        position integer not null, description text, amount bigint not null, property_group_id uuid references property_groups(id));
      alter table test_orders add column if not exists is_active boolean not null default true;
      alter table test_orders enable row level security;
      alter table test_order_lines enable row level security;
      create policy tenant_isolation on test_orders using (company_id = nullif(current_setting('lintel.company_id', true), '')::uuid);
      create policy tenant_isolation on test_order_lines using (company_id = nullif(current_setting('lintel.company_id', true), '')::uuid)`),
    )
    company = await registerCompany()
    property = String(
      (
        await createSample(
          RESOURCES.find((r) => r.name === 'property-groups')!,
          company.token,
        )
      ).id,
    )
  })

  it('takes lines under `lines`, answers them in order with their names, and posts once in the same transaction', async () => {
    const created = await call('POST', 'test-orders/', company.token, {
      name: 'A-1',
      order_date: '2026-05-01',
      lines: [
        { description: 'First', amount: '12.50', property_group_id: property },
        { description: 'Second', amount: '100.00' },
      ],
    })
    expect(created.status).toBe(201)
    expect(created.body.lines.map((l: Record<string, unknown>) => [l.description, l.amount, l.property_group_id, typeof l.property_group_label])).toEqual([
      ['First', '12.50', property, 'string'],
      ['Second', '100.00', null, 'object'],
    ])
    const got = await call('GET', `test-orders/${created.body.id}/`, company.token)
    expect(got.body.lines).toEqual(created.body.lines)
    const entries = await entriesOf(company.token, created.body.id)
    expect(entries.map((e) => [e.kind, e.status, e.total])).toEqual([['ORIGINAL', 'POSTED', '112.50']])
  })

  it('names a bad line’s input (lines[1].amount), the list itself (lines) and another company’s record, and stores nothing', async () => {
    const before = await call('GET', 'test-orders/?page_size=100', company.token)
    const bad = await call('POST', 'test-orders/', company.token, { name: 'B', order_date: '2026-05-01', lines: [{ amount: '5.00' }, { amount: 'lots' }] })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['lines[1].amount'])
    const none = await call('POST', 'test-orders/', company.token, { name: 'B', order_date: '2026-05-01', lines: [] })
    expect(none.status).toBe(400)
    expect(none.body.errors.lines[0]).toMatch(/at least 1 line/)
    const other = await registerCompany()
    const theirs = String(
      (
        await createSample(
          RESOURCES.find((r) => r.name === 'property-groups')!,
          other.token,
        )
      ).id,
    )
    const foreign = await call('POST', 'test-orders/', company.token, { name: 'B', order_date: '2026-05-01', lines: [{ amount: '5.00' }, { amount: '6.00', property_group_id: theirs }] })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors['lines[1].property_group_id'][0]).toMatch(/no such property/i)
    const after = await call('GET', 'test-orders/?page_size=100', company.token)
    expect(after.body.count).toBe(before.body.count)
  })

  it('an update replaces the lines together; the posting is reversed and replaced, linked; unchanged postings stay; null reverses', async () => {
    const created = await call('POST', 'test-orders/', company.token, { name: 'C-1', order_date: '2026-05-02', lines: [{ amount: '10.00' }, { amount: '20.00' }] })
    const id = created.body.id as string
    const renamedOnly = await call('PUT', `test-orders/${id}/`, company.token, { order_date: '2026-05-02' })
    expect(renamedOnly.status).toBe(200)
    expect(await entriesOf(company.token, id)).toHaveLength(1)

    const changed = await call('PUT', `test-orders/${id}/`, company.token, { lines: [{ description: 'Only', amount: '7.25' }] })
    expect(changed.status).toBe(200)
    expect(changed.body.lines.map((l: Record<string, unknown>) => [l.description, l.amount])).toEqual([['Only', '7.25']])
    const [original, reversal, replacement] = await entriesOf(company.token, id)
    expect([original.kind, original.status, reversal.kind, replacement.kind, replacement.status]).toEqual(['ORIGINAL', 'REVERSED', 'REVERSAL', 'REPLACEMENT', 'POSTED'])
    expect(reversal.reverses_entry_id).toBe(original.id)
    expect(replacement.replaces_entry_id).toBe(original.id)
    expect(replacement.total).toBe('7.25')

    const refused = await call('PUT', `test-orders/${id}/`, company.token, { lines: [{ amount: '-1.00' }] })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.errors)).toEqual(['lines[0].amount'])
    expect((await call('GET', `test-orders/${id}/`, company.token)).body.lines.map((l: Record<string, unknown>) => l.amount)).toEqual(['7.25'])

    const voided = await call('PUT', `test-orders/${id}/`, company.token, { name: 'void' })
    expect(voided.status).toBe(200)
    const after = await entriesOf(company.token, id)
    expect(after.map((e) => [e.kind, e.status])).toEqual([
      ['ORIGINAL', 'REVERSED'],
      ['REVERSAL', 'POSTED'],
      ['REPLACEMENT', 'REVERSED'],
      ['REVERSAL', 'POSTED'],
    ])
  })

  it('runs what changing a record also does in the same transaction, after the row and its lines are stored; its refusal undoes the whole change', async () => {
    const created = await call('POST', 'test-orders/', company.token, { name: 'D-1', order_date: '2026-05-03', lines: [{ amount: '10.00' }] })
    const id = created.body.id as string
    expect(updates.filter((u) => u.id === id)).toEqual([])
    expect((await call('PUT', `test-orders/${id}/`, company.token, { name: 'D-2', lines: [{ amount: '4.00' }, { amount: '6.00' }] })).status).toBe(200)
    expect((await call('PUT', `test-orders/${id}/`, company.token, { name: 'D-3' })).status).toBe(200)
    expect(updates.filter((u) => u.id === id)).toEqual([
      { id, name: 'D-2', lines: [400, 600] },
      { id, name: 'D-3', lines: undefined },
    ])

    const posted = await entriesOf(company.token, id)
    const refused = await call('PUT', `test-orders/${id}/`, company.token, { name: 'refused after saving', lines: [{ amount: '99.00' }] })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('This order cannot take that name.')
    const after = await call('GET', `test-orders/${id}/`, company.token)
    expect([after.body.name, after.body.lines.map((l: Record<string, unknown>) => l.amount)]).toEqual(['D-3', ['4.00', '6.00']])
    expect(await entriesOf(company.token, id)).toEqual(posted)
  })

  it('answers at its second address as at its first, and is documented at the first only', async () => {
    const created = await call('POST', 'accounting/test-orders/', company.token, { name: 'E-1', order_date: '2026-05-04', lines: [{ amount: '3.00' }] })
    expect(created.status).toBe(201)
    const id = created.body.id as string
    expect((await call('GET', `test-orders/${id}/`, company.token)).body).toEqual(created.body)
    expect((await call('PUT', `accounting/test-orders/${id}/`, company.token, { name: 'E-2' })).body.name).toBe('E-2')
    expect((await call('GET', 'accounting/test-orders/?search=E-2', company.token)).status).toBe(200)
    const other = await registerCompany()
    expect((await call('GET', `accounting/test-orders/${id}/`, other.token)).status).toBe(404)
    const doc = (await (await app.request('http://lintel.test/api/openapi.json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths).filter((p) => p.includes('test-orders/{id}'))).toEqual(['/api/test-orders/{id}'])
  })

  it('keeps lines in the table’s own shape: a debit or a credit sent, one signed amount stored, the same debit or credit answered', async () => {
    const created = await call('POST', 'test-journals/', company.token, {
      name: 'J-1',
      order_date: '2026-05-05',
      lines: [
        { description: 'Rent', debit: '12.50' },
        { description: 'Cash', credit: '12.50' },
      ],
    })
    expect(created.status).toBe(201)
    expect(created.body.lines.map((l: Record<string, unknown>) => [l.description, l.debit, l.credit])).toEqual([
      ['Rent', '12.50', null],
      ['Cash', null, '12.50'],
    ])
    expect(created.body.lines[0]).not.toHaveProperty('amount')
    // Stored as the ledger keeps amounts: the same rows read as an order show the signed amounts.
    expect((await call('GET', `test-orders/${created.body.id}/`, company.token)).body.lines.map((l: Record<string, unknown>) => l.amount)).toEqual(['12.50', '-12.50'])

    const both = await call('POST', 'test-journals/', company.token, { name: 'J-2', order_date: '2026-05-05', lines: [{ debit: '1.00', credit: '1.00' }, { credit: '1.00' }] })
    expect(both.status).toBe(400)
    expect(both.body.errors).toEqual({ 'lines[0].debit': ['Line 1: enter a debit or a credit.'] })
    const unbalanced = await call('PUT', `test-journals/${created.body.id}/`, company.token, { lines: [{ debit: '5.00' }, { credit: '4.00' }] })
    expect(unbalanced.status).toBe(400)
    expect(unbalanced.body.errors).toEqual({ lines: ['The debits and credits must balance.'] })
    const changed = await call('PUT', `test-journals/${created.body.id}/`, company.token, { lines: [{ debit: '4.00' }, { credit: '4.00' }] })
    expect(changed.body.lines.map((l: Record<string, unknown>) => [l.debit, l.credit])).toEqual([
      ['4.00', null],
      [null, '4.00'],
    ])
  })

  it('runs what changing a record also does when it is deactivated and reactivated', async () => {
    const created = await call('POST', 'test-journals/', company.token, { name: 'J-3', order_date: '2026-05-06', lines: [{ debit: '2.00' }, { credit: '2.00' }] })
    const id = created.body.id as string
    expect((await call('DELETE', `test-journals/${id}/`, company.token)).status).toBe(204)
    expect((await call('POST', `test-journals/${id}/reactivate/`, company.token)).body.is_active).toBe(true)
    expect(journalChanges.filter((c) => c.id === id)).toEqual([
      { id, values: { isActive: false }, isActive: false },
      { id, values: { isActive: true }, isActive: true },
    ])
  })

  it('describes the lines in the OpenAPI document, on the record and in its bodies', async () => {
    const doc = (await app.request('http://lintel.test/api/openapi.json')).json() as Promise<{ components: { schemas: Record<string, { properties: Record<string, { type?: string }> }> } }>
    const schemas = (await doc).components.schemas
    expect(schemas.Testorder.properties.lines.type).toBe('array')
  })
})
