import { Link } from 'react-router'
import { CardGrid, PageIntro, PublicPage, Screenshot, Section, SignUpCallout, StatusBadge } from '~/components/marketing'
import { FEATURE_PAGES, SCREENSHOTS } from '~/marketing/features'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/features'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Features',
    description: 'What Lintel does today for property managers, residents, technicians and developers, and which areas are still being built.',
  })

const AVAILABLE = [
  {
    title: 'A workspace for your company',
    text: 'Sign up, add your company details, currency and time zone, and invite property managers with exactly the permissions they need: eight groups from leasing to accounting.',
  },
  {
    title: 'Properties, units, residents and owners',
    text: 'One consistent set of pages for properties, buildings, rental units, residents, owners and their shares, fee schedules, pets, vehicles, parking spaces and appliances: search, filters, sorting, paging, and CSV export.',
  },
  {
    title: 'CSV import',
    text: 'Rental units, residents and property owners from a spreadsheet or from AppFolio, Buildium and Yardi exports, with a preview of every row and an import that writes all rows or none.',
  },
  {
    title: 'Accounting ledger',
    text: 'A chart of accounts for each company, journal entries (also recurring ones) that must balance to the cent, locked periods, corrections by reversal, bank accounts and credit cards, and financial statements from the ledger.',
  },
  { title: 'Notes, documents and photos', text: 'Kept on every record; files are checked by their content and downloadable only by your company.' },
  { title: 'Maintenance technicians', text: 'Invite technicians by e-mail; they get their own phone-friendly area and can be re-invited with one click.' },
  { title: 'Resident center', text: 'Residents sign in to their own area, separate from your staff area.' },
  { title: 'Command palette', text: 'Press Ctrl+K (or ⌘K) anywhere in the staff area to jump to any page or record.' },
  { title: 'Open API with API keys', text: 'Everything the app does goes through a documented REST API, so your own tools can do it too.' },
  { title: 'Works without JavaScript', text: 'Every page and every form works with JavaScript turned off, on any phone or office computer.' },
  { title: 'Self-hosting', text: 'One command starts Lintel with its own embedded PostgreSQL; point it at your own PostgreSQL for production.' },
]

export default function Features() {
  return (
    <PublicPage>
      <PageIntro
        title="Features"
        lead="This is what Lintel does today. Rent collection, leasing, maintenance, storage and reporting are being built on this foundation; each area’s page says plainly where it stands."
      />
      <Section title="Available now" id="available">
        <CardGrid cards={AVAILABLE} className="md:grid-cols-2" />
        <Screenshot shot={SCREENSHOTS.import} />
      </Section>
      <Section title="Every area of Lintel" id="areas">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {FEATURE_PAGES.map((page) => (
            <li key={page.slug} className="flex flex-col gap-3 rounded-lg border p-6">
              <StatusBadge status={page.status} />
              <h3 className="text-lg font-semibold">
                <Link to={`/${page.slug}/`} className="text-primary underline-offset-4 hover:underline">
                  {page.name}
                </Link>
              </h3>
              <p className="text-muted-foreground">{page.summary}</p>
            </li>
          ))}
        </ul>
      </Section>
      <SignUpCallout />
    </PublicPage>
  )
}
