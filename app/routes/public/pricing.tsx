import { Link } from 'react-router'
import { title } from '~/utils/misc'
import type { Route } from './+types/pricing'

export const meta: Route.MetaFunction = () => [{ title: title('Pricing') }, { name: 'description', content: 'Lintel is free to self-host.' }]

export default function Pricing() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">Pricing</h1>
      <p className="text-lg">
        Self-hosting Lintel is free: run it on your own server with your own PostgreSQL, for as many units and people as you manage.
      </p>
      <Link to="/signup/" className="self-start rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary/90">
        Create a company account
      </Link>
    </div>
  )
}
