import { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { conflict, notFound } from '~/domain/errors'
import { stateLabel } from './actions.server'
import type { AnyResource } from './define'
import { apiName } from './fields'

/*
 * Files a record makes of itself (ADR 019): a PAD agreement of a rent schedule, the letters of a
 * bulk notice. The engine finds the record in the company, checks the state it may be made in, and
 * hands the definition's `make` the record as stored; the API answers the bytes as a download.
 */

/** What a document output's POST accepts: nothing (the file is read from the record), so any field sent is refused by name. */
export const DocumentInput = z.object({})

/** A name a download's header carries as it is: letters, digits, dots and dashes. */
export const downloadName = (filename: string) => filename.replace(/[^A-Za-z0-9.]+/g, '-').replace(/^-+|-+(?=\.)|-+$/g, '') || 'document'

/** The file `name` of the record, or not found (another company's id, no such record), or 409 from a state it cannot be made in. */
export async function makeDocument(tx: Executor, companyId: string, resource: AnyResource, id: string, name: string) {
  const document = resource.documents?.[name]
  if (!document) throw notFound(`No such document: ${name}.`)
  const lower = resource.singular.toLowerCase()
  if (!z.uuid().safeParse(id).success) throw notFound(`No such ${lower}.`)
  const table = resource.table
  const [record] = (await tx
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))) as Record<string, unknown>[]
  if (!record) throw notFound(`No such ${lower}.`)
  const stateKey = resource.states?.field
  if (stateKey && document.from && !document.from.includes(String(record[stateKey]))) {
    const needed = document.from.map((s) => stateLabel(resource, s)).join(' or ')
    const message = `This ${lower} is ${stateLabel(resource, String(record[stateKey]))}; ${document.label} needs it to be ${needed}.`
    throw conflict(message, { [apiName(stateKey)]: [message] })
  }
  const file = await document.make({ tx, companyId, record })
  return { ...file, filename: downloadName(file.filename), contentType: document.contentType }
}
