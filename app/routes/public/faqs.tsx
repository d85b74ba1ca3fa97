import { Link } from 'react-router'
import { PageIntro, PublicPage } from '~/components/marketing'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/faqs'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'FAQs',
    description: 'Answers about Lintel: importing your data, Canadian EFT and PAD, security, self-hosting, API access, pricing and what works today.',
  })

const link = 'text-primary underline'

const FAQS: { id: string; q: string; a: React.ReactNode }[] = [
  {
    id: 'import',
    q: 'How do I bring my data from AppFolio, Buildium, Yardi or a spreadsheet?',
    a: (
      <>
        <p>
          Export your rental units, residents and property owners as CSV and upload them on the matching list’s Import CSV page. Lintel recognises the
          column names AppFolio, Buildium and Yardi use, reads money, dates and full names as spreadsheets write them, and finds buildings and units by
          name.
        </p>
        <p>
          You first see a preview of every row with each problem named by its column; nothing is written. The import then writes all rows or none, so
          a failed import never leaves half your data behind. Each import page offers a template. Leases and rent balances cannot be imported yet;
          opening balances are entered as a journal entry.
        </p>
      </>
    ),
  },
  {
    id: 'eft-pad',
    q: 'Does Lintel support Canadian EFT payments and pre-authorized debit (PAD)?',
    a: (
      <>
        <p>
          Not yet. Both are part of the accounting being built on Lintel’s ledger: EFT payment files to pay owners and vendors through your bank, and PAD agreements
          so residents’ rent is debited from their bank accounts. Until then Lintel does not move money.
        </p>
        <p>
          Lintel is built for Canadian companies from the start: CAD is the default currency (USD is available), provinces, postal codes and SIN and
          BN tax numbers are understood.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    q: 'How does Lintel keep our data safe?',
    a: (
      <ul className="flex list-disc flex-col gap-2 pl-5">
        <li>Passwords are stored only as slow scrypt hashes; sign-in, password resets and public forms are rate-limited.</li>
        <li>The browser never holds an API token, only an opaque session id in an HttpOnly cookie; each page carries a strict content security policy.</li>
        <li>Every record belongs to one company and every query is scoped to it: another company’s record simply does not exist for you.</li>
        <li>Each property manager gets only the permissions you give them, enforced by the API as well as the screens.</li>
        <li>API keys are shown once and stored hashed; owners’ tax numbers are stored encrypted and shown only by their last four characters.</li>
        <li>Uploaded files are checked by their content, not their name, and can be downloaded only by your company.</li>
      </ul>
    ),
  },
  {
    id: 'self-hosting',
    q: 'Can we run Lintel on our own server?',
    a: (
      <>
        <p>
          Yes, for free, with any number of units. <code>npm install && npm start</code> starts Lintel with an embedded PostgreSQL keeping its data under
          <code> ./data</code>. For production, build the Dockerfile and set <code>DATABASE_URL</code> to your PostgreSQL and <code>SMTP_URL</code> to your
          mail server; migrations are applied on start.
        </p>
        <p>
          Lintel is one Node.js process per server; run several behind a load balancer against one PostgreSQL when you grow. See{' '}
          <Link to="/pricing/" className={link}>
            pricing
          </Link>{' '}
          if you would rather we host it.
        </p>
      </>
    ),
  },
  {
    id: 'api',
    q: 'Is there an API, and how do we get access?',
    a: (
      <p>
        Yes. Every screen of Lintel is built on the same REST API, so anything you can do in the app you can do from your own tools. A property manager
        creates an API key under API keys in the staff area and sends it as a bearer token. The{' '}
        <Link to="/open-api/" className={link}>
          API documentation
        </Link>{' '}
        lists every endpoint with its parameters and schemas, generated from the running code.
      </p>
    ),
  },
  {
    id: 'what-works',
    q: 'What does Lintel do today?',
    a: (
      <p>
        Your company workspace and team permissions; properties, buildings, units, residents, owners and everything around them; CSV import and export;
        notes, documents and photos; the accounting ledger with journal entries and financial statements; the resident and technician areas; the
        command palette; and the API. Rent collection, bills, leasing, maintenance work orders and most reports are being built. Each{' '}
        <Link to="/features/" className={link}>
          feature page
        </Link>{' '}
        says where its area stands.
      </p>
    ),
  },
  {
    id: 'export',
    q: 'Can we take our data with us?',
    a: <p>Always. Every list exports to CSV, and the API reads everything you have recorded. Nothing is locked in.</p>,
  },
  {
    id: 'email',
    q: 'Do we need a mail server?',
    a: <p>No. Without SMTP configured, Lintel keeps outgoing messages under Emails in the staff area, so nothing is lost and you can send them on yourself.</p>,
  },
  {
    id: 'devices',
    q: 'Do residents and technicians need to install an app?',
    a: <p>No. They use Lintel in any browser. Every page works on a phone, even with JavaScript turned off or a weak signal.</p>,
  },
]

export default function Faqs() {
  return (
    <PublicPage>
      <PageIntro title="Frequently asked questions" lead="Straight answers, including about what Lintel does not do yet." />
      <nav aria-label="Questions" className="max-w-3xl">
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {FAQS.map((f) => (
            <li key={f.id}>
              <a href={`#${f.id}`} className={link}>
                {f.q}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex max-w-3xl flex-col gap-10">
        {FAQS.map((f) => (
          <section key={f.id} id={f.id} aria-labelledby={`${f.id}-q`} className="flex scroll-mt-4 flex-col gap-3">
            <h2 id={`${f.id}-q`} className="text-xl font-semibold">
              {f.q}
            </h2>
            <div className="flex flex-col gap-3 text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-foreground">{f.a}</div>
          </section>
        ))}
      </div>
    </PublicPage>
  )
}
