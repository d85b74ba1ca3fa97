import { data, Form, useNavigation } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { UnusableLink } from '~/components/unusable-link'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { RegistrationInfo } from '~/api/platform/auth'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import { signInAndRedirect, type SignedIn } from '~/utils/auth.server'
import { title } from '~/utils/misc'
import { toastHeader } from '~/utils/toast.server'
import type { Route } from './+types/signup-confirm'

export const meta: Route.MetaFunction = () => [{ title: title('Confirm your sign-up') }]

type Registration = Answer<typeof RegistrationInfo>

// Opening the link only shows what it creates: a mail scanner that follows links must not use it up.
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? ''
  const response = await callApi(`register/confirm/${encodeURIComponent(token)}/`, { request })
  const body = await readBody<Registration & ErrorBody>(response)
  if (!response.ok) return data({ registration: null, problem: body.detail }, { status: response.status })
  return { registration: body as Registration, problem: null }
}

export async function action({ request, url }: Route.ActionArgs) {
  const token = url.searchParams.get('token') ?? ''
  const response = await callApi('register/confirm/', { method: 'POST', body: { token }, request })
  const body = await readBody<SignedIn & ErrorBody>(response)
  if (!response.ok) return data({ problem: body.errors?.token?.[0] ?? body.detail }, { status: response.status })
  const signedIn = await signInAndRedirect(request, body)
  signedIn.headers.append('set-cookie', await toastHeader({ type: 'success', title: 'Welcome to Lintel', description: 'Your company is ready. Start with the checklist on your dashboard.' }))
  return signedIn
}

export default function SignupConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const problem = actionData?.problem ?? loaderData.problem
  const registration = loaderData.registration
  if (problem || !registration) {
    return (
      <UnusableLink
        heading="This sign-up link cannot be used"
        problem={problem ?? ''}
        links={[
          { to: '/signup/', label: 'Sign up again' },
          { to: '/login/', label: 'Go to log in' },
        ]}
      />
    )
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Create {registration.company_name} on Lintel</CardTitle>
          <CardDescription>
            Thank you, {registration.first_name}: {registration.email} is confirmed. Create the account to sign in as its first property manager.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post">
            <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
              Create the account and sign in
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
