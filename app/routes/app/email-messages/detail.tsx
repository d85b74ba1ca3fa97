import type { EmailMessageDetail as MessageSchema } from '~/api/platform/email-messages'
import { Breadcrumbs } from '~/components/list'
import { Instant } from '~/components/instant'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { EmailStatus } from './list'
import type { Route } from './+types/detail'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.message.subject ?? 'Email') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { message: await api.get<Answer<typeof MessageSchema>>(`email-messages/${params.id}/`) }
}

export default function EmailMessageDetail({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Emails', href: '/app/email-messages/' }, { label: message.subject }]} />
      <h1 className="text-2xl font-bold">{message.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">To</dt>
        <dd>{message.to}</dd>
        <dt className="font-medium">Status</dt>
        <dd>
          <EmailStatus status={message.status} /> {message.error ? <span className="text-destructive">{message.error}</span> : null}
        </dd>
        <dt className="font-medium">Created</dt>
        <dd><Instant at={message.created_at} /></dd>
        <dt className="font-medium">Sent</dt>
        <dd><Instant at={message.sent_at} /></dd>
      </dl>
      {message.redacted ? <RedactedNotice status={message.status} /> : null}
      {/* The plain-text body: links in it are what the recipient would click. */}
      <pre className="whitespace-pre-wrap rounded-lg border bg-background p-4 font-sans text-sm" data-testid="email-body">
        {message.text_body}
      </pre>
    </div>
  )
}

/** Says why the link is missing, and (when nothing was sent) how to get it to its recipient. */
function RedactedNotice({ status }: { status: Answer<typeof MessageSchema>['status'] }) {
  return (
    <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-medium">The private link in this message was removed from this copy.</p>
      <p className="mt-1">
        It acts for its recipient alone (it resets a password, accepts an invitation or confirms a sign-up), so only the e-mail delivered to them carries it.
        {status === 'sent' ? null : (
          <>
            {' '}
            This message was not delivered: set <code>SMTP_URL</code> in the server’s configuration so Lintel sends it. Until then the whole message, link
            included, is only in the server’s log, for whoever runs the server.
          </>
        )}
      </p>
    </div>
  )
}
