import { Link } from 'react-router'
import { ButtonLink, CardGrid, PublicPage, Screenshot, Section, SignUpCallout, StatusBadge } from '~/components/marketing'
import { FEATURE_PAGES, SCREENSHOTS } from '~/marketing/features'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Property management software',
    description:
      'Lintel is property management software for rental buildings and storage facilities: fast on any phone, free to self-host, with an open REST API. See what works today.',
  })

const TODAY = [
  {
    title: 'Your whole portfolio',
    text: 'Properties, buildings, rental units, residents, owners and their shares, fee schedules, pets, vehicles, parking and appliances, each with search, filters and CSV export.',
  },
  { title: 'Import from your old system', text: 'Upload a CSV from AppFolio, Buildium, Yardi or a spreadsheet, check every row in a preview, then import all rows or none.' },
  { title: 'Notes, documents and photos', text: 'On every record, checked by their content and downloadable only by your company.' },
  { title: 'A team with the right access', text: 'Invite property managers with exactly the permissions they need, from leasing to accounting, in eight groups.' },
  { title: 'Residents and technicians', text: 'Each signs in to an area of their own, built for a phone: the Resident Center and the technician area.' },
  { title: 'A command palette', text: 'Ctrl+K (or ⌘K) jumps to any page or record from anywhere in the staff area.' },
  { title: 'An open REST API', text: 'Everything the app does goes through a documented API you can call with an API key.' },
  {
    title: 'A double-entry ledger',
    text: 'Chart of accounts, journal entries that balance to the cent, corrections by reversal, and financial statements computed from the ledger.',
  },
]

const PRINCIPLES = [
  { title: 'Works without JavaScript', text: 'Every form and every list is plain HTML first. These pages ship no JavaScript at all.' },
  { title: 'Free to self-host', text: 'One command starts Lintel with its own PostgreSQL. Hosted plans are priced by the number of units.' },
  { title: 'Exact to the cent', text: 'Money is stored as whole cents and never passes through a floating-point number.' },
  { title: 'Honest about its state', text: 'Each feature page says plainly whether it works today or is still being built.' },
]

export default function Home() {
  return (
    <PublicPage>
      <header className="flex max-w-3xl flex-col gap-6">
        <h1 className="text-4xl font-bold tracking-tight text-balance md:text-5xl">Property management, done correctly.</h1>
        <p className="text-lg text-muted-foreground">
          Lintel is the workspace for companies that run rental buildings and storage facilities: your team at a desk, residents on their phones and
          technicians in the basement. It is fast, free to self-host, has an open API, and every page works even without JavaScript.
        </p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/signup/">Create a company account</ButtonLink>
          <ButtonLink to="/features/" variant="outline">
            See what Lintel does
          </ButtonLink>
        </div>
      </header>

      <Section title="What works today" id="today">
        <CardGrid cards={TODAY} className="md:grid-cols-2 lg:grid-cols-4" />
        <Screenshot shot={SCREENSHOTS.units} />
      </Section>

      <Section title="How Lintel is built" id="principles">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {PRINCIPLES.map((item) => (
            <li key={item.title} className="flex flex-col gap-2">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Where each area stands" id="areas">
        <p className="max-w-3xl text-muted-foreground">
          The ledger at the heart of accounting works today; rent collection, bills, owner statements, leasing and maintenance are being built on it.
          Each page says what works and what is coming.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURE_PAGES.map((page) => (
            <li key={page.slug}>
              <Link to={`/${page.slug}/`} className="flex h-full flex-col gap-2 rounded-lg border p-4 hover:bg-accent">
                <span className="font-semibold text-primary underline-offset-4 hover:underline">{page.name}</span>
                <StatusBadge status={page.status} />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <SignUpCallout />
    </PublicPage>
  )
}
