import { data, Link } from 'react-router'
import { BulletList, PageIntro, PublicPage, Screenshot, Section, SignUpCallout, StatusBadge } from '~/components/marketing'
import { featurePage } from '~/marketing/features'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/feature-page'

export function loader({ url }: Route.LoaderArgs) {
  const page = featurePage(url.pathname.split('/')[1] ?? '')
  if (!page) throw data({ detail: 'Page not found.' }, { status: 404 })
  return { page }
}

export const meta: Route.MetaFunction = (args) => (args.loaderData ? publicMeta(args, { title: args.loaderData.page.name, description: args.loaderData.page.summary }) : [])

export default function FeaturePage({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <PublicPage>
      <PageIntro
        eyebrow={
          <span className="flex flex-wrap items-center gap-3">
            <span>{page.name}</span>
            <StatusBadge status={page.status} />
          </span>
        }
        title={page.headline}
        lead={page.intro}
      />
      <div className="grid gap-12 lg:grid-cols-2">
        <Section title={page.status === 'coming' ? 'What Lintel already has' : 'What works today'} id="today">
          <ul className="flex flex-col gap-6">
            {page.today.map((item) => (
              <li key={item.title}>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="text-muted-foreground">{item.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="What is being built" id="coming">
          <BulletList items={page.coming} />
          <p className="text-sm text-muted-foreground">
            We will not sell you what does not work yet. Follow the <Link to="/blog/" className="text-primary underline">Lintel blog</Link> to hear when each part
            arrives.
          </p>
        </Section>
      </div>
      {page.screenshot ? <Screenshot shot={page.screenshot} /> : null}
      <SignUpCallout />
    </PublicPage>
  )
}
