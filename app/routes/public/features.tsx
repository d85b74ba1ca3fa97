import { title } from '~/utils/misc'
import type { Route } from './+types/features'

export const meta: Route.MetaFunction = () => [{ title: title('Features') }, { name: 'description', content: 'What Lintel does for property managers, residents and technicians today.' }]

const AVAILABLE = [
  { name: 'A workspace for your company', text: 'Sign up, add your company details, and invite property managers with exactly the permissions they need: eight groups from leasing to accounting.' },
  { name: 'Maintenance technicians', text: 'Invite technicians by e-mail; they get their own phone-friendly area and can be re-invited with one click.' },
  { name: 'Resident center', text: 'Residents sign in to their own area to find their leases, work orders and documents.' },
  { name: 'Command palette', text: 'Press Ctrl+K (or ⌘K) anywhere in the app to jump to any page or person.' },
  { name: 'Open API', text: 'Everything the app does goes through a documented REST API with API keys, so your own tools can do it too.' },
  { name: 'Self-hosting', text: 'One command starts Lintel with its own embedded PostgreSQL; point it at your own PostgreSQL for production.' },
]

export default function Features() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">Features</h1>
      <p className="max-w-3xl text-lg text-muted-foreground">
        This is what Lintel does today. Properties, leasing, accounting, maintenance, storage and reporting are being built on this foundation; each
        appears here when it works.
      </p>
      <ul className="grid gap-6 md:grid-cols-2">
        {AVAILABLE.map((f) => (
          <li key={f.name} className="rounded-lg border p-6">
            <h2 className="mb-2 text-lg font-semibold">{f.name}</h2>
            <p className="text-muted-foreground">{f.text}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
