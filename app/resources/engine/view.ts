import { ACTION_NOTE, type AnyResource, type Deactivation, type ChecklistSection, type FiguresSection, type TableSection, type ListAction, type Method, type Related, type Template } from './define'
import { apiName, labelKey, linesName, type Field } from './fields'
import type { PageTabs } from '~/domain/navigation'
import type { Gate, PermissionGroup } from '~/domain/permissions'

/**
 * What the generic pages need to know of a resource, as plain JSON: loaders
 * send it with the data, so the browser never loads the definitions (or the
 * database schema they are typed from).
 */
export type FieldView = Field & {
  name: string
  labelKey?: string
  targetPath?: string
  targetSingular?: string
  /** Where a record of the target is created, and who may: for a picker with nothing to choose. */
  targetNew?: Gate & { href: string }
}

/** An action as the record's page offers it: a button, or a small form of its input fields and a note. */
export type ActionView = {
  name: string
  label: string
  /** The states it starts from; null where the resource has none (it runs on any record). */
  from: string[] | null
  confirm?: string
  done?: string
  permission?: PermissionGroup
  /** The boolean of the record's output that must be true for the page to offer it; null: its state decides alone. */
  offeredWhile: string | null
  /** Its input fields, then the note every action takes; none for an action that asks nothing. */
  input: FieldView[]
}

/** A file the record's page offers to download (ADR 019): a button posting to its document route. */
export type DocumentView = {
  name: string
  label: string
  /** The states it can be made in; null: any. */
  from: string[] | null
}

export type RelatedView = {
  name: string
  path: string
  plural: string
  label: string
  field: string
  addLabel: string
}

/** One part of the record's page, in the order the definition gives (or the engine's default order). */
export type SectionView =
  | { kind: 'fields'; label?: string; fields: string[] }
  | { kind: 'related'; related: RelatedView }
  | { kind: 'lines' | 'actions' | 'journal' | 'history' | 'attachments' | 'notes' }
  | FiguresSection
  | ChecklistSection
  | TableSection

export type ResourceView = {
  name: string
  path: string
  /** Where a record's page is: its own, or for a read-only view made as another resource (`madeAs`), that resource's (the full page, with its actions). */
  recordsPath: string
  singular: string
  plural: string
  description: string
  group: string
  methods: Method[]
  /** How the pages deactivate a record and undo it, where DELETE deactivates; null where it deletes. */
  deactivation: Deactivation | null
  hasIsActive: boolean
  attachments: boolean
  /** A CSV import from another system exists (set by the page loaders, which know the import rules). */
  importable?: boolean
  fields: FieldView[]
  /** The fields that name a record on the pages: its label, or else its title. */
  title: string[]
  columns: string[]
  /** Its list can be searched (it names fields to search); a list without any offers no search box that would do nothing. */
  searchable: boolean
  filters: string[]
  defaultFilters: Record<string, string>
  links: { label: string; href: string }[]
  /** What is done to its records together: buttons above its list. */
  listActions: ListAction[]
  /** The pages it shares a sidebar link with, as tabs; null for a resource with a link of its own. */
  tabs: PageTabs | null
  related: RelatedView[]
  /** The API name of the field holding a document's state; null for a resource without states. */
  state: string | null
  /** The states a record may be deleted in; null: any. */
  deletable: string[] | null
  /** The states a record is kept as it is in (no Edit); null: none. */
  locked: string[] | null
  actions: ActionView[]
  /** Files a record makes of itself: buttons in its page's header. */
  documents: DocumentView[]
  sections: SectionView[]
  /** The record page's heading, when its name alone says too little. */
  heading: Template | null
  /** Said after a save, the saved record's values filled in. */
  saved: Template | null
  /** Links in a record's header, `{id}` and the record's other values filled in on the page. */
  recordLinks: { label: string; href: Template; download?: boolean }[]
}

/** Digits after the decimal mark a number-like field takes: amounts and percentages two, other numbers as declared. */
export const decimalPlacesOf = (field: Field) => (field.kind === 'number' ? (field.decimals ?? 0) : 2)

/** A reference filter's value for the records that refer to nothing there (the work orders assigned to nobody). */
export const NO_RECORD = 'none'

/** How many records a reference's select offers before it asks to search instead. */
export const PICKER_LIMIT = 100

export function pagePathOf(resource: { name: string; section?: string }) {
  return resource.section ? `/app/${resource.section}/${resource.name}/` : `/app/${resource.name}/`
}

type Lookup = (name: string) => AnyResource | undefined

function fieldViewOf(key: string, field: Field, lookup: Lookup): FieldView {
  const view: FieldView = { ...field, name: apiName(key) }
  if (field.kind === 'reference') {
    const target = lookup(field.resource)
    view.labelKey = labelKey(key)
    view.targetPath = target ? pagePathOf(target) : undefined
    view.targetSingular = target?.singular
    if (target?.methods.includes('create'))
      view.targetNew = {
        href: `${pagePathOf(target)}new/`,
        permission: target.permission,
      }
  }
  return view
}

function relatedViewOf(related: Related, lookup: Lookup): RelatedView[] {
  const target = lookup(related.resource)
  return target
    ? [
        {
          name: target.name,
          path: pagePathOf(target),
          plural: target.plural,
          label: related.label ?? target.plural,
          field: apiName(related.field),
          addLabel: related.addLabel ?? `Add ${target.singular}`,
        },
      ]
    : []
}

/**
 * The page's sections as the definition declares them, or else the engine's order: its fields,
 * lines, actions, related lists, journal, history, attachments and notes. A document's journal
 * and history are part of the default page; a resource without states has neither.
 */
function sectionsOf(resource: AnyResource, fields: FieldView[], lookup: Lookup): SectionView[] {
  if (resource.page?.sections) {
    return resource.page.sections.flatMap((section): SectionView[] => {
      if (section.kind === 'fields')
        return [
          {
            kind: 'fields',
            label: section.label,
            fields: section.fields.map(apiName),
          },
        ]
      if (section.kind === 'related')
        return relatedViewOf(section.related, lookup).map((related) => ({
          kind: 'related',
          related,
        }))
      if (section.kind === 'figures' || section.kind === 'checklist' || section.kind === 'table') return [section]
      return [{ kind: section.kind }]
    })
  }
  const document = !!resource.states
  const hasActions = Object.keys(resource.actions ?? {}).length > 0
  return [
    { kind: 'fields', fields: fields.filter((f) => f.kind !== 'lines').map((f) => f.name) },
    ...(resource.lines ? [{ kind: 'lines' } as const] : []),
    ...(hasActions ? [{ kind: 'actions' } as const] : []),
    ...(resource.related ?? []).flatMap((r) => relatedViewOf(r, lookup).map((related) => ({ kind: 'related', related }) as const)),
    ...(document ? [{ kind: 'journal' } as const, { kind: 'history' } as const] : []),
    { kind: 'attachments' },
    { kind: 'notes' },
  ]
}

const DEACTIVATION: Deactivation = { label: 'Deactivate', undo: 'Reactivate', inactive: 'Deactivated', done: 'deactivated', undone: 'reactivated', note: 'Its history is kept; reactivate it to use it again.' }

function deactivationOf(resource: AnyResource): Deactivation | null {
  if (!resource.deactivates) return null
  return resource.deactivates === true ? DEACTIVATION : resource.deactivates
}

export function viewOf(resource: AnyResource, lookup: Lookup): ResourceView {
  const fields = Object.entries(resource.fields).flatMap(([key, field]) => (field ? [fieldViewOf(key, field, lookup)] : []))
  // Figures of its outputs that say how they are shown: read-only fields the pages can name.
  for (const outputs of [resource.outputs?.summary, resource.outputs?.detail])
    for (const [key, field] of Object.entries(outputs?.fields ?? {})) fields.push({ ...(field as Field), readOnly: true, hiddenInForm: true, name: key })
  // A document's lines are its last field; their table and what reads picked lines stay on the server.
  if (resource.lines) {
    const { picks } = resource.lines
    // Its fields are views too: a reference among them names its target's pages, as a record's own does.
    const lineFields = Object.fromEntries(Object.entries(resource.lines.fields).map(([key, field]) => [key, fieldViewOf(key, field, lookup)]))
    const candidates = picks?.candidates && { ...picks.candidates, load: undefined }
    fields.push({ ...resource.lines, fields: lineFields, table: undefined, shape: undefined, picks: picks && { ...picks, read: undefined, candidates }, name: linesName(resource.lines, 'output') })
  }
  return {
    name: resource.name,
    path: pagePathOf(resource),
    recordsPath: pagePathOf((resource.madeAs && lookup(resource.madeAs)) || resource),
    singular: resource.singular,
    plural: resource.plural,
    description: resource.description,
    group: resource.group,
    // A DELETE that runs an action is that action's button on the page, not a Delete button beside it.
    methods: resource.deleteRuns ? resource.methods.filter((m) => m !== 'delete') : [...resource.methods],
    deactivation: deactivationOf(resource),
    hasIsActive: 'isActive' in resource.table,
    attachments: resource.attachments !== false,
    fields,
    title: (resource.label ? [resource.label] : resource.title).map(apiName),
    columns: resource.columns.map(apiName),
    searchable: resource.search.length > 0,
    filters: (resource.filters ?? []).map(apiName),
    defaultFilters: resource.defaultFilters ?? {},
    links: [...(resource.links ?? [])],
    listActions: [...(resource.listActions ?? [])],
    tabs: resource.tabs ?? null,
    related: (resource.related ?? []).flatMap((r) => relatedViewOf(r, lookup)),
    state: resource.states ? apiName(resource.states.field) : null,
    deletable: resource.states?.deletable ? [...resource.states.deletable] : null,
    locked: resource.states?.locked ? [...resource.states.locked] : null,
    documents: Object.entries(resource.documents ?? {}).map(([name, document]) => ({ name, label: document.label, from: document.from ? [...document.from] : null })),
    actions: Object.entries(resource.actions ?? {}).map(([name, action]) => ({
      name,
      label: action.label,
      from: action.from ? [...action.from] : null,
      confirm: action.confirm,
      done: action.done,
      permission: action.permission,
      offeredWhile: action.offeredWhile ?? null,
      // An action that asks nothing is a button; one that asks something also takes a note.
      input: action.input ? [...Object.entries(action.input), ['note', ACTION_NOTE] as const].map(([key, field]) => fieldViewOf(key, field, lookup)) : [],
    })),
    sections: sectionsOf(resource, fields, lookup),
    heading: resource.page?.title ?? null,
    recordLinks: [...(resource.page?.links ?? [])],
    saved: resource.page?.saved ?? null,
  }
}

/** A page's words with the record's (or a row's) values put in for their `{key}`s. */
export function fill(template: Template, values: Record<string, unknown>) {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''))
}

/** The heading of the record's page: its definition's, or else its name. */
export function recordHeading(view: ResourceView, record: Record<string, unknown>) {
  return view.heading ? fill(view.heading, record) : recordTitle(view, record)
}

/** The record's name as the pages show it (same rule as the API's titleSql). */
export function recordTitle(view: ResourceView, record: Record<string, unknown>) {
  return (
    view.title
      .map((name) => record[name])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' ') || view.singular
  )
}

/** The confirmation step of deleting a record from its page, named as an action's is (`?confirm=delete`). */
export const DELETE_STEP = 'delete'
