import { Link } from 'react-router'
import { ButtonLink, PageIntro, PublicPage, Section } from '~/components/marketing'
import { Input, Label } from '~/components/ui/input'
import { ErrorList } from '~/components/ui/field'
import { publicMeta } from '~/marketing/meta'
import { displayPrice, monthlyPriceCents, parseUnits, planFor, PLANS, type Plan } from '~/marketing/pricing'
import type { Route } from './+types/pricing'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Pricing',
    description:
      'Lintel is free to self-host. Hosted plans are priced by the number of units you manage: $49 a month up to 50 units, then from $0.80 per unit. Every plan has every feature.',
  })

export function loader({ url }: Route.LoaderArgs) {
  const input = url.searchParams.get('units')
  const parsed = parseUnits(input)
  if (!parsed) return { input: '', quote: null, error: null }
  if ('error' in parsed) return { input: input ?? '', quote: null, error: parsed.error }
  const plan = planFor(parsed.units)
  return { input: input ?? '', quote: { units: parsed.units, plan: plan.name, price: displayPrice(monthlyPriceCents(parsed.units)) }, error: null }
}

function unitRange(plan: Plan) {
  if (plan.maxUnits === null) return `${plan.minUnits.toLocaleString('en-CA')} units and more`
  return plan.minUnits === 1 ? `Up to ${plan.maxUnits} units` : `${plan.minUnits}–${plan.maxUnits.toLocaleString('en-CA')} units`
}

function PlanPrice({ plan }: { plan: Plan }) {
  if ('flatCents' in plan.price) {
    return (
      <p>
        <span className="text-4xl font-bold">{displayPrice(plan.price.flatCents)}</span> <span className="text-muted-foreground">a month</span>
      </p>
    )
  }
  return (
    <div>
      <p>
        <span className="text-4xl font-bold">{displayPrice(plan.price.perUnitCents)}</span> <span className="text-muted-foreground">per unit a month</span>
      </p>
      <p className="text-sm text-muted-foreground">At least {displayPrice(plan.price.minimumCents)} a month</p>
    </div>
  )
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { quote, error, input } = loaderData
  return (
    <PublicPage>
      <PageIntro
        title="Pricing"
        lead="Self-hosting Lintel is free. If you would rather we run it, hosted plans are priced by the number of units you manage, and every plan has every feature."
      />

      <Section title="Plans" id="plans">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          <li className="flex flex-col gap-4 rounded-lg border-2 border-primary p-6">
            <h3 className="text-xl font-semibold">Self-hosted</h3>
            <p className="text-sm font-medium text-muted-foreground">Any number of units</p>
            <p>
              <span className="text-4xl font-bold">Free</span>
            </p>
            <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
              <li>Every feature of Lintel, for your whole team</li>
              <li>Runs with its own embedded PostgreSQL, or yours</li>
              <li>Your data stays on your servers</li>
            </ul>
            <Link to="/faqs/#self-hosting" className="mt-auto text-sm font-medium text-primary underline">
              How to self-host Lintel
            </Link>
          </li>
          {PLANS.map((plan) => (
            <li key={plan.id} className="flex flex-col gap-4 rounded-lg border p-6">
              <h3 className="text-xl font-semibold">{plan.name}</h3>
              <p className="text-sm font-medium text-muted-foreground">{unitRange(plan)}</p>
              <PlanPrice plan={plan} />
              <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
                {plan.includes.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Prices are in Canadian dollars a month, before sales tax, billed monthly; cancel at any time and take all your data with you as CSV.
          Lintel does not bill hosted workspaces yet: one you create today is free until billing starts, and we will e-mail you 30 days before
          your first invoice.
        </p>
      </Section>

      <Section title="What will I pay?" id="calculator">
        <form method="get" action="/pricing/#calculator" className="flex max-w-xl flex-col gap-3">
          <Label htmlFor="units">Number of units you manage</Label>
          <div className="flex gap-3">
            <Input
              id="units"
              name="units"
              inputMode="numeric"
              defaultValue={input}
              placeholder="e.g. 120"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'units-error' : undefined}
              className="max-w-48"
            />
            <button type="submit" className="rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90">
              Show my price
            </button>
          </div>
          <ErrorList id="units-error" errors={error ? [error] : null} />
        </form>
        {quote ? (
          <p role="status" className="max-w-xl rounded-lg border bg-muted p-6 text-lg">
            For {quote.units.toLocaleString('en-CA')} {quote.units === 1 ? 'unit' : 'units'}, the {quote.plan} plan costs{' '}
            <strong data-testid="quote">{quote.price}</strong> a month. Self-hosted, it is free.
          </p>
        ) : null}
      </Section>

      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/signup/">Create a company account</ButtonLink>
        <ButtonLink to="/faqs/" variant="outline">
          Read the FAQs
        </ButtonLink>
      </div>
    </PublicPage>
  )
}
