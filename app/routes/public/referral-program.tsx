import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, redirect } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { REFERRAL_RECEIVED, ReferralAffiliateBody } from '~/api/marketing/referrals'
import { Honeypot } from '~/components/honeypot'
import { PageIntro, PublicPage, Section } from '~/components/marketing'
import { Button } from '~/components/ui/button'
import { Field, ErrorSummary, TextareaField } from '~/components/ui/field'
import { publicMeta } from '~/marketing/meta'
import { callApi, readBody } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import type { Route } from './+types/referral-program'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Referral program',
    description: 'Advisors, accountants and consultants who work with property managers: refer them to Lintel and earn 20% of their first year of hosted fees. Apply in a minute.',
  })

const APPLIED = 'applied'

export function loader({ url }: Route.LoaderArgs) {
  return { confirmation: url.searchParams.has(APPLIED) ? REFERRAL_RECEIVED : null }
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ReferralAffiliateBody })
  if (submission.status !== 'success') return reply(submission)
  // The honeypot travels with the application: the API answers a bot as usual and keeps nothing.
  const response = await callApi('referral/affiliates/', { method: 'POST', body: submission.value, request })
  if (!response.ok) return replyWithApiError(submission, await readBody<ErrorBody>(response), response.status)
  return redirect(`/referral-program/?${APPLIED}#${APPLIED}`, 303)
}

const STEPS = [
  { title: 'Apply', text: 'Tell us who you are and how you work with property managers. We answer within two business days.' },
  { title: 'Introduce', text: 'Introduce Lintel to the companies you advise; they name you when they sign up, or we note it for them.' },
  { title: 'Earn', text: 'You earn 20% of what each company you referred pays for its hosted plan during its first twelve months, paid every quarter.' },
]

export default function ReferralProgram({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({ id: 'referral', lastResult: actionData?.result })
  return (
    <PublicPage>
      <PageIntro
        title="Referral program"
        lead="For consultants, accountants, associations and software advisors who work with property management companies. Refer them to Lintel and share in what they pay."
      />
      <Section title="How it works" id="how">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex flex-col gap-2 rounded-lg border p-6">
              <span className="text-sm font-semibold text-primary">Step {i + 1}</span>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Lintel does not bill hosted workspaces yet, so commissions begin when billing does. Companies that self-host Lintel pay nothing, and so earn
          no commission; we are glad you sent them all the same.
        </p>
      </Section>
      <Section title="Apply to the referral program" id={APPLIED}>
        {loaderData.confirmation ? (
          <div role="status" className="flex max-w-xl flex-col gap-2 rounded-lg border border-green-700 bg-green-50 p-6">
            <p className="text-lg font-semibold text-green-900">Application received</p>
            <p className="text-green-900">{loaderData.confirmation}</p>
          </div>
        ) : (
          <Form method="post" action="/referral-program/#applied" className="flex max-w-xl flex-col gap-4" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <Honeypot />
            <Field label="Your name" meta={fields.name} autoComplete="name" required />
            <Field label="E-mail" meta={fields.email} type="email" autoComplete="email" required />
            <Field label="Company" meta={fields.company} autoComplete="organization" help="Optional: the firm or association you work for." />
            <TextareaField
              label="How will you refer property managers to Lintel?"
              meta={fields.referral_plan}
              help="For example: the clients you advise, an association’s members, a newsletter or events."
              required
            />
            <Button type="submit" className="self-start">
              Apply
            </Button>
          </Form>
        )}
      </Section>
    </PublicPage>
  )
}
