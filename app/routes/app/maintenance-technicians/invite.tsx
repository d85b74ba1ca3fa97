import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { TechnicianBody, PEOPLE_PERMISSION, type MaintenanceTechnician } from '~/api/platform/people'
import { Breadcrumbs } from '~/components/list'
import { IdempotencyKey } from '~/components/idempotency-key'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Field, ErrorSummary } from '~/components/ui/field'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { idempotencyKeyOf, reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { requirePermission } from '~/utils/permissions.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/invite'

export const meta: Route.MetaFunction = () => [{ title: title('Invite Maintenance Technician') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  await requirePermission(api, PEOPLE_PERMISSION)
  return null
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  await requirePermission(api, PEOPLE_PERMISSION)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: TechnicianBody })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send<Answer<typeof MaintenanceTechnician>>('POST', 'invite-maintenance-technician/', submission.value, { idempotencyKey: idempotencyKeyOf(formData) })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast(`/app/maintenance-technicians/${result.data.id}/`, { type: 'success', description: `Invitation sent to ${result.data.email}.` })
}

export default function InviteTechnician({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'invite-technician', lastResult: actionData?.result })
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Maintenance Technicians', href: '/app/maintenance-technicians/' }, { label: 'Invite' }]} />
      <h1 className="text-2xl font-bold">Invite Maintenance Technician</h1>
      <Card>
        <CardContent className="pt-6">
          <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <IdempotencyKey form="invite-technician" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" meta={fields.first_name} required />
              <Field label="Last name" meta={fields.last_name} required />
              <Field label="E-mail" meta={fields.email} type="email" required help="The invitation goes to this address." />
              <Field label="Phone" meta={fields.phone} type="tel" />
            </div>
            <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
              Send invitation
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
