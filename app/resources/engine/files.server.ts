import { z } from '@hono/zod-openapi'
import { and, eq, ne } from 'drizzle-orm'
import type { Context } from 'hono'
import type { AppEnv } from '~/api/context'
import { badRequest } from '~/api/errors'
import { DOCUMENT_UPLOADS, fileInput, receiveUpload } from '~/api/attachments/uploads'
import type { Executor } from '~/db/client.server'
import { documents } from '~/db/schema'
import { RESOURCES, resourceNamed } from '../index'
import type { AnyResource } from './define'
import { apiName, uploadKey, type FileField, type ReferenceField } from './fields'
import { unknownReferences } from './references.server'
import { inputSchema, writableFields } from './validation'

/*
 * A resource's file fields (a lease attachment's file): the file is a document of the company's
 * store, kept on the record the field's `keptOn` reference names, taken in by the store's own
 * upload path (its size limit, the type read from the bytes, the bytes kept once) in the create's
 * transaction. The record holds the document's id. Such a resource is created by a multipart form,
 * its other fields as the form's text, so a page's form posts it as it is, without JavaScript.
 */

type Row = Record<string, unknown>

/** Its file fields, by key. */
export function fileFieldsOf(resource: AnyResource) {
  return Object.entries(resource.fields).filter((e): e is [string, FileField] => e[1]?.kind === 'file')
}

/**
 * The resource whose file fields keep their files on records of this type (a lease's files are its
 * lease attachments), if one does: a file for such a record is added and changed there, so it has one home.
 */
export function fileKeeperOf(recordType: string | null | undefined) {
  if (!recordType) return undefined
  return RESOURCES.find((r) => fileFieldsOf(r).some(([, f]) => (r.fields[f.keptOn] as ReferenceField | undefined)?.resource === recordType))
}

/** The reference field a file field is kept on, checked once when the routes are made. */
function keptOnField(resource: AnyResource, field: FileField) {
  const kept = resource.fields[field.keptOn]
  if (kept?.kind !== 'reference' || !kept.required) throw new Error(`${resource.name}: a file is kept on a required reference field; ${field.keptOn} is not one`)
  return kept as ReferenceField
}

/** A box ticked (`on`, `true`) or not (`false`), as a form says it; anything else is left for the schema to refuse. */
const tickedOf = (raw: unknown) => (raw === 'on' || raw === 'true' ? true : raw === 'false' ? false : raw)

/**
 * The create's multipart body: the fields the JSON body would take, checked alike (a form's
 * text is what JSON's strings are; a box is `true`, `on` or `false`), and each file in its part.
 */
export function multipartInputSchema(resource: AnyResource) {
  const json = inputSchema(resource, 'create')
  const booleans = new Set(writableFields(resource, 'create').flatMap(([key, field]) => (field.kind === 'boolean' ? [apiName(key)] : [])))
  const shape: Record<string, z.ZodType> = {}
  for (const [name, schema] of Object.entries(json.shape as Record<string, z.ZodType>)) shape[name] = booleans.has(name) ? z.preprocess(tickedOf, schema) : schema
  for (const [key, field] of fileFieldsOf(resource)) {
    keptOnField(resource, field)
    // A file the field does not require may be left out, or sent as a form sends a file input left empty (a part of no name and no bytes).
    shape[uploadKey(key)] = field.required ? fileInput(DOCUMENT_UPLOADS) : z.preprocess((v) => (v instanceof File && !v.name && v.size === 0 ? undefined : v), fileInput(DOCUMENT_UPLOADS).optional())
  }
  return z.object(shape).strict()
}

/** A multipart body as checked: the record's values (as the JSON body's) and its files' parts. */
export function splitParts(resource: AnyResource, form: Row) {
  const files = new Set(fileFieldsOf(resource).map(([key]) => uploadKey(key)))
  return { values: Object.fromEntries(Object.entries(form).filter(([name]) => !files.has(name))), parts: form }
}

/**
 * Stores each file of a create as a document kept on its record, then has `create` write the
 * record with the documents' ids (by column key). The record a file is kept on is checked first,
 * so another company's is refused at its field; a record that is then refused takes its
 * documents' rows with the transaction and its bytes out of the store (receiveUpload).
 */
export async function withUploads<T>(
  c: Context<AppEnv>,
  tx: Executor,
  resource: AnyResource,
  values: Row,
  parts: Record<string, unknown>,
  create: (stored: Row) => Promise<T>,
): Promise<T> {
  const files = fileFieldsOf(resource)
  const kept = files.map(([, field]) => ({ name: apiName(field.keptOn), field: keptOnField(resource, field), id: values[apiName(field.keptOn)] }))
  const errors = await unknownReferences(tx, c.var.principal.companyId, kept)
  if (Object.keys(errors).length) throw badRequest(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
  const store = async (i: number, stored: Row): Promise<T> => {
    if (i === files.length) return create(stored)
    const [key, field] = files[i]
    // A file left out (the field does not require one) stores nothing.
    if (!(parts[uploadKey(key)] instanceof File)) return store(i + 1, stored)
    const input = { file: parts[uploadKey(key)] as File, record_type: resourceNamed(kept[i].field.resource)!.name, record_id: String(kept[i].id) }
    return receiveUpload(c, input, DOCUMENT_UPLOADS, async (columns, upload) => {
      const [document] = await tx
        .insert(documents)
        .values({ ...columns, name: upload.name || field.label, documentType: 'OTHER' })
        .returning({ id: documents.id })
      return store(i + 1, { ...stored, [key]: document.id })
    })
  }
  return store(0, {})
}

/** After an update: each file's document stays kept on the record its `keptOn` names now (a lease attachment moved to another lease goes with its file). */
export async function followKeptOn(tx: Executor, companyId: string, resource: AnyResource, row: Row) {
  for (const [key, field] of fileFieldsOf(resource)) {
    // A file the record was made without has nothing to follow.
    if (!row[key]) continue
    await tx
      .update(documents)
      .set({ recordId: String(row[field.keptOn]), updatedAt: new Date() })
      .where(and(eq(documents.companyId, companyId), eq(documents.id, String(row[key])), ne(documents.recordId, String(row[field.keptOn]))))
  }
}
