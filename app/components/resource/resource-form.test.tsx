import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { resourceNamed } from '~/resources'
import { viewOf } from '~/resources/engine/view'
import { ResourceForm } from './resource-form'

/*
 * The generic new and edit forms as the browser receives them before any JavaScript runs: a field
 * written only as its record is changed is not on the new form, and one written only as it is made
 * is shown on the edit form as it is, not as an input.
 */
const viewNamed = (name: string) => viewOf(resourceNamed(name)!, resourceNamed)

function render(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <>{element}</> }])
  return renderToString(<Stub initialEntries={['/']} />)
}

describe('fields written on create only or on update only, in the generic forms', () => {
  it('a new journal entry’s form asks no reversal date; correcting one does', () => {
    const view = viewNamed('journal-entries')
    const created = render(<ResourceForm view={view} choices={{}} actionData={undefined} submitLabel="Add Journal Entry" />)
    expect(created).toContain('name="date"')
    expect(created).not.toContain('name="reversal_date"')
    expect(created).not.toContain('Reversal date')
    const record = { id: 'x', date: '2026-04-10', memo: 'Insurance', status: 'POSTED', lines: [] }
    expect(render(<ResourceForm view={view} record={record} choices={{}} actionData={undefined} submitLabel="Save changes" />)).toContain('name="reversal_date"')
  })

  it('a bulk notice’s edit form shows its dates as made and takes only its memo', () => {
    const view = viewNamed('bulk-rent-increase-notices')
    const record = { id: 'x', notice_date: '2031-01-15', effective_date: '2031-05-01', increase_percent: '2.50', email_residents: false, property_group_id: null, memo: 'Spring', status: 'ISSUED' }
    const html = render(<ResourceForm view={view} record={record} choices={{}} actionData={undefined} submitLabel="Save changes" />)
    const inputs = [...html.matchAll(/<(?:input|select|textarea)[^>]* name="([^"]+)"/g)].map((m) => m[1]).filter((name) => name !== 'number_format')
    expect(inputs).toEqual(['memo'])
    for (const shown of ['Notice given on', '2031-01-15', 'Takes effect on', '2031-05-01', 'Increase', '2.5']) expect(html).toContain(shown)
    const created = render(<ResourceForm view={view} choices={{}} actionData={undefined} submitLabel="Add" />)
    for (const name of ['notice_date', 'effective_date', 'increase_percent', 'email_residents']) expect(created).toContain(`name="${name}"`)
  })
})
