import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { NewDocument } from '~/api/attachments/documents'
import { NewNote } from '~/api/attachments/notes'
import { z } from '@hono/zod-openapi'
import { NewPhoto, PhotoChange } from '~/api/attachments/photos'
import type { Page } from '~/api/pagination'
import { SHARED_WITH_RESIDENTS } from '~/domain/leasing/resident-center'
import { resourceNamed } from '~/resources'
import { pagePathOf } from '~/resources/engine/view'
import type { Api } from '~/utils/api-client.server'
import { idempotencyKeyOf, replyWithApiError, reply } from '~/utils/forms.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { AttachmentForm, AttachmentsData, DocumentItem, NoteItem, PhotoItem } from './attachments'

/*
 * The server half of the Attachments section of a record's page: one loader
 * helper and one action helper for its three forms (add a note, upload a
 * document, upload a photo). Uploads are multipart and go to the API as
 * multipart; every form works without JavaScript.
 */

/** How many of each a record's page shows; the API lists the rest. */
const ATTACHMENTS_SHOWN = 50

// The API's own fields for each form; the record they attach to is the page's, not the form's.
const NoteSchema = NewNote.pick({ body: true }).strip()
const DocumentUploadSchema = NewDocument.pick({ file: true, name: true, document_type: true })
const PhotoUploadSchema = NewPhoto.pick({ file: true, caption: true, phase: true, line_id: true })

// A photo's place is the API's own change; which photo, the form's.
const PhotoRemoveSchema = z.object({ photo_id: z.uuid() })
const PhotoMoveSchema = PhotoRemoveSchema.extend(PhotoChange.pick({ sort_order: true }).required().shape)

const INTENTS = ['add-note', 'upload-document', 'upload-photo', 'move-photo', 'remove-photo'] as const satisfies readonly AttachmentForm[]
export const isAttachmentIntent = (intent: unknown): intent is AttachmentForm => INTENTS.includes(intent as AttachmentForm)

/** The record's notes, documents and photos; a list the person may not see (403) is null rather than an error. */
export async function loadAttachments(api: Api, recordType: string, recordId: string): Promise<AttachmentsData> {
  const query = new URLSearchParams({ record_type: recordType, record_id: recordId, page_size: String(ATTACHMENTS_SHOWN) })
  const list = async <T>(path: string, ordering: string) => {
    const result = await api.send<Page<T>>('GET', `${path}?${query}&ordering=${ordering}`)
    if (result.ok) return { count: result.data.count, results: result.data.results }
    if (result.status === 403) return null
    throw data(result.error, { status: typeof result.status === 'number' ? result.status : 500 })
  }
  const [notes, documents, photos] = await Promise.all([
    list<NoteItem>('notes/', '-created_at'),
    list<DocumentItem>('documents/', '-created_at'),
    list<PhotoItem>('photos/', 'sort_order,created_at'),
  ])
  return { notes, documents, photos, sharedWithResidents: (SHARED_WITH_RESIDENTS as readonly string[]).includes(recordType), photoPhases: recordType === 'work-orders' }
}

type Options = { /** Where to go after a success; the record's page by default. */ redirectTo?: string }

/**
 * Handles the Attachments forms of a record's page. Returns undefined when the
 * intent is not one of them, so the page's own action can go on; otherwise a
 * redirect with a toast (thrown) or the form's errors.
 */
export async function attachmentAction(api: Api, input: Request | FormData, recordType: string, recordId: string, options: Options = {}) {
  const formData = input instanceof FormData ? input : await input.formData()
  const intent = formData.get('intent')
  if (!isAttachmentIntent(intent)) return undefined
  const back = options.redirectTo ?? `${pagePathOf(resourceNamed(recordType) ?? { name: recordType })}${recordId}/`
  const record = { record_type: recordType, record_id: recordId }
  const idempotencyKey = idempotencyKeyOf(formData)

  if (intent === 'add-note') {
    const submission = parseWithZod(formData, { schema: NoteSchema })
    if (submission.status !== 'success') return forForm(intent, reply(submission))
    const result = await api.send('POST', 'notes/', { ...record, body: submission.value.body }, { idempotencyKey })
    if (!result.ok) return forForm(intent, replyWithApiError(submission, onFields(result.error), result.status))
    throw await redirectWithToast(back, { type: 'success', description: 'Note added.' })
  }

  if (intent === 'move-photo' || intent === 'remove-photo') {
    // The photo is the API's to find among the company's and to refuse; the page says what happened.
    const submission = parseWithZod(formData, { schema: intent === 'move-photo' ? PhotoMoveSchema : PhotoRemoveSchema })
    if (submission.status !== 'success') throw await redirectWithToast(back, { type: 'error', description: 'No such photo.' })
    const { photo_id: photoId, ...change } = submission.value as { photo_id: string; sort_order?: number }
    const result = intent === 'move-photo' ? await api.send('PUT', `photos/${photoId}/`, change) : await api.send('DELETE', `photos/${photoId}/`)
    if (!result.ok) throw await redirectWithToast(back, { type: 'error', description: result.error.detail })
    throw await redirectWithToast(back, { type: 'success', description: intent === 'move-photo' ? 'Photo moved.' : 'Photo removed.' })
  }

  const schema = intent === 'upload-document' ? DocumentUploadSchema : PhotoUploadSchema
  const submission = parseWithZod(formData, { schema })
  const hide = { hide: ['file'] }
  // A chosen file cannot be put back into a file input: the person picks it again.
  if (submission.status !== 'success') return forForm(intent, reply(submission, hide))
  const upload = new FormData()
  for (const [name, value] of Object.entries({ ...record, ...submission.value })) {
    if (value !== undefined) upload.append(name, value)
  }
  const path = intent === 'upload-document' ? 'documents/' : 'photos/'
  const result = await api.send('POST', path, upload, { idempotencyKey })
  if (!result.ok) return forForm(intent, replyWithApiError(submission, onFields(result.error), result.status, hide))
  throw await redirectWithToast(back, { type: 'success', description: intent === 'upload-document' ? 'Document uploaded.' : 'Photo uploaded.' })
}

/** A form's reply, marked with the form it belongs to: the page has three, and only that one shows the errors. */
function forForm<D extends object>(form: AttachmentForm, reply: { data: D; init: ResponseInit | null }) {
  return data({ form, ...reply.data }, reply.init ?? undefined)
}

/** The record's own fields are not on the form: their errors are the form's. */
function onFields(error: ErrorBody): ErrorBody {
  if (!error.errors) return error
  const errors: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(error.errors)) {
    const key = field === 'record_type' || field === 'record_id' ? '__all__' : field
    ;(errors[key] ??= []).push(...messages)
  }
  return { ...error, errors }
}

// What a download keeps of the API's answer: the bytes' type, size and name, and the headers that keep a browser from running them.
const FILE_HEADERS = ['content-type', 'content-length', 'content-disposition', 'etag', 'cache-control', 'x-content-type-options', 'content-security-policy']

/**
 * A file from the API passed on to the browser as it streams: for the staff
 * area's download links, which carry the session cookie rather than a token.
 */
export async function fileResponse(api: Api, path: string) {
  const response = await api.raw(path)
  if (!response.ok) {
    const type = response.headers.get('content-type') ?? ''
    const detail = type.includes('json') ? ((await response.json()) as ErrorBody).detail : 'The file could not be fetched.'
    return new Response(detail, { status: response.status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  const headers = new Headers()
  for (const name of FILE_HEADERS) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(response.body, { status: 200, headers })
}

/** The record an attachment is about, as a link: its type's name and the record's page. */
export function attachedTo(item: { record_type: string | null; record_id: string | null }) {
  if (!item.record_type || !item.record_id) return null
  const resource = resourceNamed(item.record_type)
  return { label: resource?.singular ?? item.record_type, href: `${pagePathOf(resource ?? { name: item.record_type })}${item.record_id}/` }
}

export type AttachedTo = ReturnType<typeof attachedTo>
