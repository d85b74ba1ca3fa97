import { z } from '@hono/zod-openapi'
import type { LineInput } from '~/domain/ledger/entries'
import { dateInput, moneyString } from '../values'

/** The pieces the ledger's API bodies and answers share: ids, dates, and a journal line in and out. */

export const Id = z.uuid({ error: 'Must be an id.' })
export const IsoDate = dateInput('Date')

/** A line as a client sends it: a debit or a credit as "1250.00", never both, with its dimensions. */
/** What describes a line besides its account and amount: its memo and the dimensions it is tagged with. */
export const LINE_DESCRIPTION = {
  memo: z.string().trim().max(500, 'Memo must be at most 500 characters.').nullish(),
  property_group_id: Id.nullish(),
  rental_unit_id: Id.nullish(),
  lease_id: Id.nullish(),
  resident_id: Id.nullish(),
  vendor_id: Id.nullish(),
  property_owner_id: Id.nullish(),
}

export const LineBody = z
  .object({
    account_id: z.uuid({ error: 'Choose an account.' }),
    debit: moneyString('Debit').nullish(),
    credit: moneyString('Credit').nullish(),
    ...LINE_DESCRIPTION,
  })
  .openapi('JournalLineInput')

/** A line as the ledger reads it, from a line as a client sends it. */
export const lineInputOf = (l: Partial<z.infer<typeof LineBody>> & Pick<z.infer<typeof LineBody>, 'account_id'>): LineInput => ({
  accountId: l.account_id,
  debit: l.debit,
  credit: l.credit,
  memo: l.memo,
  propertyGroupId: l.property_group_id,
  rentalUnitId: l.rental_unit_id,
  leaseId: l.lease_id,
  residentId: l.resident_id,
  vendorId: l.vendor_id,
  propertyOwnerId: l.property_owner_id,
})

/** A posted line as the API answers: debit or credit, and the names of its account and dimensions. */
export const JournalLine = z
  .object({
    id: z.string(),
    line_number: z.number().int(),
    account_id: z.string(),
    account_label: z.string(),
    debit: z.string().nullable(),
    credit: z.string().nullable(),
    memo: z.string().nullable(),
    property_group_id: z.string().nullable(),
    property_group_label: z.string().nullable(),
    rental_unit_id: z.string().nullable(),
    rental_unit_label: z.string().nullable(),
    lease_id: z.string().nullable(),
    resident_id: z.string().nullable(),
    resident_label: z.string().nullable(),
    vendor_id: z.string().nullable(),
    property_owner_id: z.string().nullable(),
    property_owner_label: z.string().nullable(),
  })
  .openapi('JournalLine')
