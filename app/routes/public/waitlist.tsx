import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { WAITLIST_JOINED, WaitlistJoin } from '~/api/leasing/listings'
import type { PublicCompany } from '~/api/platform/workspace'
import { Honeypot } from '~/components/honeypot'
import { PageIntro, PublicPage } from '~/components/marketing'
import { Button } from '~/components/ui/button'
import { ErrorSummary, Field, TextareaField } from '~/components/ui/field'
import { publicMeta } from '~/marketing/meta'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import type { Route } from './+types/waitlist'

/*
 * A company's public waitlist page (issue 17 item 5): who you are, what home you look for, and
 * your consent to be e-mailed when one comes up. Works without JavaScript: the server checks the
 * form and keeps every value on an error; a honeypot and a rate limit keep scripts out.
 */

const JOINED = 'joined'

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const response = await callApi(`property-management-company/${encodeURIComponent(params.companySlug)}/`, { request })
  if (!response.ok) throw data({ detail: 'No company has this address.' }, { status: 404 })
  const company = await readBody<Answer<typeof PublicCompany>>(response)
  return { company, joined: url.searchParams.has(JOINED) ? WAITLIST_JOINED : null }
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: WaitlistJoin })
  if (submission.status !== 'success') return reply(submission)
  // The honeypot travels with the request: the API answers a script as usual and keeps nothing.
  const response = await callApi(`${encodeURIComponent(params.companySlug)}/waitlist-subscribers/`, { method: 'POST', body: submission.value, request })
  if (!response.ok) return replyWithApiError(submission, await readBody<ErrorBody>(response), response.status)
  return redirect(`/${params.companySlug}/waitlist/?${JOINED}#${JOINED}`, 303)
}

export const meta: Route.MetaFunction = (args) => {
  const company = args.loaderData?.company
  if (!company) return [{ title: 'Page not found | Lintel' }]
  return publicMeta(args, { title: `${company.name} Waitlist`, description: `Hear from ${company.name} when a home that suits you comes up for rent.` })
}

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { company, joined } = loaderData
  const [form, fields] = useForm({ id: 'waitlist', lastResult: actionData?.result, shouldValidate: 'onBlur' })
  return (
    <PublicPage className="gap-10">
      <PageIntro
        title={`${company.name} Waitlist`}
        lead={
          <>
            Tell us what you are looking for and we will e-mail you when a home that suits you comes up.{' '}
            {company.listings.length ? (
              <Link className="underline" to={`/${company.slug}/`}>
                See the homes for rent now
              </Link>
            ) : null}
          </>
        }
      />
      {joined ? (
        <div id={JOINED} role="status" className="flex max-w-xl flex-col gap-2 rounded-lg border border-green-700 bg-green-50 p-6">
          <p className="text-lg font-semibold text-green-900">You are on the list</p>
          <p className="text-green-900">{joined}</p>
        </div>
      ) : (
        <Form method="post" className="flex max-w-xl flex-col gap-4" {...getFormProps(form)}>
          <ErrorSummary form={form} />
          <Honeypot />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" meta={fields.first_name} autoComplete="given-name" required />
            <Field label="Last name" meta={fields.last_name} autoComplete="family-name" required />
          </div>
          <Field label="E-mail" meta={fields.email} type="email" autoComplete="email" required />
          <Field label="Phone" meta={fields.phone} type="tel" autoComplete="tel" help="Optional" />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Bedrooms" meta={fields.bedrooms} inputMode="numeric" help="At least; 0 for a studio" />
            <Field label="Most rent a month" meta={fields.max_rent} inputMode="decimal" help="Like 2150.00" />
            <Field label="Move-in date" meta={fields.move_in_date} type="date" />
          </div>
          <TextareaField label="Anything else" meta={fields.notes} help="Pets, parking, the neighbourhood you want…" />
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.consented.name}
                value="on"
                defaultChecked={fields.consented.initialValue === 'on'}
                className="mt-1"
                aria-invalid={fields.consented.errors?.length ? true : undefined}
                aria-describedby={fields.consented.errors?.length ? fields.consented.errorId : undefined}
              />
              <span>I agree that {company.name} may e-mail me about homes for rent. I can ask to be taken off the list at any time.</span>
            </label>
            {fields.consented.errors?.length ? (
              <p id={fields.consented.errorId} className="text-sm text-destructive">
                {fields.consented.errors[0]}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="self-start">
            Join the waitlist
          </Button>
        </Form>
      )}
    </PublicPage>
  )
}
