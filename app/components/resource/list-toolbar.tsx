import { ArrowDown, ArrowUp } from 'lucide-react'
import { Form, Link, useLocation, useSearchParams } from 'react-router'
import type { ReferenceChoices } from '~/resources/engine/pages.server'
import { NO_RECORD, PICKER_LIMIT, type FieldView, type ResourceView } from '~/resources/engine/view'
import { Button } from '../ui/button'
import { Input, Select } from '../ui/input'
import { EmptyPicker, nothingToPick } from './empty-picker'
import { searchable, useReferenceSearch } from './reference-search'

/*
 * The generic list's sortable headers and its toolbar: the search (where the resource names
 * fields to search), a filter per select, boolean and reference field, active or not, page size.
 */

const PAGE_SIZES = [25, 50, 100]

/** A column header that sorts by its field; a second click reverses the order. */
export function SortHeader({ name, label }: { name: string; label: string }) {
  const [params] = useSearchParams()
  // The page's own address: a preset list sorts in place, not on its resource's whole list.
  const { pathname } = useLocation()
  const current = params.get('ordering') ?? ''
  const next = new URLSearchParams(params)
  next.set('ordering', current === name ? `-${name}` : name)
  next.delete('page')
  const direction = current === name ? 'ascending' : current === `-${name}` ? 'descending' : undefined
  return (
    <th className="border-b bg-muted/60 px-4 py-2 font-semibold" aria-sort={direction ?? 'none'} scope="col">
      <Link to={`${pathname}?${next}`} className="inline-flex items-center gap-1 hover:underline">
        {label}
        {direction === 'ascending' ? <ArrowUp aria-hidden className="size-3.5" /> : direction === 'descending' ? <ArrowDown aria-hidden className="size-3.5" /> : null}
        <span className="sr-only">{direction ? `, sorted ${direction}` : ', sort'}</span>
      </Link>
    </th>
  )
}

/**
 * A filter by a referenced record. While the target's records fit in a select it is one; past
 * that a search box finds the record (as you type with JavaScript, on Apply without it) and the
 * select offers the matches, and the record the list is filtered by, by name.
 */
function ReferenceFilter({ field, choices, value }: { field: FieldView; choices: ReferenceChoices; value: string }) {
  const { search, setSearch, shown } = useReferenceSearch(field, choices)
  const target = field.targetSingular?.toLowerCase() ?? 'record'
  // A hint about the choices that answer what is typed, never about earlier ones while the next are loading.
  const answered = !!search.trim() && (shown.search ?? '') === search.trim()
  const hint = !answered ? null : !shown.options.length ? `no ${target} matches` : shown.more ? `first ${PICKER_LIMIT} shown` : null
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline gap-2">
        <label htmlFor={`filter-${field.name}`} className="text-sm font-medium">
          {field.label}
        </label>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {hint}
        </span>
      </div>
      {nothingToPick(choices) ? (
        <EmptyPicker field={field} id={`filter-${field.name}`} />
      ) : (
        <div className="flex gap-2">
          {searchable(choices) ? (
            <Input
              type="search"
              name={`${field.name}__search`}
              aria-label={`Search ${field.label.toLowerCase()}`}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={`Find a ${target}…`}
              className="w-40"
            />
          ) : null}
          <Select id={`filter-${field.name}`} name={field.name} key={shown.options.map((o) => o.value).join()} defaultValue={value} className="max-w-56">
            <option value="">All</option>
            {field.required ? null : <option value={NO_RECORD}>None</option>}
            {shown.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  )
}

export function ListToolbar({ view, applied, filterChoices }: { view: ResourceView; applied: Record<string, string>; filterChoices: Record<string, ReferenceChoices> }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2" aria-label={`Search ${view.plural.toLowerCase()}`}>
      {view.searchable ? (
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor="list-search" className="text-sm font-medium">
            Search
          </label>
          <Input id="list-search" type="search" name="search" defaultValue={applied.search ?? ''} placeholder={`Search ${view.plural.toLowerCase()}`} />
        </div>
      ) : null}
      {view.fields
        .filter((f) => view.filters.includes(f.name))
        .map((field) => {
          if (field.kind === 'reference') {
            const choices = filterChoices[field.name] ?? { options: [], more: false }
            // Mounted afresh when the page's filter changes, so its search box starts from what the page was sent.
            return <ReferenceFilter key={`${field.name}:${applied[field.name] ?? ''}:${choices.search ?? ''}`} field={field} choices={choices} value={applied[field.name] ?? ''} />
          }
          const options = field.kind === 'select' ? field.options : [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }]
          return (
            <div key={field.name} className="flex flex-col gap-1">
              <label htmlFor={`filter-${field.name}`} className="text-sm font-medium">
                {field.label}
              </label>
              <Select id={`filter-${field.name}`} name={field.name} defaultValue={applied[field.name] ?? ''} className="max-w-56">
                <option value={field.kind === 'select' ? 'ALL' : ''}>All</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
          )
        })}
      {view.hasIsActive ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-is_active" className="text-sm font-medium">
            Active
          </label>
          <Select id="filter-is_active" name="is_active" defaultValue={applied.is_active ?? ''}>
            <option value="">All</option>
            <option value="true">Active</option>
            <option value="false">{view.deactivation?.inactive ?? 'Deactivated'}</option>
          </Select>
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="list-page-size" className="text-sm font-medium">
          Per page
        </label>
        <Select id="list-page-size" name="page_size" defaultValue={applied.page_size ?? '25'}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
      {applied.ordering ? <input type="hidden" name="ordering" value={applied.ordering} /> : null}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  )
}
