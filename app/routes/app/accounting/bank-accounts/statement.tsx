import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Upload } from 'lucide-react'
import { z } from 'zod'
import { Form, Link, useNavigation } from 'react-router'
import { amountClass, BankingTabs, Col } from '~/components/ledger/banking'
import { Breadcrumbs, EmptyState, Pagination, listQuery, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button } from '~/components/ui/button'
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { ErrorList, ErrorSummary, FormErrors } from '~/components/ui/field'
import { Label } from '~/components/ui/input'
import { displayMoney } from '~/domain/money'
import { NumberFormatSelect } from '~/components/number-format-select'
import { FileForm, type ImportResult, type StatementLine as StatementLineSchema } from '~/api/accounting/statement-import'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/statement'

/*
 * /app/accounting/bank-accounts/:id/statement/ — upload the bank's statement
 * (CSV or OFX) and confirm which register line each of its lines is.
 */

type StatementLine = Answer<typeof StatementLineSchema>

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Statement of ${loaderData.bank.name}` : 'Bank Statement') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const [bank, lines] = await Promise.all([
    api.get<{ id: string; name: string }>(`bank-accounts/${params.id}/`),
    api.get<Page<StatementLine>>(`accounting/bank-accounts/${params.id}/statement-lines/?${listQuery(url, ['status'])}`),
  ])
  return { bank, lines }
}

// The API's own upload form, with the file itself required (the API also takes a file's text).
const CHOOSE_FILE = 'Choose the statement file (CSV or OFX).'
const StatementUpload = FileForm.extend({ file: z.instanceof(File, { error: CHOOSE_FILE }).refine((file) => file.size > 0, CHOOSE_FILE) })
const StatementMatch = z.object({ statement_line_id: z.uuid({ error: 'Name the statement line.' }), journal_line_id: z.uuid({ error: 'Must be a journal line id.' }).optional() })

export async function action({ request, params, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const form = await request.formData()
  const here = `/app/accounting/bank-accounts/${params.id}/statement/`
  const intent = form.get('intent')
  if (intent === 'import') {
    // A file input cannot be given its file back: it is never part of the reply.
    const submission = parseWithZod(form, { schema: StatementUpload })
    if (submission.status !== 'success') return reply(submission, { hide: ['file'] })
    const upload = new FormData()
    upload.append('file', submission.value.file)
    upload.append('number_format', submission.value.number_format)
    const result = await api.send<Answer<typeof ImportResult>>('POST', `accounting/bank-accounts/${params.id}/statement-import/`, upload)
    if (!result.ok) return replyWithApiError(submission, result.error, result.status, { hide: ['file'] })
    const { imported, already_imported, errors, understood } = result.data
    // What the new lines' amounts were read as, so a wrong number format is seen at once, not at reconciliation.
    const readAs = imported && understood.length ? ` Read as: ${understood.map((l) => `${l.date} ${l.description} ${displayMoney(l.amount)}`).join('; ')}.` : ''
    const description = `${imported} line${imported === 1 ? '' : 's'} imported from the ${result.data.format} file${already_imported ? `; ${already_imported} were already here` : ''}${errors.length ? `; ${errors.length} could not be read: ${errors.slice(0, 3).join(' ')}` : ''}.${readAs}`
    throw await redirectWithToast(here, { type: errors.length ? 'error' : 'success', description })
  }
  const submission = parseWithZod(form, { schema: StatementMatch })
  if (submission.status !== 'success') return reply(submission)
  const { statement_line_id, journal_line_id } = submission.value
  const matching = intent !== 'unmatch'
  const result = await api.send('POST', `accounting/bank-statement-lines/${statement_line_id}/match/`, { journal_line_id: matching ? (journal_line_id ?? null) : null })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast(here, { type: 'success', description: matching ? 'Matched.' : 'Match undone.' })
}

/** The answer to the upload when it was the upload that was sent; a match's problems show above the lines. */
function uploadResult(result: SubmissionResult<string[]> | undefined) {
  return result?.initialValue?.intent === 'import' ? result : undefined
}

export default function BankStatement({ loaderData, actionData }: Route.ComponentProps) {
  const { bank, lines } = loaderData
  const [upload, uploadFields] = useForm({ id: 'statement-import', lastResult: uploadResult(actionData?.result) })
  const matchProblems =
    actionData && !uploadResult(actionData.result)
      ? Object.values(actionData.result.error ?? {})
          .flat()
          .filter((message): message is string => Boolean(message))
      : null
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: bank.name, href: `/app/accounting/bank-accounts/${bank.id}/` }, { label: 'Statement' }]} />
      <BankingTabs />
      <h1 className="text-2xl font-bold">Statement of {bank.name}</h1>
      <p className="text-sm">
        <Link to={`/app/accounting/transactions/?bank_account_id=${bank.id}`} className="text-primary underline">
          Register
        </Link>
        {' · '}
        <Link to={`/app/accounting/bank-reconciliations/new/?bank_account_id=${bank.id}`} className="text-primary underline">
          Reconcile a statement
        </Link>
      </p>
      <FormErrors errors={matchProblems} />
      <Card>
        <CardHeader>
          <CardTitle>Import a statement</CardTitle>
          <CardDescription>
            An OFX file (Quicken/Money download, .ofx or .qfx) or a CSV with a date, a description and an amount (or debit and credit) column. Lines already imported are skipped.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" {...getFormProps(upload)}>
            <ErrorSummary form={upload} />
            <div className="flex flex-col gap-1">
              <Label htmlFor={uploadFields.file.id}>Statement file</Label>
              <input
                id={uploadFields.file.id}
                type="file"
                name={uploadFields.file.name}
                accept=".csv,.ofx,.qfx,text/csv,application/x-ofx"
                required
                className="text-sm"
                aria-invalid={uploadFields.file.errors ? true : undefined}
                aria-describedby={uploadFields.file.errors ? uploadFields.file.errorId : undefined}
              />
              <ErrorList id={uploadFields.file.errorId} errors={uploadFields.file.errors} />
            </div>
            <div className="flex flex-col gap-1">
              <NumberFormatSelect id="statement-number-format" label="Amounts written" />
            </div>
            <Button type="submit" name="intent" value="import" disabled={busy}>
              <Upload aria-hidden /> Import
            </Button>
          </Form>
        </CardContent>
      </Card>
      <div className="flex gap-3 text-sm" role="navigation" aria-label="Statement lines">
        <Link to="?" className="text-primary underline">
          All
        </Link>
        <Link to="?status=UNMATCHED" className="text-primary underline">
          Unmatched
        </Link>
        <Link to="?status=MATCHED" className="text-primary underline">
          Matched
        </Link>
      </div>
      {lines.results.length === 0 ? (
        <EmptyState title="No statement lines" />
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-background">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/60">
              <tr>
                <Col>Date</Col>
                <Col>Description</Col>
                <Col amount>Amount</Col>
                <Col>Register line</Col>
              </tr>
            </thead>
            <tbody>
              {lines.results.map((line) => (
                <tr key={line.id} className="border-t align-top">
                  <td className="px-3 py-2">{line.date}</td>
                  <td className="px-3 py-2">{line.description}</td>
                  <td className={`px-3 py-2 ${amountClass}`}>{money(line.amount)}</td>
                  <td className="px-3 py-2">
                    {line.matched ? (
                      <Form method="post" className="flex flex-wrap items-center gap-2">
                        <input type="hidden" name="statement_line_id" value={line.id} />
                        <Badge tone="success">Matched</Badge>
                        <Link to={`/app/accounting/journal/${line.matched.journal_entry_id}/`} className="text-primary underline">
                          #{line.matched.entry_number}
                        </Link>
                        <span>
                          {line.matched.date} {line.matched.memo ?? ''}
                        </span>
                        <Button type="submit" name="intent" value="unmatch" variant="ghost" size="sm" disabled={busy}>
                          Undo
                        </Button>
                      </Form>
                    ) : line.suggestions.length === 0 ? (
                      <span className="text-muted-foreground">No register line of this amount within 5 days</span>
                    ) : (
                      <ul className="flex flex-col gap-1">
                        {line.suggestions.map((s) => (
                          <li key={s.journal_line_id}>
                            <Form method="post" className="flex flex-wrap items-center gap-2">
                              <input type="hidden" name="statement_line_id" value={line.id} />
                              <input type="hidden" name="journal_line_id" value={s.journal_line_id} />
                              <span>
                                #{s.entry_number} · {s.date} · {s.memo ?? ''}
                              </span>
                              <Button type="submit" name="intent" value="match" variant="secondary" size="sm" disabled={busy} aria-label={`Match to entry #${s.entry_number}`}>
                                Match
                              </Button>
                            </Form>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={lines} />
    </div>
  )
}
