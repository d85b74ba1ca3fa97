import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { RegisterBody } from '~/api/platform/auth'
import { Honeypot } from '~/components/honeypot'
import { IdempotencyKey } from '~/components/idempotency-key'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, ErrorSummary } from '~/components/ui/field'
import { callApi, readBody } from '~/utils/api-client.server'
import { idempotencyKeyOf, isBot, reply, replyWithApiError } from '~/utils/forms.server'
import { publicMeta } from '~/marketing/meta'
import type { ErrorBody } from '~/api/errors'
import type { Route } from './+types/signup'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, { title: 'Sign up', description: 'Create your company’s Lintel account in a minute: you become its first property manager, then invite your team and import your data.' })

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: RegisterBody })
  if (submission.status !== 'success') return reply(submission, { hide: ['password'] })
  if (isBot(formData)) return replyWithApiError(submission, { detail: 'We could not create the account. Please try again.' }, 400, { hide: ['password'] })
  const response = await callApi('register/', { method: 'POST', body: submission.value, request, idempotencyKey: idempotencyKeyOf(formData) })
  const body = await readBody<ErrorBody>(response)
  if (!response.ok) return replyWithApiError(submission, body, response.status, { hide: ['password'] })
  return data({ result: submission.reply({ resetForm: true }), sent: body.detail })
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'signup', lastResult: actionData?.result })
  const sent = (actionData as { sent?: string } | undefined)?.sent
  if (sent) return <CheckYourEmail sent={sent} />
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Create your company account</CardTitle>
          <CardDescription>You become its first property manager, with every permission. Invite your team next.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <Honeypot />
            <IdempotencyKey form="signup" />
            <Field label="Company name" meta={fields.company_name} autoComplete="organization" required />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" meta={fields.first_name} autoComplete="given-name" required />
              <Field label="Last name" meta={fields.last_name} autoComplete="family-name" required />
            </div>
            <Field label="Work e-mail" meta={fields.email} type="email" autoComplete="email" required />
            <Field label="Password" meta={fields.password} type="password" autoComplete="new-password" help="At least 8 characters." required />
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              Create account
            </Button>
          </Form>
        </CardContent>
      </Card>
      <p className="text-sm">
        Already have an account?{' '}
        <Link className="text-primary underline" to="/login/">
          Log in
        </Link>
      </p>
    </div>
  )
}

function CheckYourEmail({ sent }: { sent: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Check your e-mail</CardTitle>
          <CardDescription role="status">{sent}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>Your company is created when you open the link. Nothing arrived after a few minutes? Look in the spam folder, or{' '}
            <Link className="text-primary underline" to="/signup/" reloadDocument>
              sign up again
            </Link>{' '}
            for a new link.
          </p>
          <p>
            <Link className="text-primary underline" to="/login/">
              Go to log in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
