import { Form, Link } from 'react-router'
import type { PaletteEntrySchema } from '~/api/platform/command-palette'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/search'

export const meta: Route.MetaFunction = () => [{ title: title('Search') }]

/** The palette's data (fetched as the person types) and, without JavaScript, a page of its own. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const q = url.searchParams.get('q') ?? ''
  const entries = await api.get<Answer<typeof PaletteEntrySchema>[]>(`command-palette/?search=${encodeURIComponent(q)}`)
  return { q, entries }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, entries } = loaderData
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Search</h1>
      <Form method="get" action="/app/search/" className="flex gap-2" role="search">
        <label htmlFor="search-q" className="sr-only">
          Search
        </label>
        <Input id="search-q" name="q" type="search" defaultValue={q} placeholder="Search" />
        <Button type="submit">Search</Button>
      </Form>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">No matches found.</p>
      ) : (
        <ul className="divide-y rounded-lg border bg-background" data-testid="search-results">
          {entries.map((entry) => (
            <li key={`${entry.object_type}:${entry.url}:${entry.name}`}>
              <Link to={entry.url} className="flex items-center justify-between gap-4 px-4 py-3 hover:bg-accent">
                <span>{entry.name}</span>
                <span className="text-xs text-muted-foreground">{entry.object_type}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
