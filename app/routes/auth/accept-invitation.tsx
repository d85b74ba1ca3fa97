import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { AcceptInvitationBody } from '~/api/platform/people'
import { UnusableLink } from '~/components/unusable-link'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FormErrors } from '~/components/ui/field'
import type { InvitationInfo } from '~/api/platform/people'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import { signInAndRedirect, type SignedIn } from '~/utils/auth.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/accept-invitation'

export const meta: Route.MetaFunction = () => [{ title: title('Accept your invitation') }]

type Invitation = Answer<typeof InvitationInfo>

export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await callApi(`accept-invitation/${encodeURIComponent(params.invitationId)}/`, { request })
  const body = await readBody<Invitation & ErrorBody>(response)
  if (!response.ok) return data({ invitation: null, problem: body.detail }, { status: response.status })
  return { invitation: body as Invitation, problem: null }
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  formData.set('invitation_id', params.invitationId)
  const submission = parseWithZod(formData, { schema: AcceptInvitationBody })
  if (submission.status !== 'success') return reply(submission, { hide: ['password', 'invitation_id'] })
  const response = await callApi('accept-invitation/', { method: 'POST', body: submission.value, request })
  const body = await readBody<SignedIn & ErrorBody>(response)
  if (!response.ok) return replyWithApiError(submission, body, response.status, { hide: ['password', 'invitation_id'] })
  return signInAndRedirect(request, body)
}

const ROLE = { property_manager: 'property manager', maintenance_technician: 'maintenance technician', resident: 'resident', property_owner: 'property owner' } as Record<
  string,
  string
>

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const invitation = loaderData.invitation
  const [form, fields] = useForm<{ first_name: string; last_name: string; password: string; invitation_id: string }>({
    id: 'accept-invitation',
    lastResult: actionData?.result,
    defaultValue: invitation ? { first_name: invitation.first_name, last_name: invitation.last_name } : undefined,
  })
  if (!invitation) return <UnusableLink heading="This invitation cannot be used" problem={loaderData.problem ?? ''} links={[{ to: '/login/', label: 'Go to log in' }]} />
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Join {invitation.company_name} on Lintel</CardTitle>
          <CardDescription>
            You were invited as a {ROLE[invitation.user_type] ?? invitation.user_type} with {invitation.email}. Choose a password to finish.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.invitation_id.errors ?? [])]} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" meta={fields.first_name} autoComplete="given-name" required />
              <Field label="Last name" meta={fields.last_name} autoComplete="family-name" required />
            </div>
            <Field label="Password" meta={fields.password} type="password" autoComplete="new-password" help="At least 8 characters." required />
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              Accept and sign in
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
