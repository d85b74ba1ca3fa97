import { title } from '~/utils/misc'
import type { Route } from './+types/integrations'

export const meta: Route.MetaFunction = () => [{ title: title('Integrations') }, { name: 'description', content: 'The outside services Lintel works with.' }]

const INTEGRATIONS = [
  { name: 'Any SMTP server', text: 'Invitations, password resets and notices go out through your own mail server. Without one, Lintel keeps every message readable in the app.' },
  { name: 'PostgreSQL', text: 'Lintel ships with an embedded PostgreSQL and runs on any PostgreSQL you point it at.' },
  { name: 'The Lintel API', text: 'A REST API with an OpenAPI 3.1 document and API keys, for your own scripts and tools.' },
]

export default function Integrations() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">Integrations</h1>
      <ul className="grid gap-6 md:grid-cols-3">
        {INTEGRATIONS.map((i) => (
          <li key={i.name} className="rounded-lg border p-6">
            <h2 className="mb-2 text-lg font-semibold">{i.name}</h2>
            <p className="text-muted-foreground">{i.text}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
