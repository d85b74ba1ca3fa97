import { Pencil, Plus } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { ComingLater } from '~/components/layout/coming-later'
import { Attachments } from '~/components/resource/attachments'
import { attachmentAction, loadAttachments } from '~/components/resource/attachments.server'
import { Breadcrumbs, PageHeader, Table, Td, Th } from '~/components/list'
import { FieldValue } from '~/components/resource/field-value'
import { Button, buttonVariants } from '~/components/ui/button'
import { Badge, Card, CardContent } from '~/components/ui/card'
import { FormErrors } from '~/components/ui/field'
import { useLinkNavigation } from '~/components/use-link-navigation'
import { detailAction, loadDetail, lookupResource } from '~/resources/engine/pages.server'
import { recordTitle } from '~/resources/engine/view'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/detail'
import { requireGroupOfPage } from '~/utils/permissions.server'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: title(loaderData?.kind === 'record' ? recordTitle(loaderData.view, loaderData.record) : (loaderData?.page ?? 'Page not found')) },
]

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = lookupResource(params.resource, request)
  if ('comingLater' in found) {
    await requireGroupOfPage(request)
    return { kind: 'later' as const, page: found.comingLater }
  }
  const { api } = await requireSession(request)
  const [detail, attachments] = await Promise.all([
    loadDetail(api, found.resource, found.view, params.id),
    found.view.attachments ? loadAttachments(api, found.resource.name, params.id) : null,
  ])
  return { kind: 'record' as const, view: found.view, ...detail, attachments }
}

export async function action({ request, params }: Route.ActionArgs) {
  const found = lookupResource(params.resource, request)
  if ('comingLater' in found) throw new Response('Not found', { status: 404 })
  const { api } = await requireSession(request)
  // Read once: the notes and upload forms post here too.
  const formData = await request.formData()
  const handled = await attachmentAction(api, formData, found.resource.name, params.id)
  if (handled) return handled
  return detailAction(api, formData, found.resource, found.view, params.id)
}

export default function RecordDetail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const onNavigate = useLinkNavigation()
  if (loaderData.kind === 'later') return <ComingLater page={loaderData.page} />
  const { view, record, related } = loaderData
  const name = recordTitle(view, record)
  const active = record.is_active !== false
  const canRemove = view.methods.includes('delete')
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Breadcrumbs items={[{ label: view.plural, href: view.path }, { label: name }]} />
      <PageHeader title={name}>
        {view.methods.includes('update') ? (
          <Link to={`${view.path}${record.id}/edit/`} className={buttonVariants({ variant: 'outline' })}>
            <Pencil aria-hidden /> Edit
          </Link>
        ) : null}
        {canRemove ? (
          <Form method="post">
            {view.deactivates && !active ? (
              <Button type="submit" name="intent" value="reactivate" variant="secondary" disabled={navigation.state === 'submitting'}>
                Reactivate
              </Button>
            ) : (
              <Button type="submit" name="intent" value={view.deactivates ? 'deactivate' : 'delete'} variant="destructive" disabled={navigation.state === 'submitting'}>
                {view.deactivates ? 'Deactivate' : 'Delete'}
              </Button>
            )}
          </Form>
        ) : null}
      </PageHeader>
      {!active ? (
        <p>
          <Badge tone="warning">Deactivated</Badge> <span className="text-sm text-muted-foreground">Its history is kept; reactivate it to use it again.</span>
        </p>
      ) : null}
      <FormErrors errors={actionData && 'error' in actionData ? [String(actionData.error)] : undefined} />
      <Card>
        <CardContent className="pt-6">
          {/* Its references are plain anchors (FieldValue), navigated client-side from here. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the clicks are the links' own (Enter on a link clicks it) */}
          <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2" onClick={onNavigate}>
            {view.fields.map((field) => (
              <div key={field.name} className={field.kind === 'address' || field.kind === 'longText' ? 'sm:col-span-2' : undefined}>
                <dt className="text-sm font-medium text-muted-foreground">{field.label}</dt>
                <dd className="mt-1">
                  <FieldValue field={field} record={record} />
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {loaderData.attachments ? <Attachments data={loaderData.attachments} actionData={actionData as never} /> : null}
      {related.map((list) => {
        const columns = list.view.columns.map((n) => list.view.fields.find((f) => f.name === n)!).filter((f) => f.name !== list.field)
        const canAdd = list.view.methods.includes('create')
        return (
          <section key={`${list.name}-${list.field}`} aria-labelledby={`related-${list.name}-${list.field}`} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`related-${list.name}-${list.field}`} className="text-lg font-semibold">
                {list.label} {list.page ? <span className="text-sm font-normal text-muted-foreground">({list.page.count})</span> : null}
              </h2>
              <div className="flex gap-2">
                {list.page && list.page.count > list.page.results.length ? (
                  <Link to={`${list.path}?${list.field}=${record.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                    View all {list.page.count}
                  </Link>
                ) : null}
                {canAdd ? (
                  <Link to={`${list.path}new/?${list.field}=${record.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                    <Plus aria-hidden /> Add {list.view.singular}
                  </Link>
                ) : null}
              </div>
            </div>
            {!list.page ? (
              <p className="text-sm text-muted-foreground">You do not have access to {list.plural.toLowerCase()}.</p>
            ) : list.page.results.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">None yet.</p>
            ) : (
              <Table>
                <thead>
                  <tr>
                    {columns.map((f) => (
                      <Th key={f.name}>{f.label}</Th>
                    ))}
                  </tr>
                </thead>
                {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the clicks are the links' own (Enter on a link clicks it) */}
                <tbody onClick={onNavigate}>
                  {list.page.results.map((row) => (
                    <tr key={row.id}>
                      {columns.map((f, i) => (
                        <Td key={f.name}>
                          {i === 0 ? (
                            <a href={`${list.path}${row.id}/`} className="font-medium text-primary underline">
                              <FieldValue field={f.kind === 'reference' ? { ...f, targetPath: undefined } : f} record={row} />
                            </a>
                          ) : (
                            <FieldValue field={f} record={row} />
                          )}
                        </Td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </section>
        )
      })}
    </div>
  )
}
