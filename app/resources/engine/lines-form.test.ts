import { describe, expect, it } from 'vitest'
import type { Api } from '~/utils/api-client.server'
import type { AnyResource } from './define'
import { lines, money, text } from './fields'
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
})
