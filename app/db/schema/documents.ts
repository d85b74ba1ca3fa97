import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { companyId, createdAt, id } from './columns'
import { users } from './platform'

/**
 * Every change of a document's state (ADR 013): which record (`resource` is the resource's name,
 * `rental-units`, and `record_id` its id), the action that moved it, from and to which state, the
 * note given, who and when. Written by the resource engine on create and on every action, never
 * edited.
 */
export const stateChanges = pgTable(
  'state_changes',
  {
    id: id(),
    companyId: companyId(),
    resource: text().notNull(),
    recordId: uuid().notNull(),
    /** The action's name; null for the state a record is created in. */
    action: text(),
    fromState: text(),
    toState: text().notNull(),
    /** What the record's state was called at the move, where the definition names it (a work order's status on its stage, ADR 022); the state's label otherwise. */
    label: text(),
    note: text(),
    userId: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('state_changes_record_idx').on(t.companyId, t.resource, t.recordId, t.createdAt)],
)
