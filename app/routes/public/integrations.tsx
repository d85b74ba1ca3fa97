import { Link } from 'react-router'
import { CardGrid, PageIntro, PublicPage, Section, type Card } from '~/components/marketing'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/integrations'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Integrations',
    description: 'The services Lintel works with today (PostgreSQL, any SMTP server, S3-compatible storage, CSV from AppFolio, Buildium and Yardi, its REST API) and the ones coming next.',
  })

const INTEGRATIONS: Card[] = [
  {
    title: 'The Lintel REST API',
    status: 'available',
    text: (
      <>
        Every screen uses the same API your own scripts can call with an API key. Read the <Link to="/open-api/">API documentation</Link>.
      </>
    ),
  },
  {
    title: 'AppFolio, Buildium and Yardi (CSV)',
    status: 'available',
    text: 'Import rental units, residents and property owners from their CSV exports; Lintel recognises the column names they use.',
  },
  {
    title: 'Any SMTP server',
    status: 'available',
    text: 'Invitations and password resets go out through your own mail server. Without one, Lintel keeps every message readable in the app.',
  },
  { title: 'PostgreSQL', status: 'available', text: 'Lintel ships with an embedded PostgreSQL and runs on any PostgreSQL server you point it at.' },
  { title: 'S3-compatible storage', status: 'available', text: 'Documents and photos are kept on local disk, or in any S3-compatible bucket you configure.' },
  { title: 'CSV export', status: 'available', text: 'Every list exports to CSV with the search and filters you applied, for spreadsheets and accountants.' },
  { title: 'Stripe', status: 'coming', text: 'Card and bank payments of rent through Stripe Connect, paid out to your own account. Comes with online rent collection.' },
  { title: 'Canadian EFT and PAD', status: 'coming', text: 'EFT payment files for your bank and pre-authorized debit agreements for residents, posted to the ledger. Being built.' },
  { title: 'Twilio SMS', status: 'coming', text: 'Text messages to residents and technicians, switched on per workspace.' },
  { title: 'AI assistant', status: 'coming', text: 'Questions about your portfolio answered by any OpenAI-compatible model you choose, switched on per workspace.' },
]

export default function Integrations() {
  return (
    <PublicPage>
      <PageIntro title="Integrations" lead="Lintel works with what you already run, and everything it does is open to your own tools through its API." />
      <Section title="Services Lintel works with" id="services">
        <CardGrid cards={INTEGRATIONS} className="md:grid-cols-2 lg:grid-cols-3" />
      </Section>
    </PublicPage>
  )
}
