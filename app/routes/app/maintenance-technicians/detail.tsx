import { getFormProps, useForm } from '@conform-to/react'
import { Instant } from '~/components/instant'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { TechnicianUpdateBody, type MaintenanceTechnician } from '~/api/platform/people'
import type { Detail } from '~/api/platform/schemas'
import { Breadcrumbs } from '~/components/list'
import { StatusBadge } from '~/components/people'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { CheckboxField, Field, ErrorSummary } from '~/components/ui/field'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { fullName, title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/detail'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? fullName(loaderData.technician) : 'Maintenance Technician') }]

// The rate is sent as typed (the API reads the amount); empty clears it.
const UpdateForm = TechnicianUpdateBody.extend({ is_active: z.boolean().default(false), hourly_rate: z.string().trim().optional() })

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { technician: await api.get<Answer<typeof MaintenanceTechnician>>(`maintenance-technicians/${params.id}/`) }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const here = `/app/maintenance-technicians/${params.id}/`
  if (formData.get('intent') === 'send-invitation') {
    const result = await api.send<Answer<typeof Detail>>('POST', `maintenance-technicians/${params.id}/send-invitation/`)
    throw await redirectWithToast(here, result.ok ? { type: 'success', description: result.data.detail } : { type: 'error', description: result.error.detail })
  }
  const submission = parseWithZod(formData, { schema: UpdateForm })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send('PUT', `maintenance-technicians/${params.id}/`, { ...submission.value, hourly_rate: submission.value.hourly_rate || null })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast(here, { type: 'success', description: 'Technician saved.' })
}

export default function TechnicianDetail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { technician } = loaderData
  const [form, fields] = useForm({
    id: `technician-${technician.id}`,
    lastResult: actionData?.result,
    defaultValue: { first_name: technician.first_name, last_name: technician.last_name, phone: technician.phone ?? '', hourly_rate: technician.hourly_rate ?? '', is_active: technician.is_active ? 'on' : '' },
  })
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Maintenance Technicians', href: '/app/maintenance-technicians/' }, { label: fullName(technician) }]} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{fullName(technician)}</h1>
        <StatusBadge status={technician.status} />
      </div>
      <p className="text-sm text-muted-foreground">
        {technician.email} · Last login <Instant at={technician.last_login_at} />
      </p>
      {technician.status === 'invited' ? (
        <Card>
          <CardHeader>
            <CardTitle>Invitation not accepted yet</CardTitle>
            <CardDescription>Sending it again e-mails a new link; the earlier link stops working.</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post">
              <Button type="submit" name="intent" value="send-invitation" variant="outline">
                Send invitation again
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" meta={fields.first_name} required />
              <Field label="Last name" meta={fields.last_name} required />
              <Field label="Phone" meta={fields.phone} type="tel" />
              <Field label="Hourly rate" meta={fields.hourly_rate} inputMode="decimal" help="What an hour of their work is priced at, e.g. 85.00. Work logs and time entries keep the rate of their day." />
            </div>
            <CheckboxField label="Active" help="An inactive technician cannot sign in." meta={fields.is_active} />
            <Button type="submit" name="intent" value="save" className="self-start" disabled={navigation.state === 'submitting'}>
              Save
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
