import { getFormProps, useForm } from '@conform-to/react'
import { Instant } from '~/components/instant'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { ApiKeyUpdateBody } from '~/api/platform/api-keys'
import { Breadcrumbs } from '~/components/list'
import { Button } from '~/components/ui/button'
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, ErrorSummary } from '~/components/ui/field'
import { requireSession } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { ApiKey } from './list'
import type { Route } from './+types/detail'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.key.name ?? 'API Key') }]

const RenameForm = ApiKeyUpdateBody.required({ name: true }).pick({ name: true })

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { key: await api.get<ApiKey>(`api-keys/${params.id}/`) }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const here = `/app/api-keys/${params.id}/`
  if (formData.get('intent') === 'revoke') {
    const result = await api.send('PUT', `api-keys/${params.id}/`, { is_active: false })
    throw await redirectWithToast(here, result.ok ? { type: 'success', description: 'The key is revoked. Calls using it are refused from now on.' } : { type: 'error', description: result.error.detail })
  }
  const submission = parseWithZod(formData, { schema: RenameForm })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send('PUT', `api-keys/${params.id}/`, submission.value)
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast(here, { type: 'success', description: 'Key renamed.' })
}

export default function ApiKeyDetail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { key } = loaderData
  const [form, fields] = useForm({ id: `api-key-${key.id}`, lastResult: actionData?.result, defaultValue: { name: key.name } })
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'API Keys', href: '/app/api-keys/' }, { label: key.name }]} />
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-bold">{key.name}</h1>
        {key.is_active ? <Badge tone="success">Active</Badge> : <Badge>Revoked</Badge>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Key</dt>
        <dd className="font-mono">{key.prefix}…</dd>
        <dt className="font-medium">Created</dt>
        <dd><Instant at={key.created_at} /></dd>
        <dt className="font-medium">Last used</dt>
        <dd><Instant at={key.last_used_at} /></dd>
        {key.revoked_at ? (
          <>
            <dt className="font-medium">Revoked</dt>
            <dd><Instant at={key.revoked_at} /></dd>
          </>
        ) : null}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>Rename</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <Field label="Name" meta={fields.name} required />
            <Button type="submit" name="intent" value="rename" variant="secondary" className="self-start" disabled={navigation.state === 'submitting'}>
              Save name
            </Button>
          </Form>
        </CardContent>
      </Card>
      {key.is_active ? (
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle>Revoke</CardTitle>
            <CardDescription>Tools using this key stop working at once. A revoked key cannot be restored.</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post">
              <Button type="submit" name="intent" value="revoke" variant="destructive">
                Revoke this key
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  )
}
