import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Instant } from '~/components/instant'
import { FileText, ImagePlus, Upload } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { PHOTO_PHASES, photoPhaseLabel } from '~/domain/maintenance/work-orders'
import { DOCUMENT_TYPES } from '~/domain/reference-data'
import { FILE_TYPES, formatBytes } from '~/utils/file-types'
import { IdempotencyKey } from '../idempotency-key'
import { Table, Td, Th } from '../list'
import { Button } from '../ui/button'
import { ErrorList, ErrorSummary } from '../ui/field'
import type { Document } from '~/api/attachments/documents'
import type { Note } from '~/api/attachments/notes'
import type { Photo } from '~/api/attachments/photos'
import type { Answer } from '~/utils/api-client.server'
import { Input, Label, Select } from '../ui/input'

/*
 * The Attachments section of a record's page: its notes, documents and photos,
 * each with a form to add one. Plain posts (multipart for files), so all of it
 * works without JavaScript; attachments.server.ts loads the data and handles
 * the three forms.
 */

export type AttachmentForm = 'add-note' | 'upload-document' | 'upload-photo' | 'move-photo' | 'remove-photo'

export type NoteItem = Answer<typeof Note>
export type DocumentItem = Answer<typeof Document>
export type PhotoItem = Answer<typeof Photo>
type Listed<T> = { count: number; results: T[] } | null

export type AttachmentsData = {
  notes: Listed<NoteItem>
  documents: Listed<DocumentItem>
  photos: Listed<PhotoItem>
  /** The record's residents read its documents in the resident center (a resident's own record, a lease). */
  sharedWithResidents: boolean
  /** Its photos are taken before or after work (a work order's). */
  photoPhases: boolean
}

/** Where the browser fetches a file: the staff area's session-authenticated routes in front of the API. */
export const documentDownloadPath = (id: string) => `/app/documents/${id}/download/`
export const photoPath = (id: string) => `/app/photos/${id}/download/`

export const DOCUMENT_ACCEPT = [...new Set(Object.values(FILE_TYPES).flatMap((t) => [`.${t.extension}`, t.contentType]))].join(',')
const PHOTO_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', '.heic'].join(',')
export const typeLabel = (value: string) => DOCUMENT_TYPES.find((t) => t.value === value)?.label ?? value

type Reply = { form?: AttachmentForm; result?: SubmissionResult<string[]> }

/** The reply of the action, only for the form that was sent. */
function replyFor(actionData: unknown, form: AttachmentForm) {
  const reply = actionData && typeof actionData === 'object' ? (actionData as Reply) : undefined
  return reply?.form === form ? reply.result : undefined
}

function describedBy(meta: FieldMetadata<unknown>, help?: boolean) {
  return [meta.errors?.length ? meta.errorId : undefined, help ? `${meta.id}-help` : undefined].filter(Boolean).join(' ') || undefined
}

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title} {count !== undefined ? <span className="text-sm font-normal text-muted-foreground">({count})</span> : null}
      </h2>
      {children}
    </section>
  )
}

/** The record an attachment is about, linked; "—" for a document on its own. */
export function AttachedLink({ to }: { to: { label: string; href: string } | null }) {
  if (!to) return <span className="text-muted-foreground">—</span>
  return (
    <a href={to.href} className="text-primary underline">
      {to.label}
    </a>
  )
}

function NoAccess({ what }: { what: string }) {
  return <p className="text-sm text-muted-foreground">You do not have access to the {what} of this record.</p>
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{children}</p>
}

function MoreThanShown({ shown, count, what }: { shown: number; count: number; what: string }) {
  return count > shown ? (
    <p className="text-sm text-muted-foreground">
      Showing the latest {shown} of {count} {what}.
    </p>
  ) : null
}

/** A line of the record a photo can show (an inspection report's item), as the photo form offers it. */
export type PhotoLine = { value: string; label: string }

/** The page's notes, or its files (documents and photos): two sections of a record's page. `lines`: the record's lines a photo can be of. */
export function Attachments({ data, actionData, part, lines }: { data: AttachmentsData; actionData?: unknown; part: 'notes' | 'files'; lines?: PhotoLine[] }) {
  if (part === 'notes') return <Notes notes={data.notes} lastResult={replyFor(actionData, 'add-note')} />
  return (
    <div className="flex flex-col gap-8">
      <Documents documents={data.documents} sharedWithResidents={data.sharedWithResidents} lastResult={replyFor(actionData, 'upload-document')} />
      <Photos photos={data.photos} phases={data.photoPhases} lines={lines} lastResult={replyFor(actionData, 'upload-photo')} />
    </div>
  )
}

function useSending(form: AttachmentForm) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === form
}

function Notes({ notes, lastResult }: { notes: Listed<NoteItem>; lastResult?: SubmissionResult<string[]> }) {
  const sending = useSending('add-note')
  const [form, fields] = useForm({ id: 'add-note', lastResult, shouldValidate: 'onSubmit' })
  return (
    <Section id="attachments-notes" title="Notes" count={notes?.count}>
      {!notes ? (
        <NoAccess what="notes" />
      ) : (
        <>
          <Form method="post" className="flex flex-col gap-2" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="add-note" />
            <IdempotencyKey form="add-note" />
            <ErrorSummary form={form} />
            <Label htmlFor={fields.body.id}>Add a note</Label>
            <textarea
              id={fields.body.id}
              name={fields.body.name}
              defaultValue={typeof fields.body.initialValue === 'string' ? fields.body.initialValue : ''}
              required
              maxLength={10_000}
              rows={3}
              aria-invalid={fields.body.errors?.length ? true : undefined}
              aria-describedby={describedBy(fields.body)}
              className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-[invalid=true]:border-destructive"
            />
            <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
            <Button type="submit" size="sm" className="self-start" disabled={sending}>
              Add note
            </Button>
          </Form>
          {notes.results.length === 0 ? (
            <Empty>No notes yet.</Empty>
          ) : (
            <ul className="flex flex-col gap-3">
              {notes.results.map((note) => (
                <li key={note.id} className="rounded-md border p-3">
                  <p className="whitespace-pre-wrap text-sm">{note.body}</p>
                  <p className="mt-2 text-xs text-muted-foreground">
                    {note.author_name || 'Someone'} · <Instant at={note.created_at} />
                    {note.updated_at !== note.created_at ? ' (edited)' : null}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <MoreThanShown shown={notes.results.length} count={notes.count} what="notes" />
        </>
      )}
    </Section>
  )
}

/** Label, input, help and errors of one field of these forms. */
function InputField({ meta, label, help, ...props }: { meta: FieldMetadata<unknown>; label: string; help?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input id={meta.id} name={meta.name} aria-invalid={meta.errors?.length ? true : undefined} aria-describedby={describedBy(meta, Boolean(help))} {...props} />
      {help ? (
        <p id={`${meta.id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A file cannot be put back into a file input after a refused submit: the person chooses it again. */
function FileInput({ meta, label, accept, help }: { meta: FieldMetadata<unknown>; label: string; accept: string; help: string }) {
  return <InputField meta={meta} label={label} help={help} type="file" accept={accept} required className="h-auto file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium" />
}

/** A select of fixed choices for a form field, its blank choice first, with its errors. */
function ChoiceSelect({ meta, label, options, blank, required }: { meta: FieldMetadata<unknown>; label: string; options: readonly { value: string; label: string }[]; blank: string; required?: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={meta.id}>{label}</Label>
      <Select
        id={meta.id}
        name={meta.name}
        defaultValue={typeof meta.initialValue === 'string' ? meta.initialValue : ''}
        required={required}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={describedBy(meta)}
      >
        <option value="">{blank}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

function TextInput({ meta, label, help, maxLength }: { meta: FieldMetadata<unknown>; label: string; help?: string; maxLength: number }) {
  return <InputField meta={meta} label={label} help={help} maxLength={maxLength} defaultValue={typeof meta.initialValue === 'string' ? meta.initialValue : ''} />
}

function Documents({ documents, sharedWithResidents, lastResult }: { documents: Listed<DocumentItem>; sharedWithResidents: boolean; lastResult?: SubmissionResult<string[]> }) {
  const sending = useSending('upload-document')
  const [form, fields] = useForm({ id: 'upload-document', lastResult, shouldValidate: 'onSubmit' })
  return (
    <Section id="attachments-documents" title="Documents" count={documents?.count}>
      {sharedWithResidents ? <p className="text-sm text-muted-foreground">The residents concerned see these documents in the resident center.</p> : null}
      {!documents ? (
        <NoAccess what="documents" />
      ) : (
        <>
          {documents.results.length === 0 ? (
            <Empty>No documents yet.</Empty>
          ) : (
            <Table>
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Type</Th>
                  <Th>Size</Th>
                  <Th>Uploaded</Th>
                </tr>
              </thead>
              <tbody>
                {documents.results.map((document) => (
                  <tr key={document.id}>
                    <Td>
                      <a href={documentDownloadPath(document.id)} download className="inline-flex items-center gap-2 font-medium text-primary underline">
                        <FileText aria-hidden className="size-4 shrink-0" />
                        {document.name}
                      </a>
                    </Td>
                    <Td>{typeLabel(document.document_type)}</Td>
                    <Td>{formatBytes(document.size_bytes)}</Td>
                    <Td>
                      <Instant at={document.created_at} />
                      {document.uploaded_by_name ? <span className="text-muted-foreground"> by {document.uploaded_by_name}</span> : null}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <MoreThanShown shown={documents.results.length} count={documents.count} what="documents" />
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4 rounded-md border p-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="upload-document" />
            <IdempotencyKey form="upload-document" />
            <ErrorSummary form={form} />
            <div className="grid gap-4 sm:grid-cols-3">
              <FileInput meta={fields.file} label="File" accept={DOCUMENT_ACCEPT} help="PDF, image, text, CSV, Word or Excel; at most 25 MB." />
              <ChoiceSelect meta={fields.document_type} label="Type" options={DOCUMENT_TYPES} blank="Choose a type" required />
              <TextInput meta={fields.name} label="Name" maxLength={200} help="Leave empty to use the file’s name." />
            </div>
            <Button type="submit" size="sm" variant="outline" className="self-start" disabled={sending}>
              <Upload aria-hidden /> Upload document
            </Button>
          </Form>
        </>
      )}
    </Section>
  )
}

/**
 * A photo's place among its record's photos (a listing's first leads its page) and its removal,
 * each a small form that works without JavaScript; removing asks first, as it cannot be undone.
 */
function PhotoControls({ photo, place, last }: { photo: PhotoItem; place: number; last: boolean }) {
  const what = photo.caption || photo.name
  const move = (to: number, label: string, text: string) => (
    <Form method="post">
      <input type="hidden" name="intent" value="move-photo" />
      <input type="hidden" name="photo_id" value={photo.id} />
      <input type="hidden" name="sort_order" value={to} />
      <Button type="submit" size="sm" variant="ghost" className="h-7 px-2 text-xs" aria-label={`${label}: ${what}`}>
        {text}
      </Button>
    </Form>
  )
  return (
    <div className="flex flex-wrap items-center gap-1">
      {place > 0 ? move(place - 1, 'Move earlier', '← Earlier') : null}
      {!last ? move(place + 1, 'Move later', 'Later →') : null}
      <details className="text-xs">
        <summary className="cursor-pointer rounded px-2 py-1 text-muted-foreground hover:text-foreground" aria-label={`Remove: ${what}`}>
          Remove…
        </summary>
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="remove-photo" />
          <input type="hidden" name="photo_id" value={photo.id} />
          <Button type="submit" size="sm" variant="destructive" className="h-7 px-2 text-xs">
            Yes, remove this photo
          </Button>
        </Form>
      </details>
    </div>
  )
}

function Photos({ photos, phases, lines, lastResult }: { photos: Listed<PhotoItem>; phases: boolean; lines?: PhotoLine[]; lastResult?: SubmissionResult<string[]> }) {
  const sending = useSending('upload-photo')
  const lineLabel = (id: string | null) => lines?.find((l) => l.value === id)?.label
  const [form, fields] = useForm({ id: 'upload-photo', lastResult, shouldValidate: 'onSubmit' })
  return (
    <Section id="attachments-photos" title="Photos" count={photos?.count}>
      {!photos ? (
        <NoAccess what="photos" />
      ) : (
        <>
          {photos.results.length === 0 ? (
            <Empty>No photos yet.</Empty>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {photos.results.map((photo, i) => (
                <li key={photo.id} className="flex flex-col gap-1">
                  <figure className="flex flex-col gap-1">
                    <a href={photoPath(photo.id)} className="block overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                      <img src={photoPath(photo.id)} alt={photo.caption || photo.name} loading="lazy" className="aspect-square w-full object-cover" />
                    </a>
                    {photoPhaseLabel(photo.phase) || lineLabel(photo.line_id) || photo.caption ? (
                      <figcaption className="text-xs text-muted-foreground">{[photoPhaseLabel(photo.phase), lineLabel(photo.line_id), photo.caption].filter(Boolean).join(' · ')}</figcaption>
                    ) : null}
                  </figure>
                  <PhotoControls photo={photo} place={i} last={i === photos.results.length - 1} />
                </li>
              ))}
            </ul>
          )}
          <MoreThanShown shown={photos.results.length} count={photos.count} what="photos" />
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4 rounded-md border p-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="upload-photo" />
            <IdempotencyKey form="upload-photo" />
            <ErrorSummary form={form} />
            <div className="grid gap-4 sm:grid-cols-2">
              <FileInput meta={fields.file} label="Photo" accept={PHOTO_ACCEPT} help="JPEG, PNG, WebP, GIF or HEIC; at most 10 MB." />
              {phases ? <ChoiceSelect meta={fields.phase} label="Taken" options={PHOTO_PHASES} blank="Not said" /> : null}
              {lines?.length ? <ChoiceSelect meta={fields.line_id} label="Of" options={lines} blank="The whole record" /> : null}
              <TextInput meta={fields.caption} label="Caption" maxLength={500} />
            </div>
            <Button type="submit" size="sm" variant="outline" className="self-start" disabled={sending}>
              <ImagePlus aria-hidden /> Upload photo
            </Button>
          </Form>
        </>
      )}
    </Section>
  )
}
