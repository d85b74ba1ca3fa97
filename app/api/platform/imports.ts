import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { NumberFormat } from '~/domain/money'
import { resourceNamed } from '~/resources'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORTABLE, templateCsv } from '~/resources/engine/import'
import { commitImport, previewImport, readCsv, rowMessages, tooLarge } from '~/resources/engine/import.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { ErrorBody, fieldError } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { numberFormatInput } from '../values'

/*
 * CSV import of rental units, residents and property owners from another
 * system (issue 3): a preview that writes nothing, then the import, which
 * writes every row in one transaction or none. A repeated import with the
 * same Idempotency-Key gets the first answer instead of importing twice.
 */

const ImportColumn = z.object({
  header: z.string(),
  field: z.string().nullable().openapi({ description: 'The field this column fills (API name; `street` etc. of an address after a dot), or null when it is ignored' }),
  label: z.string().nullable(),
})

const ImportRow = z.object({
  line: z.number().int().openapi({ description: "The file's line the row starts on (the header is line 1)" }),
  values: z.record(z.string(), z.unknown()).openapi({ description: 'The record as it would be created, in the API’s form; beside each reference (`building_id`) the name the row gave (`building_label`)' }),
  errors: z.record(z.string(), z.array(z.string())).openapi({ description: 'Messages by field; empty when the row is ready' }),
})

const previewShape = {
  columns: z.array(ImportColumn),
  rows: z.array(ImportRow),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  unknown_columns: z.array(z.string()).openapi({ description: 'Headers that match no field; their cells are ignored' }),
  missing_columns: z.array(z.object({ field: z.string(), label: z.string() })).openapi({ description: 'Required fields no column fills' }),
}
export const ImportPreview = z.object(previewShape).openapi('ImportPreview')
export const ImportRefused = ErrorBody.extend(previewShape).openapi('ImportRefused')
export const ImportCreated = z.object({ created: z.number().int() }).openapi('ImportCreated')

const NumberFormatField = numberFormatInput()
  .optional()
  .openapi({ description: 'How the file writes numbers: en = 1,250.00 (the default), fr = 1 250,00' })
export const CsvJson = z.object({ csv: z.string({ error: 'Send the file’s text as csv.' }), number_format: NumberFormatField }).openapi('ImportCsv')
export const CsvForm = z.object({
  csv: z
    .custom<File | string>((v) => v instanceof File || typeof v === 'string', 'Attach the file as csv.')
    .openapi({ type: 'string', format: 'binary', description: 'The CSV file' }),
  number_format: NumberFormatField,
})

const csvBody = {
  // Either form of the body is fine, so neither is required on its own; the handler asks for csv.
  required: false,
  description: `A CSV with a header row: at most ${IMPORT_MAX_ROWS.toLocaleString('en-CA')} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Comma, semicolon or tab separated; UTF-8.`,
  content: { 'application/json': { schema: CsvJson }, 'multipart/form-data': { schema: CsvForm } },
}

/** JSON escapes newlines and quotes, so the body may be larger than the file it carries; the file itself is measured after. */
const limitBody = bodyLimit({
  maxSize: IMPORT_MAX_BYTES * 2,
  onError: () => {
    throw tooLarge()
  },
})

// The body that does not match the request's content type validates as {}.
type CsvContext = Context<AppEnv, string, { out: { json: { csv?: File | string; number_format?: NumberFormat }; form: { csv?: File | string; number_format?: NumberFormat } } }>

/** How the file writes numbers: chosen by the client, English when it does not say. */
const numbersOf = (c: CsvContext): NumberFormat => c.req.valid('json').number_format ?? c.req.valid('form').number_format ?? 'en'

async function csvText(c: CsvContext) {
  const value = c.req.valid('json').csv ?? c.req.valid('form').csv
  if (value === undefined) throw fieldError('csv', 'Send the CSV: JSON { "csv": "…" }, or a multipart form with the file in csv.')
  if (typeof value === 'string') return value
  if (value.size > IMPORT_MAX_BYTES) throw tooLarge()
  return value.text()
}

export const router = createRouter()

for (const name of IMPORTABLE) {
  const resource = resourceNamed(name)
  if (!resource?.methods.includes('create')) throw new Error(`import: ${name} is not a resource that can be created`)
  const path = `/imports/${name}`
  const plural = resource.plural.toLowerCase()
  const tags = ['Import']
  const guard = signedIn(requireStaff(resource.permission), limitBody)

  router.openapi(
    createRoute({
      method: 'post',
      path: `${path}/preview`,
      tags,
      summary: `Check a CSV of ${plural}: how its columns are read and each row's errors; writes nothing`,
      ...guard,
      request: { body: csvBody },
      responses: { 200: jsonResponse(ImportPreview, 'Each row as it would be created, with its errors'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const table = readCsv(await csvText(c))
      const t = tenant(c)
      return c.json(await previewImport(t.db, t.companyId, resource, table, numbersOf(c)), 200)
    },
  )

  router.openapi(
    createRoute({
      method: 'post',
      path,
      tags,
      summary: `Import a CSV of ${plural}: every row, in one transaction, or none when any row has errors`,
      description: 'Send an `Idempotency-Key` header: a repeated request (double click, retry) gets the first answer instead of importing again.',
      ...guard,
      request: { body: csvBody },
      responses: {
        201: jsonResponse(ImportCreated, `How many ${plural} were created`),
        400: jsonResponse(ImportRefused, 'Nothing was imported: the file cannot be read, or rows have errors (`rows` gives them by line and field)'),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const table = readCsv(await csvText(c))
      const t = tenant(c)
      const outcome = await commitImport(t.db, t.companyId, resource, table, numbersOf(c))
      if (outcome.ok) return c.json({ created: outcome.created }, 201)
      const { result } = outcome
      const detail = `Nothing was imported: ${result.invalid_rows} of ${result.rows.length} rows ${result.invalid_rows === 1 ? 'has errors' : 'have errors'}. Correct them and import the file again.`
      return c.json({ detail, errors: { csv: rowMessages(result) }, ...result }, 400)
    },
  )

  router.openapi(
    createRoute({
      method: 'get',
      path: `${path}/template`,
      tags,
      summary: `A CSV template for ${plural}: the header row this import reads`,
      ...signedIn(requireStaff(resource.permission)),
      responses: { 200: { description: 'CSV with a header row', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(401, 403) },
    }),
    (c) => c.body(templateCsv(resource), 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}-template.csv"` }),
  )
}
