import { describe, expect, it } from 'vitest'
import type { Api } from '~/utils/api-client.server'
import type { AnyResource } from './define'
import { lines, money, reference, text } from './fields'
import { bodyFromForm, saveForm } from './pages.server'
import type { ResourceView } from './view'

/* The server half of a lines form without JavaScript: "Add line" and "Remove" come back as the form with every value kept; Save sends the lines as the API takes them. */
const linesField = { ...lines('Lines', { parentKey: 'orderId', fields: { description: text('Description'), amount: money('Amount', { required: true }) } }), name: 'lines' }
const view = { name: 'test-orders', path: '/app/test-orders/', singular: 'Test order', fields: [{ ...text('Name'), name: 'name' }, linesField] } as unknown as ResourceView
const noApi = {} as Api

function post(entries: [string, string][]) {
  const body = new URLSearchParams(entries)
  return new Request('http://lintel.test/app/test-orders/new/', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
}

const filled: [string, string][] = [
  ['name', 'A-1'],
  ['number_format', 'en'],
  ['lines[0].description', 'First'],
  ['lines[0].amount', '1,250.50'],
  ['lines[1].description', 'Second'],
  ['lines[1].amount', '3'],
]

describe('a lines form without JavaScript', () => {
  it('Add line answers the form with one line more and every value kept, saving nothing', async () => {
    const reply = (await saveForm(noApi, post([...filled, ['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'lines' } })]]), {} as AnyResource, view)) as {
      result: { initialValue: { name: string; lines: unknown[] } }
    }
    expect(reply.result.initialValue.name).toBe('A-1')
    expect(reply.result.initialValue.lines).toEqual([{ description: 'First', amount: '1,250.50' }, { description: 'Second', amount: '3' }, undefined])
  })

  it('Remove answers the form without that line', async () => {
    const reply = (await saveForm(noApi, post([...filled, ['__intent__', JSON.stringify({ type: 'remove', payload: { name: 'lines', index: 0 } })]]), {} as AnyResource, view)) as {
      result: { initialValue: { lines: unknown[] } }
    }
    expect(reply.result.initialValue.lines).toEqual([{ description: 'Second', amount: '3' }])
  })

  it('Save sends the lines as the API takes them, amounts read in the form’s number format, blank rows left out', () => {
    const body = bodyFromForm(
      view,
      {
        name: 'A-1',
        lines: [
          { description: 'First', amount: '1,250.50' },
          { description: '', amount: '' },
        ],
      },
      'create',
      'en',
    )
    expect(body).toEqual({ name: 'A-1', lines: [{ description: 'First', amount: '1250.50' }] })
  })

  it('Find in a line’s picker answers the form with that line’s choices narrowed, every value kept, saving nothing', async () => {
    const unitLines = { ...lines('Lines', { parentKey: 'orderId', fields: { rentalUnitId: reference('Unit', 'rental-units'), amount: money('Amount') } }), name: 'lines' }
    const unitView = { ...view, fields: [{ ...text('Name'), name: 'name' }, { ...unitLines, fields: { rentalUnitId: { ...unitLines.fields.rentalUnitId, name: 'rental_unit_id' }, amount: { ...unitLines.fields.amount, name: 'amount' } } }] } as unknown as ResourceView
    const asked: string[] = []
    const api = {
      async send(method: string, path: string) {
        asked.push(`${method} ${path}`)
        return { ok: true, data: { results: [{ id: 'u-204', name: '204 Elm House' }], more: false, selected: null } }
      },
    } as unknown as Api
    const reply = (await saveForm(
      api,
      post([
        ['name', 'A-1'],
        ['lines[0].amount', '5'],
        ['lines[1].amount', '7'],
        ['lines[1].rental_unit_id__search', '204'],
        ['lines[1].rental_unit_id__searched', ''],
        ['intent', 'find:lines[1].rental_unit_id'],
      ]),
      {} as AnyResource,
      unitView,
    )) as unknown as { result: { initialValue: { lines: unknown[] } }; choices: Record<string, { options: unknown[] }> }
    expect(asked).toEqual(['GET rental-units/names/?page_size=100&search=204'])
    expect(reply.choices['lines[1].rental_unit_id'].options).toEqual([{ value: 'u-204', label: '204 Elm House' }])
    expect(reply.result.initialValue.lines).toMatchObject([{ amount: '5' }, { amount: '7' }])
  })
})
