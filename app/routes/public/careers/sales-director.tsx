import { Link } from 'react-router'
import { BulletList, PageIntro, PublicPage, Section } from '~/components/marketing'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/sales-director'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Director of Sales',
    description: 'Lintel is hiring a Director of Sales, remote in Canada, to build sales to property management companies from the first customers up.',
  })

const DO = [
  'Talk to property management companies every week: understand how they work today, and where Lintel fits and does not fit yet.',
  'Build the sales process from first conversation to signed customer, and the way we measure it.',
  'Turn what customers tell you into clear priorities for the product team.',
  'Work with our referral partners: consultants, accountants and associations that advise property managers.',
  'Hire and lead the sales team as it grows.',
]

const HAVE = [
  'Five or more years selling software to businesses, with at least two leading a team or a sales function.',
  'Experience with property management, real estate or accounting software, or with the companies that use it.',
  'You explain clearly what a product does and does not do, and customers trust you for it.',
  'Fluent English; French is a strong advantage.',
]

export default function SalesDirector() {
  return (
    <PublicPage>
      <PageIntro
        eyebrow={
          <Link to="/careers/" className="underline">
            Careers
          </Link>
        }
        title="Director of Sales"
        lead="Remote in Canada · Full time · CA$140,000–170,000 base salary plus commission"
      />
      <div className="flex max-w-3xl flex-col gap-12">
        <Section title="The role" id="role">
          <p className="text-muted-foreground">
            Lintel is property management software that is fast, free to self-host and open through its API. Its staff area, resident and technician
            areas, data import and accounting ledger work today; rent collection and leasing are being built. You will be the first person at Lintel whose job is sales, and you
            will sell a product honestly described, including what it does not do yet.
          </p>
        </Section>
        <Section title="What you will do" id="do">
          <BulletList items={DO} />
        </Section>
        <Section title="What you bring" id="bring">
          <BulletList items={HAVE} />
        </Section>
        <Section title="How to apply" id="apply">
          <p className="text-muted-foreground">
            Send your résumé and a short note on a software sale you are proud of to{' '}
            <a href="mailto:careers@lintel.app?subject=Director%20of%20Sales" className="text-primary underline">
              careers@lintel.app
            </a>
            . We answer every application within a week.
          </p>
        </Section>
      </div>
    </PublicPage>
  )
}
