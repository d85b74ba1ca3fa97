import { title } from '~/utils/misc'
import type { Route } from './+types/faqs'

export const meta: Route.MetaFunction = () => [{ title: title('FAQs') }, { name: 'description', content: 'Answers to common questions about Lintel.' }]

const FAQS = [
  {
    id: 'self-hosting',
    q: 'Can I run Lintel on my own server?',
    a: 'Yes. `npm install && npm start` runs it with an embedded PostgreSQL under ./data. For production, set DATABASE_URL to your PostgreSQL, or use the Dockerfile.',
  },
  { id: 'api', q: 'Is there an API?', a: 'Yes. Every screen is built on the same REST API; its OpenAPI document is at /api/openapi.json. Create API keys under your account.' },
  {
    id: 'security',
    q: 'How are accounts protected?',
    a: 'Passwords are stored only as slow scrypt hashes, sign-in and password resets are rate-limited, and the browser never holds an API token: only an opaque session id.',
  },
  { id: 'email', q: 'Do I need a mail server?', a: 'No. Without SMTP configured, Lintel keeps outgoing messages in the app under Emails so nothing is lost.' },
]

export default function Faqs() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">Frequently asked questions</h1>
      <dl className="flex flex-col gap-6">
        {FAQS.map((f) => (
          <div key={f.id} id={f.id}>
            <dt className="text-lg font-semibold">{f.q}</dt>
            <dd className="mt-1 text-muted-foreground">{f.a}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
