import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { ApiKeyCreateBody, type NewApiKey as CreatedKey } from '~/api/platform/api-keys'
import { Breadcrumbs } from '~/components/list'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, ErrorSummary } from '~/components/ui/field'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/new'

export const meta: Route.MetaFunction = () => [{ title: title('Create API Key') }]

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ApiKeyCreateBody })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send<Answer<typeof CreatedKey>>('POST', 'api-keys/', submission.value)
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  // The secret is shown in this one response and kept nowhere else.
  return data({ result: submission.reply({ resetForm: true }), created: result.data }, { headers: { 'cache-control': 'no-store' } })
}

export default function NewApiKey({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'new-api-key', lastResult: actionData?.result })
  const created = (actionData as { created?: { id: string; name: string; key: string } } | undefined)?.created ?? null
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'API Keys', href: '/app/api-keys/' }, { label: 'Create' }]} />
      <h1 className="text-2xl font-bold">Create API Key</h1>
      {created ? (
        <Card className="border-emerald-300">
          <CardHeader>
            <CardTitle>Copy your new key now</CardTitle>
            <CardDescription>This is the only time it is shown. Lintel keeps only a fingerprint of it.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <label htmlFor="new-key" className="text-sm font-medium">
              {created.name}
            </label>
            <input id="new-key" readOnly value={created.key} data-testid="new-api-key" className="w-full rounded-md border bg-muted px-3 py-2 font-mono text-sm" />
            <Link to={`/app/api-keys/${created.id}/`} className="text-sm text-primary underline">
              Done
            </Link>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="pt-6">
            <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
              <ErrorSummary form={form} />
              <Field label="Name" meta={fields.name} required help="Say where it will be used, e.g. “Accounting export script”." />
              <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
                Create key
              </Button>
            </Form>
          </CardContent>
        </Card>
      )}
    </div>
  )
}
