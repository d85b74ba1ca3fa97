import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ZodType } from 'zod'
import type { PermissionGroup } from '~/domain/permissions'
import type { JournalDraft } from '~/domain/ledger/entries'
import type { PageTabs } from '~/domain/navigation'
import { text, type Field, type LinesField } from './fields'

/** Every resource table has these: the tenant leads, and rows know when they changed. */
export type ResourceTable = PgTable & {
  id: PgColumn
  companyId: PgColumn
  createdAt: PgColumn
  updatedAt: PgColumn
}

export type Method = 'list' | 'create' | 'get' | 'update' | 'delete'

/** Only columns the table really has can be fields; the bookkeeping columns are the engine's. */
type FieldKey<T extends ResourceTable> = Exclude<keyof T['$inferSelect'] & string, 'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'isActive'>
export type FieldsOf<T extends ResourceTable> = { [K in FieldKey<T>]?: Field }

export type Related = {
  /** The child resource, e.g. `rental-units` on a building. */
  resource: string
  /** The child's reference field pointing here, e.g. `buildingId`. */
  field: string
  label?: string
  /** Its add button's words, where "Add {singular}" is not what people say: a lease's renewals are added by "Renew lease". */
  addLabel?: string
}

/** Domain rules beside the definition (DESIGN.md §7): explicit checks the generic validation cannot know. */
export type Rules = {
  /**
   * Runs inside the write's transaction after field validation, with the row as
   * it will be stored. Returns field errors (by API name) to refuse the write.
   * It may complete the lines with what they imply (a journal line's property,
   * from its unit): the lines are stored as it leaves them.
   */
  validate?: (context: RuleContext) => Promise<Record<string, string[]> | undefined>
  /** Runs in the create's transaction right after the row is stored (Frappe's `after_insert`): what creating one also does, as `userId` (none for an import or the seed without one). */
  created?: (context: RuleContext & { record: Record<string, unknown>; userId: string | null }) => Promise<void>
  /**
   * Runs in the update's transaction once the row, its lines and its postings are stored (Frappe's
   * `on_update`): what changing one also does, such as posting the periods a schedule now has due.
   * `record` is the row as stored; `lines` are undefined when the update left them. Deactivating a
   * record (DELETE, where the resource `deactivates`) and reactivating it are changes too: `values`
   * is then `{ isActive }`.
   */
  updated?: (context: RuleContext & { id: string; record: Record<string, unknown> }) => Promise<void>
  /**
   * Runs in an action's transaction once the record's state has moved (Frappe's `on_change`): what
   * the move also does to other records, such as a lease's unit becoming occupied. `record` is the
   * row as it was when the action started.
   */
  moved?: (context: { tx: unknown; companyId: string; userId: string; id: string; from: string; to: string; record: Record<string, unknown> }) => Promise<void>
}
export type RuleContext = {
  companyId: string
  /** The id of the row being updated; undefined on create. */
  id: string | undefined
  /** Column values as they will be stored (defaults not yet applied on create). */
  values: Record<string, unknown>
  /** The lines as they will be stored, by column key, picked ones with what they read from their records; undefined when an update leaves them. */
  lines?: Record<string, unknown>[]
  // The transaction, typed loosely so definitions need no database import.
  tx: unknown
}

/**
 * A document's life (ADR 013): the select field that holds its state, the state a new record
 * starts in, and the only moves there are. Only actions change the state.
 */
export type States<K extends string = string> = {
  field: K
  initial: string
  transitions: readonly (readonly [from: string, to: string])[]
  /** The states a record may be deleted in, where the resource allows deleting; in any other the API answers 409. */
  deletable?: readonly string[]
  /**
   * The states a record is kept as it is in (a finalized inspection report, signed as evidence): an
   * update answers 409 naming the state, its page offers no Edit, and no file or photo can be added
   * to it. Its actions still run from the states they name.
   */
  locked?: readonly string[]
}

/**
 * Figures a record's API output carries beside its fields, worked out by the definition's own code
 * from other tables (a reconciliation's cleared total and difference): each key's schema, and the
 * figures of a page of records by id, in one call.
 */
export type Outputs<O extends string = string> = {
  schema: Record<string, ZodType>
  /** How the pages show some of them, by output key: those can be list columns and fields of the page's sections (read-only, never in a form). */
  fields?: { [K in O]: Field }
  /**
   * What the figures need that is the same for every record (the company's time zone): read beside the
   * records, in the same round trip, rather than after them. Its answer reaches `load` as `common`.
   */
  common?: (context: { tx: unknown; companyId: string }) => Promise<unknown>
  /** `stored`: the records' rows as read (by column key, in the order of `records`), for figures worked out from columns the API does not answer as fields. */
  load: (context: { tx: unknown; companyId: string; records: Record<string, unknown>[]; stored: Record<string, unknown>[]; common: unknown }) => Promise<Map<string, Record<string, unknown>>>
}

/** What an action's code gets: its record's transaction, who acts, the locked row and the checked input. */
export type ActionContext = {
  // The transaction, typed loosely so definitions need no database import.
  tx: unknown
  companyId: string
  userId: string
  /** The record as stored, by column key, locked until the action's transaction ends. */
  record: Record<string, unknown>
  /** The action's input, by API name, validated against its fields (a note is always allowed). */
  input: Record<string, unknown>
  /** Where links in what it mails point (APP_URL, else the address the request came to); absent outside a request (the demo seed). */
  origin?: string
  /**
   * Has `effect` run once the action's transaction has committed (an e-mail saying what changed:
   * never sent for a change that was then rolled back). Outside a request (the demo seed) nothing runs.
   */
  afterCommit: (effect: () => Promise<void>) => void
}

/** Every action takes a note for the history, whatever else it asks for. */
export const ACTION_NOTE: Field = text('Note', { max: 1000, help: 'Kept in the history beside this change' })

/**
 * Something people do to a record, by name: `POST {resource}/{id}/{name}/` and a button (or a
 * small form, when it takes input) on the record's page. A resource without states may have
 * actions too (inviting a resident): they run on any of its records and move nothing.
 */
export type Action = {
  label: string
  /** The states it may start from; from any other the API answers 409 naming the current one. Left out on a resource without states. */
  from?: readonly string[]
  /** The state it leaves the record in (one of the declared transitions); none keeps the state. */
  to?: string
  /** What it asks for, as fields; every action also takes an optional note for the history. */
  input?: Record<string, Field>
  /** Shown before it runs, for what cannot be undone. */
  confirm?: string
  /** What the page says once it ran (by default "{Label}: done."). */
  done?: string
  /** When it needs more than the resource's own permission (approving, say). */
  permission?: PermissionGroup
  /**
   * A boolean of the record's output that must be true for its page to offer it (a bill's `owing`
   * for Mark as paid): what its state alone does not say. The API still answers a call made
   * anyway, by the action's own rules.
   */
  offeredWhile?: string
  /**
   * Its behaviour, in the record's transaction, before the state moves; throw to refuse. It may
   * answer where the record goes when that depends on the input (ADR 022: a work order moved to a
   * company's status lands on that status's stage), instead of `to`.
   */
  run?: (context: ActionContext) => Promise<void | ActionOutcome>
}

/**
 * Where an action's code sends the record: `to`, a state (the engine checks the move against the
 * transitions and answers 409 naming the current state when it is not one; the current state
 * itself keeps it there and still writes the history), and `label`, what the history calls the
 * state reached (the company's status), where the state's own label says too little.
 */
export type ActionOutcome = { to?: string; label?: string }

/**
 * Something done to a list's records together, by an API operation of its own (`invite-all-residents`,
 * answering `{ detail }`): a button above the list, or for one that asks to confirm, a link to its
 * confirmation step (`?confirm={path}`) with the sentence and a "Yes, {label}" button. The
 * operation's own gate decides who may; its `detail` is the page's message.
 */
export type ListAction = {
  label: string
  /** The API path it posts to, without slashes. */
  path: string
  /** Shown before it runs: what it will do. */
  confirm?: string
}

/**
 * A file a record makes of itself, by name (ADR 019): `POST {resource}/{id}/{name}/` answers it (a
 * PDF agreement, a notice's letters) and the record's page offers a button that downloads it, with
 * or without JavaScript. Making it changes nothing: it is read from the record as stored.
 */
export type DocumentOutput = {
  label: string
  /** What it answers: `application/pdf`. */
  contentType: string
  /** The states it can be made in; in any other the API answers 409 naming the current one. Any, where left out. */
  from?: readonly string[]
  /** The file's name (people's words; the engine keeps it to what a download's header carries) and bytes. Server code: views leave it out. */
  make: (context: { tx: unknown; companyId: string; record: Record<string, unknown> }) => Promise<{ filename: string; body: Uint8Array }>
}

/**
 * What a document posts to the ledger (DESIGN.md §6, ADR 013), by trigger: `create`, `update` or
 * an action's name. A builder is a pure function of the document to a journal draft (or null:
 * nothing to post, and what its purpose posted before is reversed); the engine posts it through
 * the one posting function in the document's own transaction.
 */
export type PostingBuilder = (document: PostingDocument, context: PostingContext) => JournalDraft | null
export type Postings = { create?: PostingBuilder; update?: PostingBuilder } & Record<string, PostingBuilder | undefined>
/** The record as stored, by column key (amounts in cents), its id, and its lines in order. */
export type PostingDocument = Record<string, unknown> & { id: string; lines: Record<string, unknown>[] }
export type PostingContext = {
  companyId: string
  /** The company's default GL accounts: role (`UNDEPOSITED_FUNDS`) → account id. */
  roles: Record<string, string>
  /** The records the document's reference fields point to, by field key, as stored (null when unset). */
  references: Record<string, Record<string, unknown> | null>
}

/**
 * One part of a record's page (ADR 013 "Composed detail pages"): a named group of its fields, its
 * lines, its actions, one related list, its journal entries, its state history, its attachments
 * (documents and photos) or its notes.
 */
export type Section<K extends string = string> =
  | { kind: 'fields'; label?: string; fields: readonly K[] }
  | { kind: 'related'; related: Related }
  | { kind: 'lines' | 'actions' | 'journal' | 'history' | 'attachments' | 'notes' }
  | FiguresSection
  | ChecklistSection
  | TableSection

/**
 * Words of a page naming values of the record's output (or of a checklist's row) in braces:
 * `Book balance on {statement_date}`, `#{entry_number}`.
 */
export type Template = string

/**
 * A column of rows of the record's output: the row's value at `key` (money, `text` made of the
 * row's values, or the photos it lists), a link where `href` is given and the row has every value it
 * names. An `optional` column is left out where no row has a value for it (a move-out's move-in
 * ratings, on a report compared with none).
 */
export type TableColumn = { key: string; label: string; money?: boolean; text?: Template; href?: Template; photos?: boolean; optional?: boolean }

/** Rows of the record's output (`items`) as a table, read-only: a report's items with their photos. Left out where the output has none (null). */
export type TableSection = { kind: 'table'; label: string; items: string; columns: readonly TableColumn[]; empty: Template }

/** Amounts of the record's output (its computed figures too), one per line, the `strong` ones in bold and green at zero. */
export type FiguresSection = { kind: 'figures'; label?: string; figures: readonly { key: string; label: Template; strong?: boolean }[] }

/**
 * Rows of the record's output (`items`) that people tick, saved through one of its API's own
 * endpoints (`save.path`, sent `{ [save.ids]: [...], [save.checked]: true | false }`), possible in
 * the states of `openIn` only. Without JavaScript the ticks are saved by a button; with it, as they
 * are ticked. A reconciliation's cleared items are one.
 */
export type ChecklistSection = {
  kind: 'checklist'
  label: string
  /** The output key of the rows, and each row's id and ticked keys. */
  items: string
  id: string
  checked: string
  /** The boxes' column heading, and each box's accessible name: `Cleared: entry #{entry_number}, {memo} {amount}`. */
  tick: string
  describe: Template
  columns: readonly TableColumn[]
  /** Shown when there are no rows. */
  empty: Template
  save: { path: string; ids: string; checked: string; label: string; done: string }
  openIn: readonly string[]
}

export type ResourceDefinition<T extends ResourceTable = ResourceTable, F extends FieldsOf<T> = FieldsOf<T>, O extends string = never> = {
  /** Path segment of its pages (/app/{name}/) and, unless `apiPath` says otherwise, of its API (/api/{name}/). */
  name: string
  /** A sidebar area whose pages sit under it: `accounting` puts them at /app/accounting/{name}/. */
  section?: 'accounting'
  apiPath?: string
  /** Other API paths that answer the same routes, where SPEC.md §7 names the collection twice (at the root and under its area); the OpenAPI document lists the first only. */
  alsoAt?: readonly string[]
  singular: string
  plural: string
  /** One line under the list's title: what these records are for. */
  description: string
  /** OpenAPI tag and sidebar group. */
  group: string
  /** The permission of SPEC.md §6 this resource needs; none = every staff member. */
  permission?: PermissionGroup
  table: T
  /**
   * Which rows of its table are its records, where the table holds others too: the active
   * maintenance technicians among a company's users. Every read narrows by it (lists, pickers, one
   * record, and the references to it, so a reference field pointing here refuses any other row).
   */
  scope?: SQL
  /**
   * A read-only view whose records are made as another resource's (an inspection still to do is a
   * new inspection report): its /new/ page is that resource's form, at the view's own address.
   */
  madeAs?: string
  fields: F
  /** The fields whose values, joined by spaces, name a record among its siblings (palette, pickers, breadcrumbs, an import's lookups). */
  title: readonly (keyof F & string)[]
  /**
   * A stored field that names the record everywhere instead, where its title alone would be
   * ambiguous: a unit's "102 · Bronson Court", kept by the database. An import still finds the
   * record by its title (with its parent's name beside it) or by this label.
   */
  label?: keyof F & string
  /** List columns, in order: fields, or figures of its outputs that say how they are shown. */
  columns: readonly ((keyof F & string) | NoInfer<O>)[]
  /** Text fields the list's `search` matches (case-insensitive substring). */
  search: readonly (keyof F & string)[]
  /** Select, boolean and reference fields a list can be narrowed by. */
  filters?: readonly (keyof F & string)[]
  /** Reference fields of its lines a list can be narrowed by: the records with a line pointing there (the leases a resident is on). */
  lineFilters?: readonly string[]
  /**
   * Filters by another resource's lines that name these records, by filter key: `leaseId: { resource:
   * 'leases', field: 'residentId' }` lists the residents on a lease's lines (`?lease_id=`), what a
   * picker offers to take off that lease.
   */
  namedInLines?: Record<string, { resource: string; field: string }>
  /**
   * A new record made from another, by the reference field that names it (a renewal from the lease it
   * renews, `?renews_lease_id=` on the new form): given that record as its API answers it, the values
   * the form starts with, by API name (lines too). What is typed, and the link itself, win.
   */
  startsFrom?: { [K in keyof F & string]?: (record: Record<string, unknown>) => Record<string, unknown> }
  /** Filters the list page starts with, by API name (e.g. residents open on current residents). */
  defaultFilters?: Record<string, string>
  /** Default ordering, e.g. `unit_number` or `-created_at`. */
  ordering: string
  /** What SPEC.md §7 allows for this resource, no more. */
  methods: readonly Method[]
  /** With `delete` allowed and an `isActive` column: DELETE deactivates instead (and `reactivate/` undoes it); the words are the pages' where "deactivate" is not what people say (a schedule is stopped). */
  deactivates?: boolean | Deactivation
  /**
   * With `delete` allowed: DELETE runs this action (with no input) instead of removing the row, for
   * documents that are never deleted, only undone in the books (a journal entry is voided).
   */
  deleteRuns?: string
  /** The pages it shares a sidebar link with (Banking), one tab each across the top of its pages. */
  tabs?: PageTabs
  /** Its list again at other addresses, each with filters fixed (future residents are residents of that type): the generic list, titled as itself. */
  presets?: readonly ListPreset<keyof F & string>[]
  /** Pages that belong with this list and are not resources of their own (a bank account's deposits, register and reconciliations): links in its header. */
  links?: readonly { label: string; href: string }[]
  /** Lists of other resources shown on a record's detail page. */
  related?: readonly Related[]
  /** Notes and documents can be attached to its records (default true). */
  attachments?: boolean
  /** Records and the View/Add quick actions appear in the command palette (default true). */
  palette?: boolean
  rules?: Rules
  /** A document's states: the field that holds them, where a record starts and the allowed moves. */
  states?: States<keyof F & string>
  /** Its actions, by name (the path segment: `mark-as-final`). */
  actions?: Record<string, Action>
  /** What is done to its records together (invite all residents): a button above its list, posting to an API path of its own. */
  listActions?: readonly ListAction[]
  /** Files its records make of themselves (a PAD agreement), by name (the path segment: `generate-pad-agreement`). */
  documents?: Record<string, DocumentOutput>
  /** A document's lines: a child table, sent and answered as `lines`. */
  lines?: LinesField
  /** What its create, update and actions post. */
  postings?: Postings
  /**
   * A date field that, when set, dates the reversals its corrections post (a day in an open period
   * when the posted entry's own is locked); unset, a reversal takes its entry's date. The
   * definition clears it once used.
   */
  reversalDate?: keyof F & string
  /** The `source_type` its journal entries carry where it is not its name: entries it posted before it was a definition keep theirs (`BANK_DEPOSIT`). */
  sourceType?: string
  /**
   * Its page: the sections, in order (without them: fields, lines, actions, related lists, journal,
   * history, attachments, notes), and links in its header (`{id}` is the record's).
   */
  page?: {
    /** Its heading and title where the record's name alone says too little: `Reconciliation of {statement_date}`. */
    title?: Template
    sections?: readonly Section<(keyof F & string) | NoInfer<O>>[]
    links?: readonly { label: string; href: Template; download?: boolean }[]
    /** Said after "{Singular} {name} saved." once its form is saved, from the record as saved: `It posts next on {next_date}.` */
    saved?: Template
  }
  /** Figures its API output carries beside its fields: `summary` in lists and on one record, `detail` on one record only. */
  outputs?: { summary?: Outputs<O>; detail?: Outputs<O> }
}

/** A list of a resource's records at an address of its own, narrowed by filters the page does not offer to change. */
export type ListPreset<K extends string = string> = {
  /** Its page: `/app/future-residents/`. */
  path: string
  /** Its title, and what it shows, as a list's plural and description. */
  plural: string
  description: string
  /** The list's filters it fixes, by API name. */
  filters: Record<string, string>
  /** Its columns, where they differ from the list's (future residents by their move-in day): fields of the resource, each sortable. */
  columns?: readonly K[]
}

/** What the pages call deactivating a record and undoing it, where those words are not the people's: a schedule is stopped and restarted. */
export type Deactivation = {
  /** The button: `Stop`. */
  label: string
  /** The button that undoes it: `Restart`. */
  undo: string
  /** The record's badge and the list filter's choice: `Stopped`. */
  inactive: string
  /** What the page says once each ran, after the record's name: `stopped`, `restarted`. */
  done: string
  undone: string
  /** Beside the badge: what it means for the record. */
  note: string
}

export type AnyResource = ResourceDefinition<ResourceTable, Record<string, Field | undefined>, string>

/**
 * Declares a resource. `fields`, `columns`, `search` and `filters` are checked
 * against the table: naming a column the table does not have fails the typecheck.
 */
export function defineResource<T extends ResourceTable, const F extends FieldsOf<T>, const O extends string = never>(definition: ResourceDefinition<T, F, O>): AnyResource {
  return definition as unknown as AnyResource
}
