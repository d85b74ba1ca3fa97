import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Download, FileUp, Upload } from 'lucide-react'
import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { CsvForm, CsvJson, type ImportCreated, type ImportPreview, type ImportRefused } from '~/api/platform/imports'
import { IdempotencyKey } from '~/components/idempotency-key'
import { Breadcrumbs, PageHeader, Table, Td, Th } from '~/components/list'
import { FieldValue } from '~/components/resource/field-value'
import { Button, buttonVariants } from '~/components/ui/button'
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { ErrorList, ErrorSummary, FormErrors, TextareaField } from '~/components/ui/field'
import { Label } from '~/components/ui/input'
import { isNumberFormat, type NumberFormat } from '~/domain/money'
import { NumberFormatSelect } from '~/components/number-format-select'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORTABLE, templateCsv } from '~/resources/engine/import'
import { writableIn } from '~/resources/engine/fields'
import { lookupResource } from '~/resources/engine/pages.server'
import type { FieldView, ResourceView } from '~/resources/engine/view'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { idempotencyKeyOf, reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/import'

/*
 * /app/:resource/import/ — a CSV from another system, previewed row by row,
 * then imported whole. Works without JavaScript: the file is read by the
 * preview's post, and the checked text travels back in a hidden field with
 * the import's post, so nothing is kept on the server in between.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Import ${loaderData.view.plural}` : 'Import') }]

const MB = 1024 * 1024

function importable(name: string | undefined, url: URL) {
  const found = lookupResource(name, url)
  if ('comingLater' in found || !IMPORTABLE.includes(found.view.name)) throw data({ detail: 'Page not found.' }, { status: 404 })
  return found
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { view, resource } = importable(params.resource, url)
  await requireSession({ request, url })
  const required = view.fields.filter((f) => f.required && writableIn(f, 'create')).map((f) => f.label)
  // The limits travel as data: the page's own code never loads the import rules (ADR 004).
  return { view, template: templateCsv(resource), required, limits: { rows: IMPORT_MAX_ROWS.toLocaleString('en-CA'), megabytes: IMPORT_MAX_BYTES / MB } }
}

/** The file and the pasted text could both be there; past this the post is not even read. */
const FORM_LIMIT = 2 * IMPORT_MAX_BYTES + MB
const PREVIEW_ROWS = 100

/*
 * The API's upload, its CSV from the chosen file or else the pasted text; the import's own post
 * sends the checked text back as csv. Neither the file nor that text is sent back with an error:
 * a file input cannot be given its file, and the text is the preview's.
 */
const ImportForm = z.object({
  file: CsvForm.shape.csv.optional(),
  pasted: CsvJson.shape.csv.optional(),
  csv: CsvJson.shape.csv.optional(),
  number_format: CsvForm.shape.number_format,
})
const HIDE = { hide: ['file', 'csv'] }

function previewOf(view: ResourceView, result: Answer<typeof ImportPreview>, csv: string, numbers: NumberFormat, refused?: string) {
  const keys = new Set(result.rows.flatMap((r) => Object.keys(r.values)))
  /** The fields the rows fill, in the definition's order: the preview's columns. */
  const shown = view.fields.filter((f) => keys.has(f.name) || (f.labelKey && keys.has(f.labelKey))).map((f) => f.name)
  const invalid = result.rows.filter((r) => Object.keys(r.errors).length)
  /** The rows on the page: those with errors when there are any, else the first ones. */
  const rows = (invalid.length ? invalid : result.rows).slice(0, PREVIEW_ROWS)
  // The rows alone can be large; the page gets what it shows, with the counts. The number format is sent again with the import.
  return { result: { ...result, rows: [] }, shown, rows, csv, numbers, refused }
}
type Preview = ReturnType<typeof previewOf>

export async function action({ request, params, url }: Route.ActionArgs) {
  const { view } = importable(params.resource, url)
  const { api } = await requireSession({ request, url })
  const tooLarge = `The file is larger than ${IMPORT_MAX_BYTES / MB} MB; split it into smaller files.`
  if (Number(request.headers.get('content-length') ?? 0) > FORM_LIMIT) return data({ result: { status: 'error', error: { file: [tooLarge] } } as SubmissionResult<string[]> }, { status: 400 })
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: ImportForm })
  if (submission.status !== 'success') return reply(submission, HIDE)
  const { file, pasted, csv: checkedText, number_format: numbers = 'en' } = submission.value
  // Whatever goes wrong with the CSV is said where it came from: the chosen file, the pasted text, or (the import's) the whole form.
  const source = checkedText !== undefined ? '__all__' : file !== undefined || pasted === undefined ? 'file' : 'pasted'
  const refuse = (message: string, status: number | 'unknown' = 400) => replyWithApiError(submission, { detail: message, errors: { [source]: [message] } }, status, HIDE)
  if (file instanceof File && file.size > IMPORT_MAX_BYTES) return refuse(tooLarge)
  const csv = checkedText ?? (file === undefined ? pasted : typeof file === 'string' ? file : await file.text()) ?? ''
  if (!csv.trim()) return refuse('Choose a CSV file, or paste its text.')

  if (form.get('intent') === 'import') {
    const imported = await api.send<Answer<typeof ImportCreated>>('POST', `imports/${view.name}/`, { csv, number_format: numbers }, { idempotencyKey: idempotencyKeyOf(form) })
    if (imported.ok) {
      const n = imported.data.created
      return redirectWithToast(view.path, { type: 'success', description: `Imported ${n} ${(n === 1 ? view.singular : view.plural).toLowerCase()}.` })
    }
    const refused = imported.error as Partial<Answer<typeof ImportRefused>>
    if (refused.rows) return data({ preview: previewOf(view, refused as Answer<typeof ImportRefused>, csv, numbers, refused.detail) }, { status: 400 })
    return refuse(imported.error.errors?.csv?.[0] ?? imported.error.detail, imported.status)
  }

  const checked = await api.send<Answer<typeof ImportPreview>>('POST', `imports/${view.name}/preview/`, { csv, number_format: numbers })
  if (!checked.ok) return refuse(checked.error.errors?.csv?.[0] ?? checked.error.detail, checked.status)
  return { preview: previewOf(view, checked.data, csv, numbers) }
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, template, required, limits } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const importing = busy && navigation.formData?.get('intent') === 'import'
  const preview = actionData && 'preview' in actionData ? actionData.preview : undefined
  const [form, fields] = useForm({ id: 'import', lastResult: actionData && 'result' in actionData ? actionData.result : undefined })
  const plural = view.plural.toLowerCase()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <Breadcrumbs items={[{ label: view.plural, href: view.path }, { label: 'Import' }]} />
      <PageHeader title={`Import ${view.plural}`}>
        <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(template)}`} download={`${view.name}-template.csv`} className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden /> Download a template
        </a>
      </PageHeader>
      <p className="text-sm text-muted-foreground">
        Bring your {plural} over from AppFolio, Buildium, Yardi or a spreadsheet: upload a CSV with a header row, check the preview, then import. Nothing is imported unless every row is
        ready. Up to {limits.rows} rows and {limits.megabytes} MB per file.
      </p>

      {preview ? <PreviewSection view={view} preview={preview} busy={busy} importing={importing} /> : null}

      <Card>
        <CardHeader>
          <CardTitle>{preview ? 'Check another file' : 'Choose a file'}</CardTitle>
          <CardDescription>
            Columns are matched by name, in any order: your export’s own headers (Unit, Beds, Market Rent, Tenant First Name, Email Address…) or the template’s. Required:{' '}
            {required.join(', ')}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <input type="hidden" name="intent" value="preview" />
            <div className="flex flex-col gap-2">
              <Label htmlFor={fields.file.id}>CSV file</Label>
              <input
                id={fields.file.id}
                type="file"
                name={fields.file.name}
                accept=".csv,.txt,.tsv,text/csv,text/plain"
                aria-invalid={fields.file.errors ? true : undefined}
                aria-describedby={fields.file.errors ? fields.file.errorId : undefined}
                className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-accent"
              />
              <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
            </div>
            <TextareaField label="Or paste the rows, header first" meta={fields.pasted} rows={6} />
            <div className="flex flex-col gap-2">
              <NumberFormatSelect id={fields.number_format.id} label="Numbers written" defaultValue={preview?.numbers ?? (isNumberFormat(fields.number_format.initialValue) ? fields.number_format.initialValue : undefined)} className="max-w-64" />
            </div>
            <Button type="submit" variant={preview ? 'outline' : 'default'} className="self-start" disabled={busy}>
              <FileUp aria-hidden /> {busy && !importing ? 'Checking…' : 'Preview'}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}

function PreviewSection({ view, preview, busy, importing }: { view: ResourceView; preview: Preview; busy: boolean; importing: boolean }) {
  const { result } = preview
  const total = result.valid_rows + result.invalid_rows
  const fields = preview.shown.map((name) => view.fields.find((f) => f.name === name)!)
  const ready = result.invalid_rows === 0
  return (
    <section aria-labelledby="preview-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview: {total} row{total === 1 ? '' : 's'}
        </h2>
        <div className="flex gap-2" data-testid="import-counts">
          <Badge tone="success">{result.valid_rows} ready</Badge>
          {result.invalid_rows ? <Badge tone="danger">{result.invalid_rows} with errors</Badge> : null}
        </div>
      </div>
      {preview.refused ? <FormErrors errors={[preview.refused]} /> : null}
      {result.missing_columns.length ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          No column gives {result.missing_columns.map((m) => m.label).join(', ')}, which every {view.singular.toLowerCase()} needs.
        </p>
      ) : null}
      {result.unknown_columns.length ? (
        <p className="text-sm" data-testid="unknown-columns">
          <span className="font-medium">Ignored columns</span> (no matching field): {result.unknown_columns.join(', ')}
        </p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">How the columns were read</summary>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {result.columns.map((c, i) => (
            <li key={`${c.header}-${i}`}>
              <span className="font-mono">{c.header || '(no header)'}</span> → {c.label ?? <span className="text-muted-foreground">ignored</span>}
            </li>
          ))}
        </ul>
      </details>

      <p className="text-sm text-muted-foreground">
        {ready
          ? preview.rows.length < total
            ? `The first ${preview.rows.length} of ${total} rows:`
            : 'Every row is ready:'
          : `The rows with errors${preview.rows.length < result.invalid_rows ? ` (the first ${preview.rows.length})` : ''}. Correct them in your file and check it again.`}
      </p>
      <Table>
        <caption className="sr-only">{ready ? 'Rows to import' : 'Rows with errors'}</caption>
        <thead>
          <tr>
            <Th>Line</Th>
            {fields.map((f) => (
              <Th key={f.name}>{f.label}</Th>
            ))}
            {ready ? null : <Th>Errors</Th>}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => {
            const wrong = new Set(Object.keys(row.errors).map((k) => k.split('.')[0]))
            return (
              <tr key={row.line} className={wrong.size ? 'bg-red-50' : undefined} data-testid={`import-line-${row.line}`}>
                <Td className="tabular-nums">{row.line}</Td>
                {fields.map((f) => (
                  <Td key={f.name} className={wrong.has(f.name) ? 'font-medium text-red-900 underline decoration-red-500 decoration-wavy' : undefined}>
                    <PreviewValue field={f} values={row.values} />
                  </Td>
                ))}
                {ready ? null : (
                  <Td className="min-w-72">
                    <ErrorList errors={Object.values(row.errors).flat()} />
                  </Td>
                )}
              </tr>
            )
          })}
        </tbody>
      </Table>

      {ready ? (
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="csv" value={preview.csv} />
          <input type="hidden" name="number_format" value={preview.numbers} />
          <IdempotencyKey form={`import-${view.name}`} />
          <Button type="submit" disabled={busy}>
            <Upload aria-hidden /> {importing ? 'Importing…' : `Import ${result.valid_rows} row${result.valid_rows === 1 ? '' : 's'}`}
          </Button>
          <span className="text-sm text-muted-foreground">All of them are created together, or none.</span>
        </Form>
      ) : null}
    </section>
  )
}

/** A cell as the record would show it; a reference that found nothing shows the name the row gave. */
function PreviewValue({ field, values }: { field: FieldView; values: Record<string, unknown> }) {
  if (field.kind === 'reference' && !values[field.name] && field.labelKey && values[field.labelKey]) return <>{String(values[field.labelKey])}</>
  return <FieldValue field={field} record={values} />
}
