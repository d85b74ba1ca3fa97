import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cleanFileName, contentDisposition, downloadFileName, FILE_TYPES, formatBytes, kindOfContentType, sniffFileType, type FileKind } from '~/utils/file-types'
import { sha256Hex } from '~/utils/crypto.server'
import { fileStore, storeFile } from '~/utils/file-store.server'
import type { AppEnv } from '../context'
import { fieldError, notFound } from '../errors'
import { tenant } from '../tenant'
import { checkRecord, pairOf } from './records'

/*
 * An uploaded file from arrival to storage: the size limit (checked before
 * the body is read, and again on the file), the type sniffed from its bytes
 * against the allow-list, then the bytes into the file store. And back out:
 * the stored bytes streamed with the stored type.
 */

const MB = 1024 * 1024

export type UploadRules = { what: string; maxBytes: number; allowed: readonly FileKind[] }

export const DOCUMENT_UPLOADS: UploadRules = {
  what: 'document',
  maxBytes: 25 * MB,
  allowed: ['pdf', 'png', 'jpeg', 'webp', 'gif', 'heic', 'text', 'csv', 'docx', 'xlsx'],
}

export const PHOTO_UPLOADS: UploadRules = { what: 'photo', maxBytes: 10 * MB, allowed: ['jpeg', 'png', 'webp', 'gif', 'heic'] }

const acceptedTypes = (rules: UploadRules) => rules.allowed.map((k) => FILE_TYPES[k].label).join(', ')

/** The multipart `file` part, as OpenAPI describes it. */
export const fileInput = (rules: UploadRules) =>
  z.custom<File>((value) => value instanceof File, { error: 'Choose a file to upload.' }).openapi({
    type: 'string',
    format: 'binary',
    description: `At most ${formatBytes(rules.maxBytes)}: ${acceptedTypes(rules)}. The type is read from the file's contents, not its name.`,
  })

// Room for the other form fields and the multipart boundaries around the file.
const FORM_OVERHEAD = 64 * 1024

function tooLarge(rules: UploadRules, field = 'file') {
  return fieldError(field, `The file is larger than ${formatBytes(rules.maxBytes)}, the limit for a ${rules.what}.`)
}

/** Refuses an oversized body before it is read into memory. */
export const uploadLimit = (rules: UploadRules) =>
  bodyLimit({
    maxSize: rules.maxBytes + FORM_OVERHEAD,
    onError: () => {
      throw tooLarge(rules)
    },
  })

export type Upload = { bytes: Uint8Array; kind: FileKind; contentType: string; sha256: string; name: string }

/** The file's bytes, if they are a kind the rules allow and within the size limit; else a 400 naming `field`. */
export async function readUpload(file: File, rules: UploadRules, field = 'file'): Promise<Upload> {
  if (file.size === 0) throw fieldError(field, file.name ? 'The file is empty.' : 'Choose a file to upload.')
  if (file.size > rules.maxBytes) throw tooLarge(rules, field)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffFileType(bytes, file.name)
  if (!kind || !rules.allowed.includes(kind)) {
    throw fieldError(field, `This file is not a kind we accept for a ${rules.what}. Accepted: ${acceptedTypes(rules)}. Files are recognised by their contents, not their name.`)
  }
  return { bytes, kind, contentType: FILE_TYPES[kind].contentType, sha256: sha256Hex(bytes), name: cleanFileName(file.name) }
}

/** The columns a stored file's row takes from its upload. */
export type StoredColumns = {
  companyId: string
  recordType: string | null
  recordId: string | null
  contentType: string
  sizeBytes: number
  storageKey: string
  sha256: string
  uploadedBy: string
}

/**
 * Takes an upload in: checks the record it names and the file itself, stores
 * the bytes, then has `insert` write the row. If writing the row fails the
 * bytes are removed again, so no file is left without a row.
 */
export async function receiveUpload<T>(
  c: Context<AppEnv>,
  input: { file: File; record_type?: string; record_id?: string },
  rules: UploadRules,
  insert: (stored: StoredColumns, upload: Upload) => Promise<T>,
): Promise<T> {
  const record = pairOf(input)
  if (record) await checkRecord(c, record.recordType, record.recordId, 'file')
  const upload = await readUpload(input.file, rules)
  const t = tenant(c)
  const stored = await storeFile(t.companyId, upload)
  try {
    return await insert({ companyId: t.companyId, recordType: record?.recordType ?? null, recordId: record?.recordId ?? null, ...stored, uploadedBy: t.principal.userId }, upload)
  } catch (error) {
    await fileStore()
      .delete(stored.storageKey)
      .catch(() => {})
    throw error
  }
}

type Stored = { name: string; contentType: string; sizeBytes: number; storageKey: string; sha256: string }

/** The stored bytes with their sniffed type; `attachment` makes a browser save them, `inline` show them. */
export async function sendStored(c: Context<AppEnv>, file: Stored, disposition: 'attachment' | 'inline') {
  const stream = await fileStore().get(file.storageKey)
  if (!stream) throw notFound('The file is missing from storage.')
  const kind = kindOfContentType(file.contentType)
  const type = kind === 'text' || kind === 'csv' ? `${file.contentType}; charset=utf-8` : file.contentType
  return c.body(stream, 200, {
    'content-type': type,
    'content-length': String(file.sizeBytes),
    'content-disposition': contentDisposition(disposition, kind ? downloadFileName(file.name, kind) : cleanFileName(file.name) || 'file'),
    etag: `"${file.sha256}"`,
    'cache-control': 'private, max-age=300',
    // Whatever the bytes are, a browser must not run them as a page of ours.
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  })
}

/** OpenAPI for a download: the raw bytes. */
export const binaryResponse = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
})
