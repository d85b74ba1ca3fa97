import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { Form, Link, useNavigation } from 'react-router'
import { LedgerSettingsBody, type AccountRole, type LedgerSettings } from '~/api/accounting/settings'
import { Breadcrumbs, PageHeader, type Page } from '~/components/list'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { ErrorSummary, Field, SelectField } from '~/components/ui/field'
import { ACCOUNT_ROLES } from '~/domain/ledger/chart'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/settings'

/*
 * The books' settings: the lock date that closes every period through it, the month the
 * fiscal year starts in, the GST/HST registration number invoices print, and which account plays
 * each role the postings look up (accounts receivable, undeposited funds …). Four forms, each
 * saying by its `intent` which it is.
 */

type Role = Answer<typeof AccountRole>
type Account = { id: string; number: string; name: string; subtype: string }

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

// Each form sends its one setting; a cleared lock date reopens the books (null), so it is sent even when empty.
const LockDateForm = LedgerSettingsBody.pick({ lock_date: true })
const FiscalYearForm = LedgerSettingsBody.required({ fiscal_year_start_month: true }).pick({ fiscal_year_start_month: true })
const GstNumberForm = LedgerSettingsBody.pick({ gst_number: true })
const RolesForm = z.object(Object.fromEntries(ACCOUNT_ROLES.map((r) => [r.value, z.string().optional()])))

export const meta: Route.MetaFunction = () => [{ title: title('Books Settings') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const [settings, roles, accounts] = await Promise.all([
    api.get<Answer<typeof LedgerSettings>>('accounting/ledger-settings/'),
    api.get<Role[]>('accounting/account-roles/'),
    api.get<Page<Account>>('accounting/accounts/?is_active=true&ordering=number&page_size=1000'),
  ])
  return { settings, roles, accounts: accounts.results }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'lock-date') {
    const submission = parseWithZod(formData, { schema: LockDateForm })
    if (submission.status !== 'success') return reply(submission)
    const result = await api.send<Answer<typeof LedgerSettings>>('PUT', 'accounting/ledger-settings/', { lock_date: submission.value.lock_date ?? null })
    if (!result.ok) return replyWithApiError(submission, result.error, result.status)
    throw await redirectWithToast('/app/accounting/settings/', {
      type: 'success',
      description: result.data.lock_date ? `The books are closed through ${result.data.lock_date}.` : 'The books are open: no lock date.',
    })
  }
  if (intent === 'fiscal-year') {
    const submission = parseWithZod(formData, { schema: FiscalYearForm })
    if (submission.status !== 'success') return reply(submission)
    const result = await api.send<Answer<typeof LedgerSettings>>('PUT', 'accounting/ledger-settings/', submission.value)
    if (!result.ok) return replyWithApiError(submission, result.error, result.status)
    throw await redirectWithToast('/app/accounting/settings/', { type: 'success', description: `The fiscal year starts in ${MONTHS[result.data.fiscal_year_start_month - 1]}.` })
  }
  if (intent === 'gst-number') {
    const submission = parseWithZod(formData, { schema: GstNumberForm })
    if (submission.status !== 'success') return reply(submission)
    const result = await api.send<Answer<typeof LedgerSettings>>('PUT', 'accounting/ledger-settings/', { gst_number: submission.value.gst_number ?? null })
    if (!result.ok) return replyWithApiError(submission, result.error, result.status)
    throw await redirectWithToast('/app/accounting/settings/', {
      type: 'success',
      description: result.data.gst_number ? `Invoices now print GST/HST registration ${result.data.gst_number}.` : 'Invoices print no GST/HST registration number.',
    })
  }
  const submission = parseWithZod(formData, { schema: RolesForm })
  if (submission.status !== 'success') return reply(submission)
  const chosen = Object.fromEntries(Object.entries(submission.value).filter(([, id]) => id))
  const result = await api.send<Role[]>('POST', 'accounting/default-gl-accounts/', chosen)
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast('/app/accounting/settings/', { type: 'success', description: 'The accounts for each role are saved.' })
}

/** The answer to the form that was sent, for that form only (the others start afresh). */
function resultFor(actionData: { result: SubmissionResult<string[]> } | undefined, intent: string) {
  return actionData?.result.initialValue?.intent === intent ? actionData.result : undefined
}

export default function BooksSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, roles, accounts } = loaderData
  const navigation = useNavigation()
  const [lockForm, lockFields] = useForm({ id: 'lock-date', lastResult: resultFor(actionData, 'lock-date'), defaultValue: { lock_date: settings.lock_date ?? '' } })
  const [yearForm, yearFields] = useForm({ id: 'fiscal-year', lastResult: resultFor(actionData, 'fiscal-year'), defaultValue: { fiscal_year_start_month: String(settings.fiscal_year_start_month) } })
  const [gstForm, gstFields] = useForm({ id: 'gst-number', lastResult: resultFor(actionData, 'gst-number'), defaultValue: { gst_number: settings.gst_number ?? '' } })
  const [rolesForm, roleFields] = useForm({ id: 'roles', lastResult: resultFor(actionData, 'roles'), defaultValue: Object.fromEntries(roles.map((role) => [role.value, role.account_id ?? ''])) })
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Journal', href: '/app/accounting/journal/' }, { label: 'Books Settings' }]} />
      <PageHeader title="Books Settings" />
      <SettingCard
        title="Lock date"
        description="Nothing can be posted, corrected or voided on or before this date: close a month once it is reconciled and reported. Clear it to reopen the books."
        form={lockForm}
        intent="lock-date"
        submitLabel="Save lock date"
      >
        <Field label="Books closed through" meta={lockFields.lock_date} type="date" />
      </SettingCard>
      <SettingCard
        title="Fiscal year"
        description="Year-to-date figures, this year’s net income and the retained earnings of prior years count from the start of the fiscal year."
        form={yearForm}
        intent="fiscal-year"
        submitLabel="Save fiscal year"
      >
        <SelectField label="Fiscal year starts in" meta={yearFields.fiscal_year_start_month} options={MONTHS.map((month, i) => ({ value: String(i + 1), label: month }))} />
      </SettingCard>
      <SettingCard
        title="Sales tax registration"
        description="Your GST/HST registration number, printed on every invoice: a customer needs it to claim back the tax you charge. Leave it empty if you are not registered."
        form={gstForm}
        intent="gst-number"
        submitLabel="Save registration"
      >
        <Field label="GST/HST registration number" meta={gstFields.gst_number} placeholder="123456789RT0001" />
      </SettingCard>
      <Card>
        <CardHeader>
          <CardTitle>Accounts by role</CardTitle>
          <CardDescription>
            Postings look these accounts up: a deposit moves money out of undeposited funds, rent charges go to accounts receivable. Only accounts of the right kind can play a role; add one under{' '}
            <Link className="text-primary underline" to="/app/accounting/accounts/">
              Accounts
            </Link>
            .
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(rolesForm)}>
            <input type="hidden" name="intent" value="roles" />
            <ErrorSummary form={rolesForm} />
            <div className="grid gap-4 sm:grid-cols-2">
              {roles.map((role) => (
                <SelectField
                  key={role.value}
                  label={role.label}
                  meta={roleFields[role.value]}
                  placeholder={role.account_id ? undefined : 'Choose an account'}
                  options={accounts.filter((a) => role.subtypes.includes(a.subtype)).map((a) => ({ value: a.id, label: `${a.number} · ${a.name}` }))}
                />
              ))}
            </div>
            <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
              Save accounts
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}

/** One setting in a card of its own: a one-field form whose `intent` says which setting it saves. */
function SettingCard<Schema extends Record<string, unknown>>(props: {
  title: string
  description: string
  form: FormMetadata<Schema, string[]>
  intent: string
  submitLabel: string
  children: React.ReactNode
}) {
  const navigation = useNavigation()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col gap-4" {...getFormProps(props.form)}>
          <input type="hidden" name="intent" value={props.intent} />
          <ErrorSummary form={props.form} />
          <div className="max-w-xs">{props.children}</div>
          <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
            {props.submitLabel}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
