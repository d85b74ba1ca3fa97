import { Form, Link, useNavigation } from 'react-router'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { ErrorList, FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { ACCOUNT_ROLES } from '~/domain/ledger/chart'
import type { Page } from '~/api/pagination'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/settings'

/*
 * The books' settings: the lock date that closes every period through it, the month the
 * fiscal year starts in, and which account plays each role the postings look up (accounts
 * receivable, undeposited funds …).
 */

type Role = { value: string; label: string; subtypes: string[]; account_id: string | null; account_label: string | null }
type Account = { id: string; number: string; name: string; subtype: string }

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

export const meta: Route.MetaFunction = () => [{ title: title('Books Settings') }]

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  const [settings, roles, accounts] = await Promise.all([
    api.get<{ lock_date: string | null; fiscal_year_start_month: number }>('accounting/ledger-settings/'),
    api.get<Role[]>('accounting/account-roles/'),
    api.get<Page<Account>>('accounting/accounts/?is_active=true&ordering=number&page_size=1000'),
  ])
  return { settings, roles, accounts: accounts.results }
}

export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireSession(request)
  const formData = await request.formData()
  if (formData.get('intent') === 'lock-date') {
    const lockDate = String(formData.get('lock_date') ?? '').trim()
    const result = await api.send<{ lock_date: string | null }>('PUT', 'accounting/ledger-settings/', { lock_date: lockDate || null })
    if (!result.ok) return { form: 'lock-date', errors: result.error.errors ?? { __all__: [result.error.detail] } }
    throw await redirectWithToast('/app/accounting/settings/', { type: 'success', description: result.data.lock_date ? `The books are closed through ${result.data.lock_date}.` : 'The books are open: no lock date.' })
  }
  if (formData.get('intent') === 'fiscal-year') {
    const month = Number(formData.get('fiscal_year_start_month'))
    const result = await api.send<{ fiscal_year_start_month: number }>('PUT', 'accounting/ledger-settings/', { fiscal_year_start_month: month })
    if (!result.ok) return { form: 'fiscal-year', errors: result.error.errors ?? { __all__: [result.error.detail] } }
    throw await redirectWithToast('/app/accounting/settings/', { type: 'success', description: `The fiscal year starts in ${MONTHS[result.data.fiscal_year_start_month - 1]}.` })
  }
  const body = Object.fromEntries(ACCOUNT_ROLES.map((r) => [r.value, String(formData.get(r.value) ?? '')]).filter(([, id]) => id))
  const result = await api.send<Role[]>('POST', 'accounting/default-gl-accounts/', body)
  if (!result.ok) return { form: 'roles', errors: result.error.errors ?? { __all__: [result.error.detail] } }
  throw await redirectWithToast('/app/accounting/settings/', { type: 'success', description: 'The accounts for each role are saved.' })
}

export default function BooksSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, roles, accounts } = loaderData
  const navigation = useNavigation()
  const errors = actionData?.errors as Record<string, string[]> | undefined
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Journal Entries', href: '/app/accounting/journal-entries/' }, { label: 'Books Settings' }]} />
      <PageHeader title="Books Settings" />
      <SettingCard
        intent="lock-date"
        title="Lock date"
        description="Nothing can be posted, corrected or voided on or before this date: close a month once it is reconciled and reported. Clear it to reopen the books."
        label="Books closed through"
        inputId="lock-date"
        submitLabel="Save lock date"
        errors={actionData?.form === 'lock-date' ? errors : undefined}
        field="lock_date"
      >
        <Input id="lock-date" type="date" name="lock_date" defaultValue={settings.lock_date ?? ''} aria-describedby="lock-date-error" />
      </SettingCard>
      <SettingCard
        intent="fiscal-year"
        title="Fiscal year"
        description="Year-to-date figures, this year’s net income and the retained earnings of prior years count from the start of the fiscal year."
        label="Fiscal year starts in"
        inputId="fiscal-year-start"
        submitLabel="Save fiscal year"
        errors={actionData?.form === 'fiscal-year' ? errors : undefined}
        field="fiscal_year_start_month"
      >
        <Select id="fiscal-year-start" name="fiscal_year_start_month" defaultValue={String(settings.fiscal_year_start_month)} aria-describedby="fiscal-year-start-error">
          {MONTHS.map((month, i) => (
            <option key={month} value={i + 1}>
              {month}
            </option>
          ))}
        </Select>
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
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="roles" />
            {actionData?.form === 'roles' ? <FormErrors errors={errors?.__all__} /> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {roles.map((role) => {
                const fitting = accounts.filter((a) => role.subtypes.includes(a.subtype))
                const roleErrors = actionData?.form === 'roles' ? errors?.[role.value] : undefined
                return (
                  <div key={role.value} className="flex flex-col gap-1">
                    <label htmlFor={`role-${role.value}`} className="text-sm font-medium">
                      {role.label}
                    </label>
                    <Select id={`role-${role.value}`} name={role.value} defaultValue={role.account_id ?? ''} aria-invalid={roleErrors ? true : undefined} aria-describedby={`role-${role.value}-error`}>
                      {role.account_id ? null : <option value="">Choose an account</option>}
                      {fitting.map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.number} · {a.name}
                        </option>
                      ))}
                    </Select>
                    <ErrorList id={`role-${role.value}-error`} errors={roleErrors} />
                  </div>
                )
              })}
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

/**
 * One setting in a card of its own: a one-field form whose `intent` says which setting it saves,
 * with the form's and the field's errors when that form was the one sent. The field (`children`)
 * is described by `{inputId}-error`.
 */
function SettingCard(props: {
  intent: string
  title: string
  description: string
  label: string
  inputId: string
  field: string
  submitLabel: string
  errors: Record<string, string[]> | undefined
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
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value={props.intent} />
          {props.errors ? <FormErrors errors={props.errors.__all__} /> : null}
          <div className="flex flex-col gap-1">
            <label htmlFor={props.inputId} className="text-sm font-medium">
              {props.label}
            </label>
            {props.children}
            <ErrorList id={`${props.inputId}-error`} errors={props.errors?.[props.field]} />
          </div>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {props.submitLabel}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
