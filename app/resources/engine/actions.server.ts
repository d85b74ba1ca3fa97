import { z } from '@hono/zod-openapi'
import { and, asc, eq, sql } from 'drizzle-orm'
import { fieldErrorsFrom } from '~/api/errors'
import type { Executor } from '~/db/client.server'
import { runKeptInsert } from '~/db/prepared.server'
import { conflict, invalid, notFound } from '~/domain/errors'
import { stateChanges, users } from '~/db/schema'
import { ACTION_NOTE, type Action, type AnyResource } from './define'
import { apiName, optionLabel } from './fields'
import { unknownReferences } from './references.server'
import { runActionPostings } from './postings.server'
import { fieldsSchema } from './validation'

/*
 * A document's states and actions (ADR 013): the engine moves a record from state to state only
 * along its declared transitions, only through an action, and keeps every move in state_changes.
 */

type Row = Record<string, unknown>

const inputSchemas = new WeakMap<Action, z.ZodType>()

/** The body an action accepts: its input fields and a note, by API name. */
export function actionInputSchema(action: Action) {
  let schema = inputSchemas.get(action)
  if (!schema) {
    schema = fieldsSchema([...Object.entries(action.input ?? {}), ['note', ACTION_NOTE]], 'create')
    inputSchemas.set(action, schema)
  }
  return schema as z.ZodObject
}

/** The label of a state, as its select field names it. */
export function stateLabel(resource: AnyResource, state: string | null | undefined) {
  const field = resource.states ? resource.fields[resource.states.field] : undefined
  return field?.kind === 'select' ? optionLabel(field.options, state) : String(state ?? '')
}

/** Refuses a change to a record in one of its resource's locked states, naming the state (409); `what` is the change: `changes`, `takes new files`. */
export function checkNotLocked(resource: AnyResource, record: Record<string, unknown>, what = 'no longer changes') {
  const state = resource.states ? record[resource.states.field] : undefined
  if (!resource.states?.locked?.includes(String(state))) return
  const message = `This ${resource.singular.toLowerCase()} is ${stateLabel(resource, String(state))}: it is kept as it is and ${what}.`
  throw conflict(message, { [apiName(resource.states.field)]: [message] })
}

/** Whether the definition allows moving from one state to another. */
export function canMove(resource: AnyResource, from: string | null, to: string) {
  return !!resource.states?.transitions.some(([a, b]) => a === from && b === to)
}

/** The history's name for a posted document changed by an update: its posting reversed and posted anew, in the state it was. */
export const CORRECTION = 'correct'

/** Writes one move of a record's state into its history. */
export async function recordStateChange(
  tx: Executor,
  change: { companyId: string; resource: AnyResource; recordId: string; action: string | null; from: string | null; to: string; label?: string | null; note?: string | null; userId: string | null },
) {
  const row = {
    companyId: change.companyId,
    resource: change.resource.name,
    recordId: change.recordId,
    action: change.action,
    fromState: change.from,
    toState: change.to,
    label: change.label ?? null,
    note: change.note ?? null,
    userId: change.userId,
  }
  await runKeptInsert(tx, stateChanges, [row], { returning: false })
}

/** Why an action cannot take the record from its state to the one its input chose, naming both. */
function cannotMove(resource: AnyResource, current: string, to: string, label: string | undefined) {
  const singular = resource.singular.toLowerCase()
  const message = `This ${singular} is ${stateLabel(resource, current)}; it cannot move from there to ${label ?? stateLabel(resource, to)}.`
  return conflict(message, { [apiName(resource.states!.field)]: [message] })
}

/** Why an action cannot start from the record's state, naming that state and the ones it needs. */
function wrongState(resource: AnyResource, action: Action, current: string) {
  const singular = resource.singular.toLowerCase()
  const needed = (action.from ?? []).map((s) => stateLabel(resource, s)).join(' or ')
  const message = `This ${singular} is ${stateLabel(resource, current)}; ${action.label} needs it to be ${needed}.`
  return conflict(message, { [apiName(resource.states!.field)]: [message] })
}

type Db = { transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T> }

/**
 * Runs `work` in one transaction, then what it asked to follow once that committed (`afterCommit`):
 * an e-mail about a change goes out only for a change that stayed. An effect that fails is logged;
 * the change it follows stands.
 */
export async function committing<T>(db: Db, work: (tx: Executor, afterCommit: (effect: () => Promise<void>) => void) => Promise<T>): Promise<T> {
  const effects: (() => Promise<void>)[] = []
  const result = await db.transaction((tx) => work(tx, (effect) => effects.push(effect)))
  for (const effect of effects) await effect().catch((error: unknown) => console.error('[lintel] after a committed change:', error))
  return result
}

/**
 * Runs an action on one record in the caller's transaction: locks the row, checks the state it
 * starts from and the input (its references must name this company's records), runs the action's
 * code, moves the state and records the move, then posts what the action posts (and corrects what
 * the record's create and update posted). Answers the record as it was before. Whoever runs an
 * action (the API, a job, the demo) runs it here, so none can change a document and skip its postings.
 */
export async function runAction(
  tx: Executor,
  companyId: string,
  userId: string,
  resource: AnyResource,
  id: string,
  name: string,
  body: unknown,
  options: { origin?: string; afterCommit?: (effect: () => Promise<void>) => void } = {},
) {
  const action = resource.actions?.[name]
  if (!action) throw notFound(`No such action: ${name}.`)
  const lower = resource.singular.toLowerCase()
  if (!z.uuid().safeParse(id).success) throw notFound(`No such ${lower}.`)
  const table = resource.table
  const [record] = (await tx
    .select()
    .from(resource.table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id), resource.scope))
    .for('update')) as Row[]
  if (!record) throw notFound(`No such ${lower}.`)
  // The request is checked before the record's state: bad input (another company's id among it)
  // is the field's error whatever state the record is in.
  const parsed = actionInputSchema(action).safeParse(body ?? {})
  if (!parsed.success) {
    const errors = fieldErrorsFrom(parsed.error)
    throw invalid(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
  }
  const input = parsed.data as Row
  const references = Object.entries(action.input ?? {}).flatMap(([key, field]) => (field.kind === 'reference' ? [{ name: apiName(key), field, id: input[apiName(key)] }] : []))
  const unknown = await unknownReferences(tx, companyId, references)
  if (Object.keys(unknown).length) throw invalid(`Please correct the highlighted fields: ${Object.keys(unknown).join(', ')}.`, unknown)
  // A resource without states runs its actions on any record.
  const stateKey = resource.states?.field
  const current = stateKey ? String(record[stateKey]) : null
  if (current !== null && !(action.from ?? []).includes(current)) throw wrongState(resource, action, current)
  const outcome = (await action.run?.({ tx, companyId, userId, record, input, origin: options.origin, afterCommit: options.afterCommit ?? (() => {}) })) || undefined
  // Where the input decides (a work order's status), the code says where; otherwise the declaration does.
  const to = outcome?.to ?? action.to
  if (to === undefined || !stateKey || current === null) {
    await runActionPostings(tx, companyId, userId, resource, id, name, record)
    return record
  }
  const note = (input.note as string | null) ?? null
  if (outcome?.to !== undefined && to === current) {
    // Another name for the same state (a status on the same stage): kept in the history, nothing moves.
    await recordStateChange(tx, { companyId, resource, recordId: id, action: name, from: current, to, label: outcome.label, note, userId })
    await runActionPostings(tx, companyId, userId, resource, id, name, record)
    return record
  }
  if (!canMove(resource, current, to)) {
    if (outcome?.to !== undefined) throw cannotMove(resource, current, to, outcome.label)
    // A definition whose action names a move its transitions do not allow is wrong: refuse it loudly.
    throw new Error(`${resource.name}: ${name} moves ${current} to ${to}, which its transitions do not allow`)
  }
  await tx
    .update(resource.table)
    .set({ [stateKey]: to, updatedAt: new Date() } as never)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
  await recordStateChange(tx, { companyId, resource, recordId: id, action: name, from: current, to, label: outcome?.label, note, userId })
  await resource.rules?.moved?.({ tx, companyId, userId, id, from: current, to, record })
  await runActionPostings(tx, companyId, userId, resource, id, name, record)
  return record
}

export const HistoryEntry = z
  .object({
    action: z.string().nullable().openapi({ description: 'The action that made the change; null for the state the record was created in' }),
    action_label: z.string().nullable(),
    from_state: z.string().nullable(),
    from_label: z.string().nullable(),
    to_state: z.string(),
    to_label: z.string(),
    note: z.string().nullable(),
    user_id: z.string().nullable(),
    user_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('StateChange')

/** A record's changes of state, oldest first, with who made each. */
export async function stateHistory(db: Executor, companyId: string, resource: AnyResource, id: string): Promise<z.infer<typeof HistoryEntry>[]> {
  const rows = await db
    .select({
      action: stateChanges.action,
      fromState: stateChanges.fromState,
      toState: stateChanges.toState,
      label: stateChanges.label,
      note: stateChanges.note,
      userId: stateChanges.userId,
      userName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
      createdAt: stateChanges.createdAt,
    })
    .from(stateChanges)
    .leftJoin(users, eq(users.id, stateChanges.userId))
    .where(and(eq(stateChanges.companyId, companyId), eq(stateChanges.resource, resource.name), eq(stateChanges.recordId, id)))
    .orderBy(asc(stateChanges.createdAt), asc(stateChanges.id))
  // A state named at a move (a work order's status) keeps that name where the next move starts from it.
  return rows.map((r, i) => ({
    action: r.action,
    action_label: r.action ? (resource.actions?.[r.action]?.label ?? (r.action === CORRECTION ? 'Corrected' : r.action)) : null,
    from_state: r.fromState,
    from_label: r.fromState === null ? null : ((i > 0 && rows[i - 1].toState === r.fromState ? rows[i - 1].label : null) ?? stateLabel(resource, r.fromState)),
    to_state: r.toState,
    to_label: r.label ?? stateLabel(resource, r.toState),
    note: r.note,
    user_id: r.userId,
    user_name: r.userName,
    created_at: r.createdAt.toISOString(),
  }))
}
