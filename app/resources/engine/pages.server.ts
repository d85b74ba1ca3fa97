import { parse, type SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { Page } from '~/api/pagination'
import { laterPageTitle } from '~/components/layout/coming-later'
import type { NumberFormat } from '~/domain/money'
import { flagOf, type UserPermissions } from '~/domain/permissions'
import { STAFF_LATER } from '~/domain/pages'
import type { Api } from '~/utils/api-client.server'
import { idempotencyKeyOf, numberFormatOf, replyWithApiError } from '~/utils/forms.server'
import { redirectWithToast } from '~/utils/toast.server'
import { RESOURCES, resourceNamed } from '../index'
import { apiPathOf, type NameEntry } from './api.server'
import { IMPORTABLE } from './import'
import type { AnyResource, ListPreset } from './define'
import { apiName, uploadKey, writableIn, type ReferenceField } from './fields'
import { kindOf } from './kinds'
import { DELETE_STEP, fill, NO_RECORD, pagePathOf, PICKER_LIMIT, recordTitle, viewOf, type ActionView, type FieldView, type ResourceView } from './view'

/*
 * The server half of the generic list, new, edit and detail pages: loaders and
 * actions that turn a resource's view into API calls. Routes stay thin.
 */

export type Record_ = Record<string, unknown> & { id: string }
export type Choice = { value: string; label: string }
/** A reference field's choices: the first page of the target's records (and the one it is set to), and whether there are more to search. */
export type ReferenceChoices = { options: Choice[]; more: boolean; search?: string }

export type Lookup = { resource: AnyResource; view: ResourceView } | { comingLater: string }

// A definition does not change while the server runs: its page view is worked out once.
const views = new WeakMap<AnyResource, ResourceView>()
function pageViewOf(resource: AnyResource) {
  let view = views.get(resource)
  if (!view) views.set(resource, (view = { ...viewOf(resource, resourceNamed), importable: IMPORTABLE.includes(resource.name) }))
  return view
}

/** The resource at /app/{name}/ (or the list preset at that address), or the honest "coming later" page of one SPEC.md lists but not built yet, or a 404. */
export function lookupResource(name: string | undefined, url: URL): Lookup {
  const resource = name ? resourceNamed(name) : undefined
  // Each resource answers at its own path only (/app/accounting/accounts/, not /app/accounts/),
  // with or without the trailing slash (an address typed or linked without it).
  if (resource && url.pathname.startsWith(pagePathOf(resource).slice(0, -1))) return { resource, view: pageViewOf(resource) }
  const preset = presetAt(url.pathname)
  if (preset) return { resource: preset.resource, view: presetViewOf(preset.resource, preset.preset) }
  return { comingLater: laterPageTitle(STAFF_LATER, url) }
}

/** The resource a /new/ page makes: the one it is at, or the one a read-only view's records are made as (`madeAs`). */
export function lookupNewPage(name: string | undefined, url: URL): Lookup {
  const found = lookupResource(name, url)
  if ('comingLater' in found || !found.resource.madeAs) return found
  const made = resourceNamed(found.resource.madeAs)!
  return { resource: made, view: pageViewOf(made) }
}

/** The list preset at exactly this address (its list only: its records are the resource's), with its resource. */
function presetAt(pathname: string) {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  for (const resource of RESOURCES) {
    const preset = resource.presets?.find((p) => p.path === path)
    if (preset) return { resource, preset }
  }
  return undefined
}

const presetViews = new WeakMap<ListPreset, ResourceView>()
/** A preset's page: the resource's list titled as the preset, its fixed filters applied and not offered, and none of the list's own actions (they are the whole list's). */
function presetViewOf(resource: AnyResource, preset: ListPreset) {
  let view = presetViews.get(preset)
  if (!view) {
    const list = pageViewOf(resource)
    view = {
      ...list,
      plural: preset.plural,
      description: preset.description,
      filters: list.filters.filter((f) => !(f in preset.filters)),
      columns: preset.columns?.map(apiName) ?? list.columns,
      defaultFilters: { ...list.defaultFilters, ...preset.filters },
      listActions: [],
    }
    presetViews.set(preset, view)
  }
  return view
}

/** The list's API query from the page's own query string, starting from the resource's default filters (and a preset's fixed ones, which it offers no field for). */
export function listParams(view: ResourceView, url: URL) {
  const params = new URLSearchParams()
  for (const key of new Set(['page', 'page_size', 'search', 'ordering', 'is_active', ...view.filters, ...Object.keys(view.defaultFilters)])) {
    const value = url.searchParams.get(key) ?? (key in view.defaultFilters ? view.defaultFilters[key] : null)
    if (value) params.set(key, value)
  }
  return params
}

export async function loadList(api: Api, userId: string, resource: AnyResource, view: ResourceView, url: URL) {
  const params = listParams(view, url)
  const filters = view.fields.filter((f) => f.kind === 'reference' && view.filters.includes(f.name))
  // What was typed into a filter's search box (`rental_unit_id__search`), as a form's picker sends it.
  const searches = Object.fromEntries(filters.map((f) => [f.name, url.searchParams.get(`${f.name}__search`)?.trim() ?? '']))
  const applied = Object.fromEntries(params)
  const targetOf = (f: FieldView) => `${userId}|${f.kind === 'reference' ? f.resource : ''}`
  // An unset, unsearched filter over a target known to be large would only get names to drop.
  const asked = filters.filter((f) => searches[f.name] || applied[f.name] || !largeTargets.isLarge(targetOf(f)))
  const [page, choices] = await Promise.all([
    api.get<Page<Record_>>(`${apiPathOf(resource)}/?${params}`),
    referenceChoices(api, asked, { searches, selected: applied }),
  ])
  for (const f of asked) if (choices[f.name].more && !searches[f.name]) largeTargets.remember(targetOf(f))
  // A filter whose records fit in a select offers them all; past that it is searched, and until
  // then offers only the record it is set to (a related list's "View all" sets it).
  const filterChoices = Object.fromEntries(
    filters.map(({ name }) => {
      const c = choices[name] ?? { options: [], more: true }
      return [name, c.more && !c.search ? { ...c, options: c.options.filter((o) => o.value === applied[name]) } : c]
    }),
  )
  return { page: { ...page, results: page.results.map((r) => shownOf(view, r)) }, filterChoices, applied }
}

/**
 * Which list filters' targets hold more records than a select offers, per user (whose company and
 * permissions decide), for a minute. Such a filter offers a search box and only the record it is
 * set to, so until it is set or searched it needs no names: remembering spares each view of a big
 * list an API call that fetched the target's first hundred names only to drop them. A minute is
 * short enough that a target shrunk below the limit soon gets its select back.
 */
const largeTargets = (() => {
  const TTL_MS = 60_000
  const until = new Map<string, number>()
  return {
    isLarge: (key: string) => (until.get(key) ?? 0) > Date.now(),
    remember(key: string) {
      if (until.size >= 10_000) until.clear()
      until.set(key, Date.now() + TTL_MS)
    },
  }
})()

/** Of a record, what its list row shows (its columns, their record names, its title), so the page carries no more than it renders. */
function shownOf(view: ResourceView, record: Record_): Record_ {
  const shown: Record_ = { id: record.id }
  for (const name of listKeys(view)) if (name in record) shown[name] = record[name]
  return shown
}

// The same for every page of a resource (its view is made once), so worked out once.
const listKeysOf = new WeakMap<ResourceView, string[]>()
function listKeys(view: ResourceView) {
  let keys = listKeysOf.get(view)
  if (!keys) {
    const columns = view.fields.filter((f) => view.columns.includes(f.name))
    listKeysOf.set(view, (keys = [...new Set([...view.title, ...columns.flatMap((f) => (f.labelKey ? [f.name, f.labelKey] : [f.name]))])]))
  }
  return keys
}

/** The list action whose confirmation step the page's `?confirm=` asks for, or null. */
export function confirmingListAction(view: ResourceView, url: URL) {
  const asked = url.searchParams.get('confirm')
  return view.listActions.find((a) => a.confirm && a.path === asked)?.path ?? null
}

/** Runs one of a list's actions (the intent `list:{path}`) through its API operation: its answer's detail is the toast, a refusal the page's message. */
export async function runListAction(api: Api, formData: FormData, view: ResourceView) {
  const intent = formData.get('intent')
  const action = typeof intent === 'string' && intent.startsWith('list:') ? view.listActions.find((a) => a.path === intent.slice('list:'.length)) : undefined
  if (!action) throw data({ detail: 'Unknown action.' }, { status: 400 })
  const result = await api.send<{ detail: string }>('POST', `${action.path}/`, {}, { idempotencyKey: idempotencyKeyOf(formData) })
  if (!result.ok) return data({ error: result.error.detail }, { status: typeof result.status === 'number' ? result.status : 500 })
  throw await redirectWithToast(view.path, { type: 'success', description: result.data.detail })
}

/** A resource's records for a picker: the first PICKER_LIMIT matching `search` and the `selected` one, by name. */
export async function choicesOf(api: Api, target: AnyResource, { search, selected, filters = {} }: { search?: string; selected?: unknown; filters?: Record<string, string> }): Promise<ReferenceChoices> {
  const query = new URLSearchParams({ ...filters, page_size: String(PICKER_LIMIT) })
  if (search) query.set('search', search)
  // A filter on None names no record to keep among the choices.
  if (typeof selected === 'string' && selected && selected !== NO_RECORD) query.set('selected', selected)
  const result = await api.send<{ results: NameEntry[]; more: boolean; selected: NameEntry | null }>('GET', `${apiPathOf(target)}/names/?${query}`)
  // Without the permission to read the target, the field offers nothing rather than failing the page.
  if (!result.ok) return { options: [], more: false, search }
  const { results, more, selected: chosen } = result.data
  const entries = chosen && !results.some((r) => r.id === chosen.id) ? [chosen, ...results] : results
  return { options: entries.map((r) => ({ value: r.id, label: r.name })), more, search }
}

/**
 * Choices for reference fields (a form's inputs or a list's filters), each narrowed by its own
 * search when given, and always holding the record the field is set to.
 */
export async function referenceChoices(
  api: Api,
  fields: FieldView[],
  { searches = {}, selected = {}, record }: { searches?: Record<string, string>; selected?: Record<string, unknown>; /** The record the form is on: what `narrowedBy` reads. */ record?: Record<string, unknown> } = {},
) {
  const entries = await Promise.all(
    fields
      .filter((f) => f.kind === 'reference')
      .map(async (field) => {
        const reference = field as FieldView & ReferenceField
        const target = resourceNamed(reference.resource)
        if (!target) return [field.name, { options: [], more: false }] as const
        const filters = reference.narrowedBy ? narrowing(reference.narrowedBy, record ?? {}) : {}
        return [field.name, await choicesOf(api, target, { search: searches[field.name]?.trim(), selected: selected[field.name], filters })] as const
      }),
  )
  return Object.fromEntries(entries) as Record<string, ReferenceChoices>
}

/** A picker's filters, each a value or `{field}` of the record its form is on (left out when the record has none). */
function narrowing(narrowedBy: Record<string, string>, record: Record<string, unknown>) {
  const filters: Record<string, string> = {}
  for (const [name, value] of Object.entries(narrowedBy)) {
    const match = /^\{(\w+)\}$/.exec(value)
    const filled = match ? record[match[1]!] : value
    if (typeof filled === 'string' && filled) filters[name] = filled
  }
  return filters
}

/**
 * The values a new record's form starts with: the reference fields set by its link (`?building_id=`
 * from a building's page), and what a record so named starts it with (`startsFrom`: a renewal the
 * lease it renews), read through the API as the person may read it.
 */
export async function startingValues(api: Api, resource: AnyResource, preset: Record<string, unknown>): Promise<Record<string, unknown>> {
  let values: Record<string, unknown> = {}
  for (const [key, start] of Object.entries(resource.startsFrom ?? {})) {
    const id = preset[apiName(key)]
    const field = resource.fields[key]
    if (typeof id !== 'string' || !start || field?.kind !== 'reference') continue
    const target = resourceNamed(field.resource)
    const found = target ? await api.send<Record<string, unknown>>('GET', `${apiPathOf(target)}/${encodeURIComponent(id)}/`) : null
    if (found?.ok) values = { ...values, ...start(found.data) }
  }
  return { ...values, ...preset }
}

/**
 * What a new document's lines can pick (its picks' candidates, ADR 013), as its API offers them,
 * narrowed by the field they depend on as the form starts (`?bank_account_id=` from a bank
 * account's page); null for a document whose lines are typed.
 */
export async function candidatesOf(api: Api, resource: AnyResource, view: ResourceView, preset: Record<string, unknown>): Promise<Record_[] | null> {
  const candidates = resource.lines?.picks?.candidates
  if (!candidates) return null
  const by = candidates.by ? apiName(candidates.by) : undefined
  const value = by ? preset[by] : undefined
  const query = by && typeof value === 'string' && value ? `?${by}=${encodeURIComponent(value)}` : ''
  const result = await api.send<{ results: Record_[] }>('GET', `${apiPathOf(resource)}/${candidates.path}/${query}`)
  return result.ok ? result.data.results : []
}

/** A document's line fields that are references, under the name their choices go by: `lines.account_id`. */
function lineReferences(view: Pick<ResourceView, 'fields'>): FieldView[] {
  return view.fields.flatMap((f) => (f.kind === 'lines' && !f.picks ? Object.values(f.fields as Record<string, FieldView>).filter((l) => l.kind === 'reference').map((l) => ({ ...l, name: `${f.name}.${l.name}` })) : []))
}

/**
 * A form's reference choices: each reference field's, holding the record it is set to, and each
 * reference column of its lines' (a line set past the first page of choices offers its own record
 * by the name it was read with).
 */
export async function formChoices(api: Api, view: ResourceView, selected: Record<string, unknown> = {}) {
  return referenceChoices(api, [...view.fields, ...lineReferences(view)], { selected })
}

/** The field a form input names: a record's own (`unit_id`) or a line's (`lines[2].account_id`, a field of `lines`). */
function fieldAt(view: ResourceView, path: string): FieldView | undefined {
  const line = /^(\w+)\[\d+\]\.(\w+)$/.exec(path)
  if (!line) return view.fields.find((f) => f.name === path)
  const lines = view.fields.find((f) => f.name === line[1])
  return lines?.kind === 'lines' ? (Object.values(lines.fields as Record<string, FieldView>).find((f) => f.name === line[2]) as FieldView | undefined) : undefined
}

/** The form as the API wants it: empty inputs are null, checkboxes true or false, addresses nested, amounts read in the person's number format. */
export function bodyFromForm(view: Pick<ResourceView, 'fields'>, value: Record<string, unknown>, mode: 'create' | 'update', numbers: NumberFormat) {
  const body: Record<string, unknown> = {}
  for (const field of view.fields) {
    if (!writableIn(field, mode) || field.hiddenInForm) continue
    // Picked lines travel as the ids ticked (one ticked box reads as a string, several as a list).
    if (field.kind === 'lines' && field.picks) {
      const ticked = value[field.picks.input]
      body[field.picks.input] = (Array.isArray(ticked) ? ticked : ticked ? [ticked] : []).map(String)
      continue
    }
    const given = kindOf(field).fromForm(value[field.name], field, { mode, numbers })
    if (given !== undefined) body[field.name] = given
  }
  return body
}

/** The no-JavaScript pickers' search boxes in a form's values: each picker's input name, what its box holds and what its choices were narrowed by. */
function pickerBoxes(value: unknown, prefix = ''): { field: string; search: string; searched: string }[] {
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => {
    const name = Array.isArray(value) ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key
    if (!key.endsWith('__search')) return pickerBoxes(child, name)
    const searched = (value as Record<string, unknown>)[`${key.slice(0, -'__search'.length)}__searched`]
    return [{ field: name.slice(0, -'__search'.length), search: typeof child === 'string' ? child : '', searched: typeof searched === 'string' ? searched : '' }]
  })
}

/**
 * Which reference input asked to search (the no-JavaScript picker), and what for: its Find button,
 * or Enter in its search box, which sends the form as Save does but with text the choices were not
 * narrowed by yet. A line's picker is named by its input (`lines[2].rental_unit_id`).
 */
function pickerSearch(values: Record<string, unknown>) {
  const boxes = pickerBoxes(values)
  const intent = values.intent
  if (typeof intent === 'string' && intent.startsWith('find:')) {
    const field = intent.slice('find:'.length)
    return { field, search: boxes.find((b) => b.field === field)?.search ?? '' }
  }
  const typed = boxes.find((b) => b.search !== b.searched)
  return typed ? { field: typed.field, search: typed.search } : null
}

/**
 * Saves the new or edit form through the API. On a field error the form comes
 * back with every value kept; the no-JavaScript picker's "Find" comes back the
 * same way, with that field's choices narrowed.
 */
export async function saveForm(api: Api, request: Request, resource: AnyResource, view: ResourceView, id?: string) {
  const formData = await request.formData()
  // A list intent ("Add line", "Remove") changes the form, not the record: it comes back as changed.
  const submission = parse<Record<string, unknown>, string[]>(formData, { resolve: (value, intent) => (intent ? {} : { value }) })
  if (submission.status !== 'success') return { result: submission.reply() }
  const values = (submission.payload ?? {}) as Record<string, unknown>
  const find = pickerSearch(values)
  const searched = find && fieldAt(view, find.field)
  if (find && searched) {
    const choices = await referenceChoices(api, [{ ...searched, name: find.field }], { searches: { [find.field]: find.search } })
    return { result: submission.reply(), choices }
  }
  const body = bodyFromForm(view, values, id ? 'update' : 'create', numberFormatOf(formData))
  const files = id ? [] : view.fields.filter((f) => f.kind === 'file').map((f) => uploadKey(f.name))
  const result = id
    ? await api.send<Record_>('PUT', `${apiPathOf(resource)}/${id}/`, body)
    : await api.send<Record_>('POST', `${apiPathOf(resource)}/`, files.length ? multipartOf(body, files, values) : body, { idempotencyKey: idempotencyKeyOf(formData) })
  // Neither a secret nor a chosen file is sent back to the browser.
  if (!result.ok) return replyWithApiError(submission as never, result.error, result.status, { hide: [...view.fields.filter((f) => f.kind === 'secret').map((f) => f.name), ...files] })
  const name = recordTitle(view, result.data)
  const more = view.saved ? ` ${fill(view.saved, result.data)}` : ''
  throw await redirectWithToast(`${pagePathOf(resource)}${result.data.id}/`, { type: 'success', description: `${view.singular} ${name} ${id ? 'saved' : 'created'}.${more}` })
}

/** A new record with files as the API takes it: its fields as form text (an empty one is none), each file in its part. */
function multipartOf(body: Record<string, unknown>, files: string[], values: Record<string, unknown>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(body)) form.append(name, value === null ? '' : String(value))
  for (const name of files) {
    const file = values[name]
    if (file instanceof File) form.append(name, file)
  }
  return form
}

export const RELATED_PAGE_SIZE = 10
/** How many of a document's journal entries its page lists; the journal lists them all. */
export const JOURNAL_SHOWN = 50

/** A journal entry as a document's page lists it (the API's journal entry summary). */
export type JournalItem = {
  id: string
  number: number
  date: string
  memo: string | null
  total: string
  status: 'POSTED' | 'REVERSED'
  kind: 'ORIGINAL' | 'REVERSAL' | 'REPLACEMENT'
}
export type HistoryItem = {
  action: string | null
  action_label: string | null
  from_label: string | null
  to_label: string
  note: string | null
  user_name: string | null
  created_at: string
}

const hasSection = (view: ResourceView, kind: ResourceView['sections'][number]['kind']) => view.sections.some((s) => s.kind === kind)

/** The page of the document a journal entry came from, when its source is a resource (ADR 013: `source_type` is the resource's name). */
export function sourcePageOf(entry: { source_type: string; source_id: string }) {
  const resource = RESOURCES.find((r) => (r.sourceType ?? r.name) === entry.source_type)
  return resource ? `${pagePathOf(resource)}${entry.source_id}/` : null
}

/** The actions this person can take from the record's state: its state must be one they start from (where it has states), what it is offered while must hold, and the person needs their permission. */
async function availableActions(api: Api, view: ResourceView, record: Record_): Promise<ActionView[]> {
  if (!hasSection(view, 'actions')) return []
  const startable = view.actions.filter((a) => (!view.state || (a.from ?? []).includes(String(record[view.state]))) && (!a.offeredWhile || record[a.offeredWhile] === true))
  // Answered from the API's per-login principal cache; asked only when an action needs more than the page does.
  const permissions = startable.some((a) => a.permission) ? await api.get<UserPermissions>('user-permissions/') : null
  return startable.filter((a) => !a.permission || permissions?.[flagOf(a.permission)])
}

/**
 * What the record's page shows, section by section: the record, its related lists, the actions open
 * to this person from its state (with their reference choices, and the one being confirmed when the
 * query string asks `?confirm={action}`), its journal entries and its state history.
 */
export async function loadDetail(api: Api, resource: AnyResource, view: ResourceView, id: string, url: URL) {
  const base = `${apiPathOf(resource)}/${id}/`
  const relatedLists = view.sections.flatMap((s) => (s.kind === 'related' ? [s.related] : []))
  // Only the actions wait for the record (its state decides them); the rest is asked beside it.
  const [record, related, journal, history] = await Promise.all([
    api.get<Record_>(base),
    Promise.all(
      relatedLists.map(async (r) => {
        const target = resourceNamed(r.name)!
        const result = await api.send<Page<Record_>>('GET', `${apiPathOf(target)}/?${r.field}=${id}&page_size=${RELATED_PAGE_SIZE}`)
        return { ...r, view: pageViewOf(target), page: result.ok ? result.data : null }
      }),
    ),
    hasSection(view, 'journal') ? api.send<Page<JournalItem>>('GET', `accounting/journal/?source_id=${id}&page_size=${JOURNAL_SHOWN}`).then((r) => (r.ok ? r.data : null)) : undefined,
    view.state && hasSection(view, 'history') ? api.get<HistoryItem[]>(`${base}history/`).then((h) => h.toReversed()) : undefined,
  ])
  const actions = await availableActions(api, view, record)
  // The step that asks before what cannot be undone: one of the record's actions, or deleting it (`?confirm=delete`).
  const asked = url.searchParams.get('confirm')
  const confirming = asked === DELETE_STEP ? DELETE_STEP : (actions.find((a) => a.confirm && a.name === asked)?.name ?? null)
  const actionChoices = Object.fromEntries(await Promise.all(actions.map(async (a) => [a.name, await referenceChoices(api, a.input, { record })] as const)))
  return { record, related, actions, actionChoices, confirming, journal, history }
}

/** Runs one of the record's actions (the intent `run:{action}`) through the API; errors naming its inputs go back to its form, others to the page. */
async function runActionFromPage(api: Api, formData: FormData, resource: AnyResource, view: ResourceView, id: string, name: string) {
  const action = view.actions.find((a) => a.name === name)
  if (!action) throw data({ detail: 'Unknown action.' }, { status: 400 })
  const submission = parse<Record<string, unknown>, string[]>(formData, {
    resolve: (value) => ({ value }),
  })
  const body = bodyFromForm({ fields: action.input }, (submission.payload ?? {}) as Record<string, unknown>, 'create', numberFormatOf(formData))
  const result = await api.send<Record_>('POST', `${apiPathOf(resource)}/${id}/${name}/`, body, { idempotencyKey: idempotencyKeyOf(formData) })
  if (result.ok)
    throw await redirectWithToast(`${view.path}${id}/`, { type: 'success', description: action.done ?? `${action.label}: done.` })
  const status = typeof result.status === 'number' ? result.status : 500
  const inputs = new Set(action.input.map((f) => f.name))
  const fieldErrors = Object.fromEntries(Object.entries(result.error.errors ?? {}).filter(([field]) => inputs.has(field)))
  if (!Object.keys(fieldErrors).length) return data({ error: result.error.detail }, { status })
  return data(
    {
      action: name,
      result: submission.reply({ fieldErrors }) as SubmissionResult<string[]>,
    },
    { status },
  )
}

/**
 * Saves a checklist section's ticks (the intent `checklist:{path}`): the rows it showed that are
 * ticked, and those that are not, through the API endpoint the section names. Ticks saved as they
 * are made (with JavaScript, `live`) answer without a redirect; the page's data follows.
 */
async function saveChecklist(api: Api, formData: FormData, resource: AnyResource, view: ResourceView, id: string, path: string) {
  const section = view.sections.find((s) => s.kind === 'checklist' && s.save.path === path)
  if (section?.kind !== 'checklist') throw data({ detail: 'Unknown action.' }, { status: 400 })
  const { save } = section
  const ticked = new Set(formData.getAll('checked').map(String))
  const unticked = formData
    .getAll('shown')
    .map(String)
    .filter((row) => !ticked.has(row))
  for (const [ids, checked] of [
    [[...ticked], true],
    [unticked, false],
  ] as const) {
    if (!ids.length) continue
    const result = await api.send('POST', `${apiPathOf(resource)}/${id}/${path}/`, { [save.ids]: ids, [save.checked]: checked })
    if (!result.ok) return data({ error: result.error.errors?.[save.ids]?.join(' ') ?? result.error.detail }, { status: typeof result.status === 'number' ? result.status : 500 })
  }
  if (formData.get('live')) return { saved: true }
  throw await redirectWithToast(`${view.path}${id}/`, { type: 'success', description: save.done })
}

/** Deactivate, reactivate or delete from the detail page, run one of the record's actions, or save a checklist's ticks. */
export async function detailAction(api: Api, formData: FormData, resource: AnyResource, view: ResourceView, id: string) {
  const intent = formData.get('intent')
  const base = `${apiPathOf(resource)}/${id}/`
  if (typeof intent === 'string' && intent.startsWith('run:')) return runActionFromPage(api, formData, resource, view, id, intent.slice('run:'.length))
  if (typeof intent === 'string' && intent.startsWith('checklist:')) return saveChecklist(api, formData, resource, view, id, intent.slice('checklist:'.length))
  if (intent === 'deactivate' || intent === 'delete') {
    const result = await api.send('DELETE', base)
    if (!result.ok) return { error: result.error.detail }
    if (intent === 'delete') throw await redirectWithToast(view.path, { type: 'success', description: `${view.singular} deleted.` })
    // DELETE answers nothing: the record, still there deactivated, is read for its name.
    const record = await api.get<Record_>(base)
    throw await redirectWithToast(`${view.path}${id}/`, { type: 'success', description: `${recordTitle(view, record)} ${view.deactivation?.done ?? 'deactivated'}.` })
  }
  if (intent === 'reactivate') {
    const result = await api.send<Record_>('POST', `${base}reactivate/`)
    if (!result.ok) return { error: result.error.detail }
    throw await redirectWithToast(`${view.path}${id}/`, { type: 'success', description: `${recordTitle(view, result.data)} ${view.deactivation?.undone ?? 'reactivated'}.` })
  }
  throw data({ detail: 'Unknown action.' }, { status: 400 })
}
