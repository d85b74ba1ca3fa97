import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { lines, money, text } from '~/resources/engine/fields'
import type { ResourceView } from '~/resources/engine/view'
import { LinesView } from './lines'
import { ResourceForm } from './resource-form'

/*
 * A document's lines in the generic form and on its page, as the browser receives them before any
 * JavaScript runs: each line's inputs named as the API names their errors (`lines[1].amount`), and
 * "Add line" and "Remove" as submit buttons carrying conform's list intents, so they work as a
 * round trip without JavaScript.
 */
const linesField = { ...lines('Lines', { parentKey: 'orderId', fields: { description: text('Description'), amount: money('Amount', { required: true }) } }), name: 'lines' }
const view: ResourceView = {
  name: 'test-orders',
  path: '/app/test-orders/',
  recordsPath: '/app/test-orders/',
  singular: 'Test order',
  plural: 'Test orders',
  description: '',
  group: 'Accounting',
  methods: ['create'],
  deactivation: null,
  hasIsActive: false,
  attachments: false,
  fields: [{ ...text('Name'), name: 'name' }, linesField],
  title: ['name'],
  columns: ['name'],
  searchable: false,
  filters: [],
  defaultFilters: {},
  links: [],
  listActions: [],
  tabs: null,
  related: [],
  state: null,
  deletable: null,
  locked: null,
  actions: [],
  documents: [],
  sections: [{ kind: 'fields', fields: ['name'] }, { kind: 'lines' }],
  heading: null,
  recordLinks: [],
  saved: null,
}

function render(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <>{element}</> }])
  return renderToString(<Stub initialEntries={['/']} />)
}

describe('lines in the generic pages', () => {
  it('a form holds each line’s inputs by the API’s names, with Add line and Remove as intent buttons', () => {
    const html = render(
      <ResourceForm
        view={view}
        record={{
          id: 'x',
          name: 'A',
          lines: [
            { description: 'First', amount: '12.50' },
            { description: 'Second', amount: '3.00' },
          ],
        }}
        choices={{}}
        actionData={undefined}
        submitLabel="Save"
      />,
    )
    expect(html).toContain('name="lines[0].description"')
    expect(html).toContain('name="lines[1].amount"')
    expect(html).toContain('value="12.50"')
    const buttons = html.match(/<button[^>]*>/g) ?? []
    const intent = (type: string) => buttons.filter((b) => b.includes('name="__intent__"') && b.includes(`&quot;type&quot;:&quot;${type}&quot;`))
    // Submit buttons, so that without JavaScript they send the form with their intent.
    expect(intent('insert')).toHaveLength(1)
    expect(intent('remove').map((b) => /aria-label="([^"]*)"/.exec(b)?.[1])).toEqual(['Remove line 1', 'Remove line 2'])
    for (const b of [...intent('insert'), ...intent('remove')]) expect(b).toContain('type="submit"')
  })

  it('a new document’s form starts with one empty line', () => {
    const html = render(<ResourceForm view={view} choices={{}} actionData={undefined} submitLabel="Create" />)
    expect(html).toContain('name="lines[0].amount"')
    expect(html).not.toContain('name="lines[1].amount"')
  })

  it('a record’s page shows its lines in order, amounts as money', () => {
    const html = render(
      <LinesView
        field={linesField}
        lines={[
          { id: '1', description: 'First', amount: '12.50' },
          { id: '2', description: 'Second', amount: '3.00' },
        ]}
      />,
    )
    expect(html.indexOf('First')).toBeLessThan(html.indexOf('Second'))
    expect(html).toMatch(/\$12\.50/)
  })
})
