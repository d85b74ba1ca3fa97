import { Link } from 'react-router'
import { title } from '~/utils/misc'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [
  { title: title('Property management software') },
  { name: 'description', content: 'Lintel runs rental buildings, storage facilities and the money around them. Self-hostable, with an open API.' },
]

export default function Home() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-16">
      <section className="flex max-w-3xl flex-col gap-6">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Property management, done correctly.</h1>
        <p className="text-lg text-muted-foreground">
          Lintel is the workspace for companies that run rental buildings and storage facilities: your team at a desk, residents on their phones,
          technicians in the basement and owners waiting for their statements. It is fast, self-hostable, has an open API, and every page works
          even without JavaScript.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/signup/" className="rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary/90">
            Create a company account
          </Link>
          <Link to="/features/" className="rounded-md border px-5 py-3 font-medium hover:bg-accent">
            See what it does
          </Link>
        </div>
      </section>
    </div>
  )
}
