import { and, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { runKeptSelect } from '~/db/prepared.server'
import { defaultGlAccounts, journalEntries } from '~/db/schema'
import { invalid } from '~/domain/errors'
import { reversalDraft, type Basis, type DraftLine, type JournalDraft } from '~/domain/ledger/entries'
import { draftLinesOf, linesOf } from '~/ledger/journal.server'
import { postEntry } from '~/ledger/posting.server'
import { resourceNamed } from '../index'
import type { AnyResource, PostingBuilder, PostingContext, PostingDocument } from './define'
import { apiName } from './fields'
import { readLines } from './lines.server'

/*
 * A document's postings (ADR 013): its builders turn the document into journal drafts, which go
 * through the one posting function in the document's transaction. A purpose posts once; when an
 * update changes what it would post, its entry is reversed and the new one posted, linked
 * (`replacesEntryId`); a builder answering null reverses what its purpose posted. Posted lines
 * are never rewritten.
 */

type Row = Record<string, unknown>

/** The document a builder reads: the row as stored and its lines, in order. */
export async function postingDocument(tx: Executor, companyId: string, resource: AnyResource, row: Row): Promise<PostingDocument> {
  const id = String(row.id)
  const lines = resource.lines ? ((await readLines(tx, companyId, resource.lines, [id])).get(id) ?? []) : []
  return { ...row, id, lines }
}

/** A role asked of a context whose roles were not read: the builder runs again once they are. */
class RolesNeeded extends Error {}
const rolesNeeded = () => {
  throw new RolesNeeded()
}
const UNREAD_ROLES: Record<string, string> = new Proxy(
  {},
  {
    get(_, role) {
      // Not a role: what a promise asks of any value it settles with.
      if (typeof role !== 'string' || role === 'then') return undefined
      throw new RolesNeeded(role)
    },
    // Asking whether a role is there, or which are, needs them read as much as reading one.
    has: rolesNeeded,
    ownKeys: rolesNeeded,
    getOwnPropertyDescriptor: rolesNeeded,
  },
)
/** The documents whose builders read the company's GL roles, learned from their first build. */
const readsRoles = new WeakSet<AnyResource>()

function readRoles(tx: Executor, companyId: string) {
  return runKeptSelect<{ role: string; accountId: string }>(
    tx,
    'gl-roles',
    () => tx.select({ role: defaultGlAccounts.role, accountId: defaultGlAccounts.accountId }).from(defaultGlAccounts).where(eq(defaultGlAccounts.companyId, sql.placeholder('companyId'))),
    { companyId },
  ).then((roles) => Object.fromEntries(roles.map((r) => [r.role, r.accountId])))
}

/**
 * What a builder may read besides the document (its record's fields): the records it refers to,
 * and the company's GL roles, read together. The roles are read only for documents whose builders
 * ask for one (a manual journal entry names its own accounts): the first build of a kind without
 * them stops at the first role it asks for, and `build` reads them and builds again (builders are
 * pure), remembering the kind reads them.
 */
export async function postingContext(tx: Executor, companyId: string, resource: AnyResource, document: Row): Promise<PostingContext> {
  const referred = Object.entries(resource.fields).flatMap(([key, field]) => (field?.kind === 'reference' ? [{ key, target: resourceNamed(field.resource), id: document[key] }] : []))
  const [roles, ...found] = await Promise.all([
    readsRoles.has(resource) ? readRoles(tx, companyId) : undefined,
    ...referred.map(async ({ target, id }) => {
      if (!target || typeof id !== 'string') return null
      const table = target.table as AnyResource['table'] & { id: typeof target.table.companyId }
      const [row] = (await tx
        .select()
        .from(target.table)
        .where(and(eq(target.table.companyId, companyId), eq(table.id, id)))) as Row[]
      return row ?? null
    }),
  ])
  const references: PostingContext['references'] = Object.fromEntries(referred.map(({ key }, i) => [key, (found[i] as Row | null) ?? null]))
  return { companyId, roles: (roles as Record<string, string> | undefined) ?? UNREAD_ROLES, references }
}

/** Runs a builder; one that asks for a GL role the context has not read gets them read, and runs again. */
async function build(tx: Executor, resource: AnyResource, builder: PostingBuilder, document: PostingDocument, context: PostingContext) {
  try {
    return builder(document, context)
  } catch (error) {
    if (!(error instanceof RolesNeeded)) throw error
    readsRoles.add(resource)
    context.roles = await readRoles(tx, context.companyId)
    return builder(document, context)
  }
}

/**
 * Posts what `trigger` posts for the record, in the caller's transaction. On `update` the
 * builders of create and update run again as corrections, against the document as it was
 * (`before`), so a purpose whose draft changed is reversed and re-posted and one that now
 * builds nothing is reversed. Whether it posted anything (an unchanged posting stays as it was).
 */
export async function runPostings(
  tx: Executor,
  companyId: string,
  userId: string | null,
  resource: AnyResource,
  trigger: string,
  row: Row,
  before?: PostingDocument,
  /** The document and context when the caller has them already (a create knows the lines it wrote). */
  known?: { document: PostingDocument; context: PostingContext },
) {
  if (!resource.postings) return false
  let changed = false
  const triggers = trigger === 'update' ? ['create', 'update'] : [trigger]
  const [document, context] = known ? [known.document, known.context] : await Promise.all([postingDocument(tx, companyId, resource, row), postingContext(tx, companyId, resource, row)])
  for (const name of triggers) {
    const builder = resource.postings[name]
    if (!builder) continue
    const draft = await build(tx, resource, builder, document, context)
    if (trigger !== 'update') {
      if (draft) await postEntry(tx, companyId, draft, { userId })
      changed ||= !!draft
      continue
    }
    // The purpose this trigger posts for: from the draft, else from what it built before the change.
    const purpose = draft?.source ?? (before ? (await build(tx, resource, builder, before, await postingContext(tx, companyId, resource, before)))?.source : undefined)
    const reverseOn = resource.reversalDate ? (document[resource.reversalDate] as string | null | undefined) : undefined
    if (purpose) changed = (await correct(tx, companyId, userId, purpose, draft, reverseOn ? { date: reverseOn, field: apiName(resource.reversalDate!) } : undefined)) || changed
  }
  return changed
}

/**
 * After an action ran on a record (in the same transaction): what it posts as it now stands (its
 * create and update purposes corrected against the record as it was, so voiding a charge reverses
 * its posting), then what the action itself posts.
 */
export async function runActionPostings(tx: Executor, companyId: string, userId: string | null, resource: AnyResource, id: string, action: string, before: Row) {
  if (!resource.postings) return
  const [row] = (await tx
    .select()
    .from(resource.table)
    .where(and(eq(resource.table.companyId, companyId), eq((resource.table as AnyResource['table'] & { id: typeof resource.table.companyId }).id, id)))) as Row[]
  await runPostings(tx, companyId, userId, resource, 'update', row, await postingDocument(tx, companyId, resource, before))
  if (resource.postings[action]) await runPostings(tx, companyId, userId, resource, action, row)
}

/** The entry a purpose stands at now: its original or latest replacement, unless reversed. */
async function currentEntry(tx: Executor, companyId: string, source: JournalDraft['source']) {
  const posted = await tx
    .select()
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        eq(journalEntries.sourceType, source.type),
        eq(journalEntries.sourceId, source.id),
        or(eq(journalEntries.purpose, source.purpose), like(journalEntries.purpose, `${source.purpose}:REPLACEMENT:%`)),
      ),
    )
  if (!posted.length) return undefined
  const reversed = await tx
    .select({ reverses: journalEntries.reversesEntryId })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        inArray(
          journalEntries.reversesEntryId,
          posted.map((e) => e.id),
        ),
      ),
    )
  const gone = new Set(reversed.map((r) => r.reverses))
  return posted.find((e) => !gone.has(e.id))
}

const sameLines = (a: DraftLine[], b: DraftLine[]) => JSON.stringify(a.map(comparable)) === JSON.stringify(b.map(comparable))
const comparable = (line: DraftLine) => Object.fromEntries(Object.entries(line).filter(([, v]) => v !== null && v !== undefined))

/** Brings a purpose's posting in line with its draft: unchanged stays, changed is reversed (on `reverseOn`, else its own date) and replaced, null is reversed. Whether it posted. */
async function correct(tx: Executor, companyId: string, userId: string | null, source: JournalDraft['source'], draft: JournalDraft | null, reverseOn?: { date: string; field: string }): Promise<boolean> {
  const current = await currentEntry(tx, companyId, source)
  if (!current) {
    if (draft) await postEntry(tx, companyId, draft, { userId })
    return !!draft
  }
  const lines = draftLinesOf(await linesOf(tx, companyId, [current.id]))
  if (draft && draft.date === current.date && (draft.memo ?? null) === current.memo && sameLines(draft.lines, lines)) return false
  // A reversal undoes what was posted: it cannot come before it.
  if (reverseOn && reverseOn.date < current.date) {
    const message = `On or after ${current.date}, the date of entry #${current.number} it reverses.`
    throw invalid(message, { [reverseOn.field]: [message] })
  }
  await postEntry(tx, companyId, reversalDraft({ ...current, basis: current.basis as Basis }, lines, reverseOn?.date ?? current.date), { userId })
  if (draft) {
    await postEntry(tx, companyId, { ...draft, source: { ...draft.source, purpose: `${source.purpose}:REPLACEMENT:${current.id}` }, replacesEntryId: current.id }, { userId })
  }
  return true
}
