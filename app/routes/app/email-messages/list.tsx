import { Link } from 'react-router'
import { Instant } from '~/components/instant'
import { Breadcrumbs, EmptyState, ListToolbar, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { Badge } from '~/components/ui/card'
import type { EmailMessage as EmailMessageSchema } from '~/api/platform/email-messages'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = () => [{ title: title('Emails') }]

export type EmailMessage = Answer<typeof EmailMessageSchema>

export function EmailStatus({ status }: { status: EmailMessage['status'] }) {
  if (status === 'sent') return <Badge tone="success">Sent</Badge>
  if (status === 'failed') return <Badge tone="danger">Failed</Badge>
  return <Badge tone="warning">Not sent (no SMTP)</Badge>
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { page: await api.get<Page<EmailMessage>>(`email-messages/?${listQuery(url, ['status'])}`) }
}

export default function EmailMessages({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Dashboard', href: '/app/' }, { label: 'Emails' }]} />
      <PageHeader title="Emails" />
      <p className="text-sm text-muted-foreground">Every message Lintel sent for your company. Without an SMTP server configured, messages are kept here instead of being sent. Private links (password resets, invitations) are removed from what is kept: they go only to their recipient.</p>
      <ListToolbar
        placeholder="Recipient or subject"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              { value: 'sent', label: 'Sent' },
              { value: 'stored', label: 'Not sent' },
              { value: 'failed', label: 'Failed' },
            ],
          },
        ]}
      />
      {page.results.length === 0 ? (
        <EmptyState title="No e-mails match" />
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Subject</Th>
              <Th>To</Th>
              <Th>Status</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((m) => (
              <tr key={m.id}>
                <Td>
                  <Link to={`/app/email-messages/${m.id}/`} className="font-medium text-primary underline">
                    {m.subject}
                  </Link>
                </Td>
                <Td>{m.to}</Td>
                <Td>
                  <EmailStatus status={m.status} />
                </Td>
                <Td><Instant at={m.created_at} /></Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}
