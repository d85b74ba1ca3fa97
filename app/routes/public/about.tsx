import { Link } from 'react-router'
import { CardGrid, PageIntro, PublicPage, Section } from '~/components/marketing'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'About',
    description: 'Who makes Lintel, why, and the principles it is built on: correct money, pages that work on any device, an open API and free self-hosting.',
  })

const PRINCIPLES = [
  {
    title: 'Correct before clever',
    text: 'Money is whole cents, every ledger entry balances to zero, and a posted entry is corrected by a reversal, never rewritten. Owners trust you with their money; software should deserve that trust.',
  },
  {
    title: 'Fast on the devices people really have',
    text: 'Every page is HTML first and works without JavaScript. A resident on an old phone and a manager on an office computer get the same product.',
  },
  {
    title: 'Open by default',
    text: 'Everything the app does goes through a documented API. Your data is yours: export it as CSV or read it through the API at any time.',
  },
  {
    title: 'Honest about what works',
    text: 'We say plainly what Lintel does today and what is still being built. A feature appears on this site as available when it works, not before.',
  },
]

export default function About() {
  return (
    <PublicPage>
      <PageIntro
        title="About Lintel"
        lead="A lintel is the beam above a door or window that carries the weight of the wall. Lintel is software meant to do the same for property management companies: carry the load quietly, so the people can do the work."
      />
      <Section title="Why we build it" id="why">
        <div className="flex max-w-3xl flex-col gap-4 text-muted-foreground">
          <p>
            Property management software tends to be slow, closed and expensive, and its books are hard to trust. Managers keep spreadsheets beside it
            because they cannot get their data out, residents fight portals that do not load on their phones, and owners wait for statements that do not
            add up.
          </p>
          <p>
            Lintel is built for Canadian and American companies that manage rental buildings and storage facilities, from a few dozen units to thousands.
            It is free to run on your own server, and we host it for a price based on the number of units you manage.
          </p>
        </div>
      </Section>
      <Section title="What we hold ourselves to" id="principles">
        <CardGrid cards={PRINCIPLES} className="md:grid-cols-2" />
      </Section>
      <Section title="Work with us" id="work-with-us">
        <p className="max-w-3xl text-muted-foreground">
          We are hiring a{' '}
          <Link to="/careers/sales-director/" className="text-primary underline">
            Director of Sales
          </Link>
          . Advisors and consultants who work with property managers can join the{' '}
          <Link to="/referral-program/" className="text-primary underline">
            referral program
          </Link>
          .
        </p>
      </Section>
    </PublicPage>
  )
}
