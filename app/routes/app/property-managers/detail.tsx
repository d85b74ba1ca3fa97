import { getFormProps, useForm } from '@conform-to/react'
import { Instant } from '~/components/instant'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { ManagerUpdateBody, type PropertyManager } from '~/api/platform/people'
import { Breadcrumbs } from '~/components/list'
import { PermissionFields } from '~/components/permission-fields'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { CheckboxField, Field, ErrorSummary } from '~/components/ui/field'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { fullName, title } from '~/utils/misc'
import { PermissionCheckboxes, permissionDefaults } from '~/utils/permission-form'
import { redirectWithToast } from '~/utils/toast.server'
import { StatusBadge } from '~/components/people'
import type { Route } from './+types/detail'

type Manager = Answer<typeof PropertyManager>

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? fullName(loaderData.manager) : 'Property Manager') }]

// An empty limit clears it: the form sends null, not "left out".
const UpdateForm = ManagerUpdateBody.extend(PermissionCheckboxes.shape).extend({ is_active: z.boolean().default(false), purchase_order_approval_limit: z.string().trim().optional() })

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { manager: await api.get<Manager>(`property-managers/${params.id}/`) }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const submission = parseWithZod(await request.formData(), { schema: UpdateForm })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send('PUT', `property-managers/${params.id}/`, { ...submission.value, purchase_order_approval_limit: submission.value.purchase_order_approval_limit || null })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast(`/app/property-managers/${params.id}/`, { type: 'success', description: 'Property manager saved.' })
}

export default function PropertyManagerDetail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { manager } = loaderData
  const [form, fields] = useForm({
    id: `manager-${manager.id}`,
    lastResult: actionData?.result,
    defaultValue: { first_name: manager.first_name, last_name: manager.last_name, phone: manager.phone ?? '', is_active: manager.is_active ? 'on' : '', purchase_order_approval_limit: manager.purchase_order_approval_limit ?? '', ...permissionDefaults(manager) },
  })
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Property Managers', href: '/app/property-managers/' }, { label: fullName(manager) }]} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{fullName(manager)}</h1>
        <StatusBadge status={manager.status} />
        {manager.is_company_admin ? <span className="text-sm text-muted-foreground">Company administrator</span> : null}
      </div>
      <p className="text-sm text-muted-foreground">
        {manager.email} · Last login <Instant at={manager.last_login_at} />
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Details and permissions</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" meta={fields.first_name} required />
              <Field label="Last name" meta={fields.last_name} required />
              <Field label="Phone" meta={fields.phone} type="tel" />
              <Field
                label="Purchase order approval limit"
                meta={fields.purchase_order_approval_limit}
                inputMode="decimal"
                help="The largest purchase order they may approve, e.g. 2500.00. Empty: no limit. Company administrators approve any amount."
              />
            </div>
            <CheckboxField label="Active" help="An inactive manager cannot sign in." meta={fields.is_active} />
            <PermissionFields fields={fields as never} />
            <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
              Save
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
