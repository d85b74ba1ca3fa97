import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { ApplicationInput, type PublicApplicationForm } from '~/api/leasing/applications'
import { Honeypot } from '~/components/honeypot'
import { PageIntro, PublicPage } from '~/components/marketing'
import { Button } from '~/components/ui/button'
import { ErrorList, ErrorSummary, Field, SelectField, TextareaField } from '~/components/ui/field'
import { Label } from '~/components/ui/input'
import { APPLICANT_ROLES } from '~/domain/leasing/applications'
import { displayMoney } from '~/domain/money'
import { publicMeta } from '~/marketing/meta'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import type { Route } from './+types/apply'

/*
 * The public application at /apply/{form's address}/ (issue 17 item 3): the home applied for, the
 * applicant and those applying with them, the form's questions by section (files too), and the
 * consent to a credit check. Works completely without JavaScript: the server checks everything and
 * keeps every typed value on an error (a browser cannot be given a chosen file back: the page asks
 * for it again); a honeypot and a rate limit keep scripts out. Sent, it says so and the applicants
 * get a receipt by e-mail.
 */

type PublicForm = Answer<typeof PublicApplicationForm>

const SENT = 'sent'
/** The people beside the applicant the page offers room for (the staff add more from the application). */
const OTHER_PEOPLE = 3
const PERSON_FIELDS = ['role', 'first_name', 'last_name', 'email', 'phone', 'monthly_income', 'employer']
const OTHER_ROLES = APPLICANT_ROLES.filter((r) => r.value !== 'APPLICANT')
const FILE_TYPES = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.heic,.txt,.csv,.docx,.xlsx,application/pdf,image/*'

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const response = await callApi(`rental-application-form-listings/${encodeURIComponent(params.applicationSlug)}/`, { request })
  if (!response.ok) throw data({ detail: 'No such application form. It may have been closed.' }, { status: 404 })
  const form = await readBody<PublicForm>(response)
  const chosen = url.searchParams.get('listing')
  return { form, chosen: form.listings.some((l) => l.id === chosen) ? chosen : null, sent: url.searchParams.get(SENT) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ApplicationInput })
  const files = [...formData.keys()].filter((k) => k.startsWith('files.'))
  if (submission.status !== 'success') return reply(submission, { hide: files })
  // The form as it came, files and honeypot with it: the API checks it whole and keeps nothing unless all is well.
  const response = await callApi(`apply/${encodeURIComponent(params.applicationSlug)}/`, { method: 'POST', body: formData, request })
  const body = await readBody<ErrorBody & { reference?: string | null }>(response)
  if (!response.ok) return replyWithApiError(submission, body, response.status, { hide: files })
  return redirect(`/apply/${params.applicationSlug}/?${SENT}=${encodeURIComponent(body.reference ?? '')}#${SENT}`, 303)
}

export const meta: Route.MetaFunction = (args) => {
  const form = args.loaderData?.form
  if (!form) return [{ title: 'No such application form | Lintel' }]
  return publicMeta(args, { title: `${form.name} · ${form.company.name}`, description: `Apply to rent a home from ${form.company.name}.` })
}

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const { form: application, chosen, sent } = loaderData
  const [form, fields] = useForm<Record<string, unknown>>({ id: 'application', lastResult: actionData?.result, shouldValidate: 'onBlur' })
  const all = form.getFieldset() as unknown as Record<string, FieldMetadata<unknown>>
  const field = (name: string) => all[name]!
  const fieldsetOf = (meta: FieldMetadata<unknown>) => (meta as unknown as FieldMetadata<Record<string, unknown>>).getFieldset() as unknown as Record<string, FieldMetadata<unknown>>
  const person = (i: number) => fieldsetOf(field(`applicants[${i}]`))
  const answers = fieldsetOf(fields.answers!)
  const sections = [...new Set(application.questions.map((q) => q.section))]
  const filesAsked = application.questions.some((q) => q.kind === 'FILE')
  const failed = Boolean(actionData?.result && actionData.result.status === 'error')
  const money = (amount: string) => displayMoney(amount, application.company.currency)

  if (sent !== null) {
    return (
      <PublicPage className="gap-8">
        <PageIntro title="Application sent" lead={`${application.company.name} has your application.`} />
        <div id={SENT} role="status" className="flex max-w-xl flex-col gap-2 rounded-lg border border-green-700 bg-green-50 p-6 text-green-900">
          <p className="text-lg font-semibold">Your application is in</p>
          <p>A receipt is on its way to your e-mail, and to everyone applying with you.{sent ? ` Your reference: ${sent}.` : ''}</p>
          <p>{application.company.name} will write to you once it has been decided.</p>
        </div>
        <p>
          <Link className="underline" to={`/${application.company.slug}/`}>
            See {application.company.name}’s other homes for rent
          </Link>
        </p>
      </PublicPage>
    )
  }

  const listing = field('listing_id')
  const chosenNow = (listing.initialValue as string | undefined) ?? chosen ?? (application.listings.length === 1 ? application.listings[0]!.id : undefined)
  return (
    <PublicPage className="gap-8">
      <PageIntro
        eyebrow={application.company.name}
        title={application.name}
        lead={application.introduction ?? 'Tell us about yourself and anyone applying with you. It takes about ten minutes.'}
      >
        {application.application_fee && Number(application.application_fee) > 0 ? <p className="text-sm">Application fee: {money(application.application_fee)}, paid as {application.company.name} tells you (nothing is charged here).</p> : null}
      </PageIntro>
      <Form method="post" encType="multipart/form-data" className="flex max-w-3xl flex-col gap-10" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <Honeypot />

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-semibold">The home</legend>
          {application.listings.length ? (
            <div className="flex flex-col gap-2" role="radiogroup" aria-labelledby="home-label" aria-describedby={listing.errors?.length ? listing.errorId : undefined}>
              <p id="home-label" className="text-sm font-medium">
                Which home are you applying for?
              </p>
              {application.listings.map((l) => (
                <div key={l.id} className="flex items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary">
                  <input id={`listing-${l.id}`} type="radio" name={listing.name} value={l.id} defaultChecked={chosenNow === l.id} className="mt-1 accent-primary" />
                  <label htmlFor={`listing-${l.id}`} className="flex flex-col">
                    <span className="font-medium">{l.title}</span>
                    <span className="text-muted-foreground">
                      {money(l.rent)} a month{l.available_on ? ` · available ${l.available_on}` : ''}
                    </span>
                  </label>
                </div>
              ))}
              <ErrorList id={listing.errorId} errors={listing.errors} />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Any home of {application.company.name}’s: say which in your answers.</p>
          )}
          <Field label="Move-in date you would like" meta={field('desired_move_in_date')} type="date" className="max-w-xs" />
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-semibold">Who is applying</legend>
          <PersonFields person={person(0)} applicant />
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-semibold">Applying with you</legend>
          <p className="text-sm text-muted-foreground">
            Everyone 18 or older who will live there applies with you, as a co-applicant; a guarantor signs for the rent without living there. Leave these empty if you apply alone.
          </p>
          {Array.from({ length: OTHER_PEOPLE }, (_, n) => {
            const fieldset = person(n + 1)
            const filled = PERSON_FIELDS.some((name) => fieldset[name]!.initialValue || fieldset[name]!.errors?.length)
            return (
              <details key={n} open={filled || undefined} className="rounded-lg border p-4 [&[open]>summary]:mb-4">
                <summary className="cursor-pointer font-medium">{n === 0 ? 'Add a co-applicant, guarantor or occupant' : 'Add another person'}</summary>
                <div className="flex flex-col gap-4">
                  <SelectField label="Role" meta={fieldset.role!} options={OTHER_ROLES} placeholder="Choose…" />
                  <PersonFields person={fieldset} />
                </div>
              </details>
            )
          })}
        </fieldset>

        {sections.map((section) => (
          <fieldset key={section} className="flex flex-col gap-5">
            <legend className="mb-2 text-xl font-semibold">{section}</legend>
            {application.questions
              .filter((q) => q.section === section)
              .map((q) => (
                <Question key={q.id} question={q} meta={answers[q.id]!} fileMeta={field(`files.${q.id}`)} failed={failed} />
              ))}
          </fieldset>
        ))}

        {application.asks_credit_check_consent ? (
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name={field('credit_check_consent').name}
                value="on"
                defaultChecked={field('credit_check_consent').initialValue === 'on'}
                className="mt-1"
                aria-invalid={field('credit_check_consent').errors?.length ? true : undefined}
                aria-describedby={field('credit_check_consent').errors?.length ? field('credit_check_consent').errorId : undefined}
              />
              <span>
                I consent, for myself and for those applying with me who agreed to it, to {application.company.name} obtaining a credit report to decide on this application.
              </span>
            </label>
            <ErrorList id={field('credit_check_consent').errorId} errors={field('credit_check_consent').errors} />
          </div>
        ) : null}

        <div className="flex flex-col gap-2">
          <Button type="submit" className="self-start">
            Send application
          </Button>
          <p className="text-xs text-muted-foreground">
            {filesAsked ? 'Files: at most 25 MB each (PDF, photos, Word or Excel). ' : ''}
            {application.company.name} keeps what you send to decide on your application, as privacy law allows.
          </p>
        </div>
      </Form>
    </PublicPage>
  )
}

/** A person's name, how to reach them, and what they earn. */
function PersonFields({ person, applicant = false }: { person: Record<string, FieldMetadata<unknown>>; applicant?: boolean }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" meta={person.first_name!} autoComplete={applicant ? 'given-name' : 'off'} required={applicant} />
        <Field label="Last name" meta={person.last_name!} autoComplete={applicant ? 'family-name' : 'off'} required={applicant} />
        <Field label="E-mail" meta={person.email!} type="email" autoComplete={applicant ? 'email' : 'off'} required={applicant} help={applicant ? 'Your receipt goes here' : 'Needed unless an occupant: they sign the lease'} />
        <Field label="Phone" meta={person.phone!} type="tel" autoComplete={applicant ? 'tel' : 'off'} help="Optional" />
        <Field label="Monthly income" meta={person.monthly_income!} inputMode="decimal" help="Before tax, like 4250.00" />
        <Field label="Employer" meta={person.employer!} autoComplete={applicant ? 'organization' : 'off'} />
      </div>
    </>
  )
}

/** One of the form's questions, as its kind is answered: text, a choice, a date, an amount, a file, yes or no. */
function Question({ question: q, meta, fileMeta, failed }: { question: PublicForm['questions'][number]; meta: FieldMetadata<unknown>; fileMeta: FieldMetadata<unknown>; failed: boolean }) {
  const label = `${q.label}${q.required ? '' : ' (optional)'}`
  const help = q.help ?? undefined
  if (q.kind === 'LONG_TEXT') return <TextareaField label={label} meta={meta} help={help} />
  if (q.kind === 'DATE') return <Field label={label} meta={meta} type="date" help={help} className="max-w-xs" />
  if (q.kind === 'MONEY') return <Field label={label} meta={meta} inputMode="decimal" help={help ?? 'An amount, like 4250.00'} className="max-w-xs" />
  if (q.kind === 'TEXT') return <Field label={label} meta={meta} help={help} />
  if (q.kind === 'FILE') {
    // The API names a file's error by its question's answer.
    const errors = meta.errors ?? fileMeta.errors
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={fileMeta.id}>{label}</Label>
        <input
          id={fileMeta.id}
          name={fileMeta.name}
          type="file"
          accept={FILE_TYPES}
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-1.5"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? meta.errorId : help ? `${fileMeta.id}-help` : undefined}
        />
        {help || failed ? (
          <p id={`${fileMeta.id}-help`} className="text-xs text-muted-foreground">
            {[help, failed ? 'Choose the file again: it is not kept until your application is sent.' : null].filter(Boolean).join(' ')}
          </p>
        ) : null}
        <ErrorList id={meta.errorId} errors={errors} />
      </div>
    )
  }
  const options = q.kind === 'YES_NO' ? [{ value: 'YES', label: 'Yes' }, { value: 'NO', label: 'No' }] : q.choices.map((c) => ({ value: c, label: c }))
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      {help ? <p className="text-xs text-muted-foreground">{help}</p> : null}
      <div className={q.kind === 'YES_NO' ? 'flex gap-6' : 'flex flex-col gap-2'}>
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input type="radio" name={meta.name} value={o.value} defaultChecked={meta.initialValue === o.value} className="accent-primary" />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}
