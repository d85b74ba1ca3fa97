import { Link } from 'react-router'
import { BulletList, PageIntro, PublicPage, Section } from '~/components/marketing'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Careers',
    description: 'Work at Lintel: open roles, how we work and how to apply. We are hiring a Director of Sales.',
  })

export default function Careers() {
  return (
    <PublicPage>
      <PageIntro
        title="Careers at Lintel"
        lead="We are a small team building property management software that is fast, correct and honest. We work remotely across Canadian time zones."
      />
      <Section title="Open roles" id="roles">
        <ul className="flex max-w-3xl flex-col gap-4">
          <li className="flex flex-col gap-2 rounded-lg border p-6">
            <h3 className="text-lg font-semibold">
              <Link to="/careers/sales-director/" className="text-primary underline-offset-4 hover:underline">
                Director of Sales
              </Link>
            </h3>
            <p className="text-sm font-medium text-muted-foreground">Remote in Canada · Full time</p>
            <p className="text-muted-foreground">
              Build Lintel’s sales from the first customers: property management companies from 50 to 5,000 units.
            </p>
          </li>
        </ul>
      </Section>
      <Section title="How we work" id="how-we-work">
        <BulletList
          className="max-w-3xl"
          items={[
            'Written first: decisions, plans and reasons are written down where everyone can read them.',
            'We say what the product does today, to customers and to each other.',
            'Salaries are published in every role, and the same for everyone in a role.',
          ]}
        />
      </Section>
    </PublicPage>
  )
}
