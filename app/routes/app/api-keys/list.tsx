import { Link } from 'react-router'
import { Instant } from '~/components/instant'
import { Breadcrumbs, EmptyState, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { buttonVariants } from '~/components/ui/button'
import { Badge } from '~/components/ui/card'
import type { ApiKey as ApiKeySchema } from '~/api/platform/api-keys'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = () => [{ title: title('API Keys') }]

export type ApiKey = Answer<typeof ApiKeySchema>

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { page: await api.get<Page<ApiKey>>(`api-keys/?${listQuery(url)}`) }
}

export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Settings', href: '/app/user-settings/' }, { label: 'API Keys' }]} />
      <PageHeader title="API Keys">
        <Link to="/app/api-keys/new/" className={buttonVariants()}>
          Create an API key
        </Link>
      </PageHeader>
      <p className="text-sm text-muted-foreground">
        A key lets your own tools call the <a className="text-primary underline" href="/api/openapi.json">Lintel API</a> as you, with your permissions. Send it as{' '}
        <code>Authorization: Bearer …</code>.
      </p>
      {page.results.length === 0 ? (
        <EmptyState title="You have no API keys">
          <Link to="/app/api-keys/new/" className="text-primary underline">
            Create an API key
          </Link>
        </EmptyState>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Key</Th>
              <Th>Status</Th>
              <Th>Last used</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((k) => (
              <tr key={k.id}>
                <Td>
                  <Link to={`/app/api-keys/${k.id}/`} className="font-medium text-primary underline">
                    {k.name}
                  </Link>
                </Td>
                <Td className="font-mono">{k.prefix}…</Td>
                <Td>{k.is_active ? <Badge tone="success">Active</Badge> : <Badge>Revoked</Badge>}</Td>
                <Td><Instant at={k.last_used_at} /></Td>
                <Td><Instant at={k.created_at} /></Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}
