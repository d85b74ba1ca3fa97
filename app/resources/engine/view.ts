import type { AnyResource, Method } from './define'
import { apiName, labelKey, type Field } from './fields'
import type { Gate } from '~/domain/permissions'

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

export type ResourceView = {
  name: string
  path: string
  singular: string
  plural: string
  description: string
  group: string
  methods: Method[]
  deactivates: boolean
  hasIsActive: boolean
  attachments: boolean
  /** A CSV import from another system exists (set by the page loaders, which know the import rules). */
  importable?: boolean
  fields: FieldView[]
  /** The fields that name a record on the pages: its label, or else its title. */
  title: string[]
  columns: string[]
  filters: string[]
  defaultFilters: Record<string, string>
  links: { label: string; href: string }[]
  related: { name: string; path: string; plural: string; label: string; field: string }[]
}

/** Digits after the decimal mark a number-like field takes: amounts and percentages two, other numbers as declared. */
export const decimalPlacesOf = (field: Field) => (field.kind === 'number' ? (field.decimals ?? 0) : 2)

/** How many records a reference's select offers before it asks to search instead. */
export const PICKER_LIMIT = 100

export function pagePathOf(resource: { name: string; section?: string }) {
  return resource.section ? `/app/${resource.section}/${resource.name}/` : `/app/${resource.name}/`
}

export function viewOf(resource: AnyResource, lookup: (name: string) => AnyResource | undefined): ResourceView {
  const fields: FieldView[] = []
  for (const [key, field] of Object.entries(resource.fields)) {
    if (!field) continue
    const view: FieldView = { ...field, name: apiName(key) }
    if (field.kind === 'reference') {
      const target = lookup(field.resource)
      view.labelKey = labelKey(key)
      view.targetPath = target ? pagePathOf(target) : undefined
      view.targetSingular = target?.singular
      if (target?.methods.includes('create')) view.targetNew = { href: `${pagePathOf(target)}new/`, permission: target.permission }
    }
    fields.push(view)
  }
  // A document's lines are its last field; their table stays on the server.
  if (resource.lines) fields.push({ ...resource.lines, table: undefined, name: 'lines' })
  return {
    name: resource.name,
    path: pagePathOf(resource),
    singular: resource.singular,
    plural: resource.plural,
    description: resource.description,
    group: resource.group,
    methods: [...resource.methods],
    deactivates: !!resource.deactivates,
    hasIsActive: 'isActive' in resource.table,
    attachments: resource.attachments !== false,
    fields,
    title: (resource.label ? [resource.label] : resource.title).map(apiName),
    columns: resource.columns.map(apiName),
    filters: (resource.filters ?? []).map(apiName),
    defaultFilters: resource.defaultFilters ?? {},
    links: [...(resource.links ?? [])],
    related: (resource.related ?? []).flatMap((r) => {
      const target = lookup(r.resource)
      return target ? [{ name: target.name, path: pagePathOf(target), plural: target.plural, label: r.label ?? target.plural, field: apiName(r.field) }] : []
    }),
  }
}

/** The record's name as the pages show it (same rule as the API's titleSql). */
export function recordTitle(view: ResourceView, record: Record<string, unknown>) {
  return view.title.map((name) => record[name]).filter((v) => v !== null && v !== undefined && v !== '').join(' ') || view.singular
}
