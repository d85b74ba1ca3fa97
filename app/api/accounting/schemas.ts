import { z } from '@hono/zod-openapi'
import { dimensionsFromJson, LINE_DIMENSIONS, type DimensionLabelName, type DimensionName } from '~/domain/ledger/dimensions'
import type { LineInput } from '~/domain/ledger/entries'
import { dateInput, moneyString } from '../values'

/** The pieces the ledger's API bodies and answers share: ids, dates, and a journal line in and out. */

export const Id = z.uuid({ error: 'Must be an id.' })
export const IsoDate = dateInput('Date')

/** What describes a line besides its account and amount: its memo and the dimensions it is tagged with (one per registry entry). */
export const LINE_DESCRIPTION = {
  memo: z.string().trim().max(500, 'Memo must be at most 500 characters.').nullish(),
  ...(Object.fromEntries(LINE_DIMENSIONS.map((d) => [d.name, Id.nullish().openapi({ description: `The ${d.label.toLowerCase()} the line is for` })])) as Record<DimensionName, ReturnType<typeof Id.nullish>>),
}

/** A line as a client sends it: a debit or a credit as "1250.00", never both, with its dimensions. */
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
  ...dimensionsFromJson(l),
})

/** A posted line as the API answers: debit or credit, and the names of its account and dimensions. */
/** A line's dimensions as the API answers: each id and the name of what it points to. */
export const DIMENSIONS_OUT = Object.fromEntries(
  LINE_DIMENSIONS.flatMap((d) => [
    [d.name, z.string().nullable()],
    [d.labelName, z.string().nullable().openapi({ description: `The ${d.label.toLowerCase()}'s name` })],
  ]),
) as Record<DimensionName | DimensionLabelName, z.ZodNullable<z.ZodString>>

export const JournalLine = z
  .object({
    id: z.string(),
    line_number: z.number().int(),
    account_id: z.string(),
    account_label: z.string(),
    debit: z.string().nullable(),
    credit: z.string().nullable(),
    memo: z.string().nullable(),
    ...DIMENSIONS_OUT,
  })
  .openapi('JournalLine')
