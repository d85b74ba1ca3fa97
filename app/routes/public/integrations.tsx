import { Link } from 'react-router'
import { PageIntro, PublicPage, Section, StatusBadge } from '~/components/marketing'
import type { FeatureStatus } from '~/marketing/features'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/integrations'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Integrations',
    description: 'The services Lintel works with today (PostgreSQL, any SMTP server, S3-compatible storage, CSV from AppFolio, Buildium and Yardi, its REST API) and the ones coming next.',
  })

const INTEGRATIONS: { name: string; status: FeatureStatus; text: React.ReactNode }[] = [
  {
    name: 'The Lintel REST API',
    status: 'available',
    text: (
      <>
        Every screen uses the same API your own scripts can call with an API key. Read the <Link to="/open-api/">API documentation</Link>.
      </>
    ),
  },
  {
    name: 'AppFolio, Buildium and Yardi (CSV)',
    status: 'available',
    text: 'Import rental units, residents and property owners from their CSV exports; Lintel recognises the column names they use.',
  },
  {
    name: 'Any SMTP server',
    status: 'available',
    text: 'Invitations and password resets go out through your own mail server. Without one, Lintel keeps every message readable in the app.',
  },
  { name: 'PostgreSQL', status: 'available', text: 'Lintel ships with an embedded PostgreSQL and runs on any PostgreSQL server you point it at.' },
  { name: 'S3-compatible storage', status: 'available', text: 'Documents and photos are kept on local disk, or in any S3-compatible bucket you configure.' },
  { name: 'CSV export', status: 'available', text: 'Every list exports to CSV with the search and filters you applied, for spreadsheets and accountants.' },
  { name: 'Stripe', status: 'coming', text: 'Card and bank payments of rent through Stripe Connect, paid out to your own account. Comes with online rent collection.' },
  { name: 'Canadian EFT and PAD', status: 'coming', text: 'EFT payment files for your bank and pre-authorized debit agreements for residents, posted to the ledger. Being built.' },
  { name: 'Twilio SMS', status: 'coming', text: 'Text messages to residents and technicians, switched on per workspace.' },
  { name: 'AI assistant', status: 'coming', text: 'Questions about your portfolio answered by any OpenAI-compatible model you choose, switched on per workspace.' },
]

export default function Integrations() {
  return (
    <PublicPage>
      <PageIntro title="Integrations" lead="Lintel works with what you already run, and everything it does is open to your own tools through its API." />
      <Section title="Services Lintel works with" id="services">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {INTEGRATIONS.map((i) => (
            <li key={i.name} className="flex flex-col gap-3 rounded-lg border p-6">
              <StatusBadge status={i.status} />
              <h3 className="text-lg font-semibold">{i.name}</h3>
              <p className="text-muted-foreground [&_a]:text-primary [&_a]:underline">{i.text}</p>
            </li>
          ))}
        </ul>
      </Section>
    </PublicPage>
  )
}
