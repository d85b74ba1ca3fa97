import { FileDown, Pencil } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { ComingLater } from '~/components/layout/coming-later'
import { PageTabsNav } from '~/components/layout/page-tabs'
import { Attachments } from '~/components/resource/attachments'
import { attachmentAction, loadAttachments } from '~/components/resource/attachments.server'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { ActionsSection, ChecklistSection, FieldsSection, TableSection, FiguresSection, HistorySection, JournalSection, RelatedSection, type ActionReply, LinesSection } from '~/components/resource/detail-sections'
import { Button, buttonVariants } from '~/components/ui/button'
import { Badge } from '~/components/ui/card'
import { FormErrors } from '~/components/ui/field'
import { useLinkNavigation } from '~/components/use-link-navigation'
import { detailAction, loadDetail, lookupResource } from '~/resources/engine/pages.server'
import { DELETE_STEP, fill, recordHeading } from '~/resources/engine/view'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/detail'
import { requireGroupOfPage } from '~/utils/permissions.server'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: title(loaderData?.kind === 'record' ? recordHeading(loaderData.view, loaderData.record) : (loaderData?.page ?? 'Page not found')),
  },
]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const found = lookupResource(params.resource, url)
  if ('comingLater' in found) {
    await requireGroupOfPage({ request, url })
    return { kind: 'later' as const, page: found.comingLater }
  }
  const { api } = await requireSession({ request, url })
  const [detail, attachments] = await Promise.all([loadDetail(api, found.resource, found.view, params.id, url), found.view.attachments ? loadAttachments(api, found.resource.name, params.id) : null])
  return { kind: 'record' as const, view: found.view, ...detail, attachments }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const found = lookupResource(params.resource, url)
  if ('comingLater' in found) throw new Response('Not found', { status: 404 })
  const { api } = await requireSession({ request, url })
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
  const name = recordHeading(view, record)
  const active = record.is_active !== false
  // A document is deleted only in the states its definition allows (a draft, say).
  // The lines a photo can be of, where the record's lines have photos of their own (an inspection report's items).
  const lines = view.fields.find((f) => f.kind === 'lines')
  const photoLines =
    lines?.kind === 'lines' && lines.photos
      ? ((record[lines.name] as Record<string, unknown>[] | undefined) ?? []).map((line) => ({ value: String(line.id), label: fill(lines.photos!.label, line) }))
      : undefined
  const canRemove = view.methods.includes('delete') && (!view.deletable || view.deletable.includes(String(record[view.state!])))
  const confirmingDelete = loaderData.confirming === DELETE_STEP
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Breadcrumbs items={[{ label: view.plural, href: view.path }, { label: name }]} />
      {view.tabs ? <PageTabsNav tabs={view.tabs} /> : null}
      <PageHeader title={name}>
        {view.recordLinks.map((link) => (
          <a key={link.label} href={fill(link.href, record)} className={buttonVariants({ variant: 'secondary' })} download={link.download}>
            {link.label}
          </a>
        ))}
        {view.documents
          .filter((d) => !d.from || d.from.includes(String(record[view.state!])))
          .map((d) => (
            // A plain form: the browser posts it and saves the file it answers, with or without JavaScript.
            <form key={d.name} method="post" action={`${view.path}${record.id}/documents/${d.name}/`}>
              <Button type="submit" variant="secondary">
                <FileDown aria-hidden /> {d.label}
              </Button>
            </form>
          ))}
        {view.methods.includes('update') && !view.locked?.includes(String(record[view.state!])) ? (
          <Link to={`${view.path}${record.id}/edit/`} className={buttonVariants({ variant: 'outline' })}>
            <Pencil aria-hidden /> Edit
          </Link>
        ) : null}
        {canRemove && view.deactivation ? (
          <Form method="post">
            <Button type="submit" name="intent" value={active ? 'deactivate' : 'reactivate'} variant={active ? 'destructive' : 'secondary'} disabled={navigation.state === 'submitting'}>
              {active ? view.deactivation.label : view.deactivation.undo}
            </Button>
          </Form>
        ) : null}
        {canRemove && !view.deactivation && !confirmingDelete ? (
          // Deleting cannot be undone: the button leads to the step that asks first, as an irreversible action's does.
          <Link to={`${view.path}${record.id}/?confirm=${DELETE_STEP}#delete`} preventScrollReset className={buttonVariants({ variant: 'destructive' })}>
            Delete
          </Link>
        ) : null}
      </PageHeader>
      {canRemove && !view.deactivation && confirmingDelete ? (
        <Form method="post" id="delete" aria-label={`Delete ${view.singular.toLowerCase()}`} className="flex flex-col gap-4 rounded-lg border border-destructive/40 bg-background p-4">
          <p className="font-medium">
            Delete {name}? This cannot be undone.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value="delete" variant="destructive" disabled={navigation.state === 'submitting'}>
              Yes, delete
            </Button>
            <Link to={`${view.path}${record.id}/`} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : null}
      {!active ? (
        <p>
          <Badge tone="warning">{view.deactivation?.inactive ?? 'Deactivated'}</Badge> <span className="text-sm text-muted-foreground">{view.deactivation?.note}</span>
        </p>
      ) : null}
      <FormErrors errors={actionData && 'error' in actionData ? [String(actionData.error)] : undefined} />
      {view.sections.map((section, i) => {
        switch (section.kind) {
          case 'fields':
            return <FieldsSection key={i} view={view} record={record} names={section.fields} label={section.label} onNavigate={onNavigate} />
          case 'related': {
            const list = related.find((r) => r.name === section.related.name && r.field === section.related.field)
            return list ? <RelatedSection key={i} list={list} recordId={record.id} onNavigate={onNavigate} /> : null
          }
          case 'actions':
            return <ActionsSection key={i} view={view} recordId={record.id} actions={loaderData.actions} choices={loaderData.actionChoices} confirming={loaderData.confirming} reply={actionData as ActionReply} />
          case 'journal':
            return <JournalSection key={i} journal={loaderData.journal} />
          case 'history':
            return <HistorySection key={i} history={loaderData.history} />
          case 'attachments':
            return loaderData.attachments ? <Attachments key={i} data={loaderData.attachments} actionData={actionData as never} part="files" lines={photoLines} /> : null
          case 'notes':
            return loaderData.attachments ? <Attachments key={i} data={loaderData.attachments} actionData={actionData as never} part="notes" /> : null
          case 'figures':
            return <FiguresSection key={i} section={section} record={record} />
          case 'checklist':
            return <ChecklistSection key={i} section={section} view={view} record={record} />
          case 'lines':
            return <LinesSection key={i} view={view} record={record} />
          case 'table':
            return <TableSection key={i} section={section} record={record} />
        }
        return section satisfies never
      })}
    </div>
  )
}
