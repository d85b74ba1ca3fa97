import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import type { ErrorBody } from '~/api/errors'
import { ResetConfirmBody, ResetRequestBody } from '~/api/platform/auth'
import { Honeypot } from '~/components/honeypot'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, ErrorSummary, FormErrors } from '~/components/ui/field'
import { callApi, readBody } from '~/utils/api-client.server'
import { isBot, reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = ({ location }) => [
  { title: title(new URLSearchParams(location.search).has('token') ? 'Choose a new password' : 'Reset your password') },
]

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') }
}

const NewPasswordForm = ResetConfirmBody.and(z.object({ confirm_password: z.string() })).superRefine((v, ctx) => {
  if (v.password !== v.confirm_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'The two passwords do not match.' })
})

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  if (formData.get('intent') === 'confirm') {
    const submission = parseWithZod(formData, { schema: NewPasswordForm })
    if (submission.status !== 'success') return reply(submission, { hide: ['password', 'confirm_password'] })
    const { token, password } = submission.value
    const response = await callApi('auth/password-reset/confirm/', { method: 'POST', body: { token, password }, request })
    const body = await readBody<ErrorBody>(response)
    if (!response.ok) return replyWithApiError(submission, body, response.status, { hide: ['password', 'confirm_password'] })
    throw await redirectWithToast('/login/', { type: 'success', description: body.detail })
  }
  const submission = parseWithZod(formData, { schema: ResetRequestBody })
  if (submission.status !== 'success') return reply(submission)
  if (!isBot(formData)) {
    const response = await callApi('auth/password-reset/', { method: 'POST', body: submission.value, request })
    const body = await readBody<ErrorBody>(response)
    if (!response.ok) return replyWithApiError(submission, body, response.status)
    return data({ result: submission.reply(), sent: body.detail })
  }
  return data({ result: submission.reply(), sent: 'If an account exists for this e-mail, we have sent a link to reset its password.' })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.token ? <ChooseNewPassword token={loaderData.token} actionData={actionData} /> : <RequestLink actionData={actionData} />
}

type ActionData = Route.ComponentProps['actionData']

function RequestLink({ actionData }: { actionData: ActionData }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'reset-request', lastResult: actionData?.result })
  const sent = (actionData as { sent?: string } | undefined)?.sent ?? null
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Reset your password</CardTitle>
          <CardDescription>Enter the e-mail you sign in with. We will send a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          {sent ? (
            <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950">
              {sent}
            </p>
          ) : (
            <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
              <ErrorSummary form={form} />
              <Honeypot />
              <Field label="E-mail" meta={fields.email} type="email" autoComplete="email" required />
              <Button type="submit" name="intent" value="request" disabled={navigation.state === 'submitting'}>
                Send the link
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
      <Link className="text-sm text-primary underline" to="/login/">
        Back to log in
      </Link>
    </div>
  )
}

function ChooseNewPassword({ token, actionData }: { token: string; actionData: ActionData }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'reset-confirm', lastResult: actionData?.result })
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Choose a new password</CardTitle>
          <CardDescription>After this, sign in with the new password everywhere.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
            <input type="hidden" name="token" value={token} />
            <Field label="New password" meta={fields.password} type="password" autoComplete="new-password" help="At least 8 characters." required />
            <Field label="Repeat the new password" meta={fields.confirm_password} type="password" autoComplete="new-password" required />
            <Button type="submit" name="intent" value="confirm" disabled={navigation.state === 'submitting'}>
              Save the new password
            </Button>
          </Form>
          {fields.token.errors?.length ? (
            <p className="mt-4 text-sm">
              <Link className="text-primary underline" to="/reset-password/">
                Ask for a new link
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  )
}
