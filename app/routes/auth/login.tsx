import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { z } from 'zod'
import { LoginBody, WRONG_CREDENTIALS } from '~/api/platform/auth'
import { Honeypot } from '~/components/honeypot'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, ErrorSummary } from '~/components/ui/field'
import { authenticator, LoginFailed, signInAndRedirect } from '~/utils/auth.server'
import { isBot, reply, replyWithApiError } from '~/utils/forms.server'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, { title: 'Log in', description: 'Log in to Lintel: property managers to the staff area, residents to the Resident Center, technicians to their own area.' })

// Where to go once signed in travels with the form (a page the session expired on); the API never sees it.
const LoginForm = LoginBody.extend({ redirectTo: z.string().optional() })

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.clone().formData()
  const submission = parseWithZod(formData, { schema: LoginForm })
  if (submission.status !== 'success') return reply(submission, { hide: ['password'] })
  if (isBot(formData)) return replyWithApiError(submission, { detail: WRONG_CREDENTIALS }, 401, { hide: ['password'] })
  try {
    const signedIn = await authenticator.authenticate('form', request)
    return signInAndRedirect(request, signedIn, submission.value.redirectTo)
  } catch (error) {
    if (error instanceof LoginFailed) return replyWithApiError(submission, error.body, error.status, { hide: ['password'] })
    throw error
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'login', lastResult: actionData?.result })
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Log in to Lintel</CardTitle>
          <CardDescription>Property managers, residents and technicians all sign in here.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <Honeypot />
            <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
            <Field label="E-mail" meta={fields.email} type="email" autoComplete="email" required />
            <Field label="Password" meta={fields.password} type="password" autoComplete="current-password" required />
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              {navigation.state === 'submitting' ? 'Logging in…' : 'Log in'}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <div className="flex justify-between text-sm">
        <Link className="text-primary underline" to="/reset-password/">
          Forgot your password?
        </Link>
        <Link className="text-primary underline" to="/signup/">
          Create a company account
        </Link>
      </div>
    </div>
  )
}
