import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { COMPANY_DETAILS_PERMISSION, CompanyBody, type Company as CompanySchema } from '~/api/platform/workspace'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Field, ErrorSummary, SelectField, TextareaField } from '~/components/ui/field'
import { COUNTRIES, DIVISIONS } from '~/domain/geo'
import { NUMBER_FORMATS } from '~/domain/money'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { requirePermission } from '~/utils/permissions.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/management-company'

export const meta: Route.MetaFunction = () => [{ title: title('Company Details') }]

type Company = Answer<typeof CompanySchema>

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  await requirePermission(api, COMPANY_DETAILS_PERMISSION)
  return { company: await api.get<Company>('property-management-company/') }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  await requirePermission(api, COMPANY_DETAILS_PERMISSION)
  const submission = parseWithZod(await request.formData(), { schema: CompanyBody })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send('PUT', 'property-management-company/', submission.value)
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast('/app/management-company/', { type: 'success', description: 'Company details saved.' })
}

const TIME_ZONES = ['America/St_Johns', 'America/Halifax', 'America/Toronto', 'America/Winnipeg', 'America/Regina', 'America/Edmonton', 'America/Vancouver', 'America/Whitehorse', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu']

export default function ManagementCompany({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { company } = loaderData
  const [form, fields] = useForm({
    id: 'company',
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(Object.entries(company).map(([k, v]) => [k, v ?? ''])),
  })
  const divisions = COUNTRIES.flatMap((c) => DIVISIONS[c.code].map((d) => ({ value: d.code, label: `${d.name} (${c.name})` })))
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Company Details</h1>
      <Card>
        <CardContent className="pt-6">
          <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <fieldset className="grid gap-5 md:grid-cols-2">
              <legend className="sr-only">Company details</legend>
              <Field className="md:col-span-2" label="Company name" meta={fields.name} required />
              <Field
                label="Public address"
                meta={fields.slug}
                help="Used in your public links, such as your waitlist page. Lowercase letters, digits and hyphens."
                required
              />
              <Field label="Website" meta={fields.website} type="url" placeholder="https://" />
              <Field label="E-mail" meta={fields.email} type="email" />
              <Field label="Phone" meta={fields.phone} type="tel" />
              <Field className="md:col-span-2" label="Street address" meta={fields.street_address} autoComplete="street-address" />
              <Field label="City" meta={fields.city} />
              <SelectField label="Province or state" meta={fields.province} options={divisions} placeholder="Choose…" />
              <Field label="Postal or ZIP code" meta={fields.postal_code} />
              <SelectField label="Country" meta={fields.country} options={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))} />
              <SelectField label="Currency" meta={fields.currency} options={[{ value: 'CAD', label: 'Canadian dollar (CAD)' }, { value: 'USD', label: 'US dollar (USD)' }]} />
              <SelectField label="Time zone" meta={fields.time_zone} options={TIME_ZONES.map((tz) => ({ value: tz, label: tz.replace('_', ' ') }))} />
              <SelectField label="Number format" meta={fields.number_format} options={[...NUMBER_FORMATS]} help="How forms read the amounts you type and how amounts are shown." />
            </fieldset>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 text-lg font-semibold">Your lease</legend>
              <TextareaField
                label="Additional terms"
                meta={fields.lease_additional_terms}
                rows={8}
                help="Printed on every lease under Additional Terms (section 15 of Ontario’s standard form), a paragraph a line. A term the province’s law voids cannot be enforced: no pet bans in Ontario, no post-dated cheques required."
              />
            </fieldset>
            <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
              Save company details
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
