import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation, useRouteLoaderData } from 'react-router'
import { z } from 'zod'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { CheckboxField, ErrorSummary } from '~/components/ui/field'
import type { WorkspaceSettings } from '~/domain/permissions'
import { requireSession } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { loader as layoutLoader } from './layout'
import type { Route } from './+types/user-settings'

export const meta: Route.MetaFunction = () => [{ title: title('Settings') }]

// An unticked checkbox is absent from the form: that means "off".
const SettingsForm = z.object({
  has_e_signature_enabled: z.boolean().default(false),
  has_lintel_ai_enabled: z.boolean().default(false),
  sms: z.boolean().default(false),
})

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const submission = parseWithZod(await request.formData(), { schema: SettingsForm })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send('PUT', 'user_settings/', submission.value)
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast('/app/user-settings/', { type: 'success', description: 'Settings saved.' })
}

export default function UserSettings({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  // The staff layout already loaded the switches and permissions (auth/me/) for this very page.
  const me = useRouteLoaderData<typeof layoutLoader>('routes/app/layout')?.me
  const settings: WorkspaceSettings = me?.settings ?? { has_e_signature_enabled: false, has_lintel_ai_enabled: false, sms: false }
  const canChange = me?.permissions.has_management_company_permissions ?? false
  const [form, fields] = useForm({
    id: 'user-settings',
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, v ? 'on' : ''])),
  })
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <Card>
        <CardHeader>
          <CardTitle>Workspace features</CardTitle>
          <CardDescription>
            {canChange ? 'These switches apply to everyone in your company.' : 'Only managers with the Management Company permission can change these.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <fieldset disabled={!canChange} className="flex flex-col gap-5">
              <legend className="sr-only">Workspace features</legend>
              <CheckboxField label="Lease e-signature" help="Adds Signature Requests under Leasing." meta={fields.has_e_signature_enabled} />
              <CheckboxField label="Lintel AI assistant" help="Lets managers with the AI permission chat with Lintel AI." meta={fields.has_lintel_ai_enabled} />
              <CheckboxField label="SMS" help="Adds SMS under Communications." meta={fields.sms} />
              {canChange ? (
                <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
                  Save settings
                </Button>
              ) : null}
            </fieldset>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your account</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm">
          <Link className="text-primary underline" to="/app/account/change-password/">
            Change your password
          </Link>
          <Link className="text-primary underline" to="/app/api-keys/">
            API keys
          </Link>
        </CardContent>
      </Card>
    </div>
  )
}
