import { parseWithZod } from '@conform-to/zod/v4'
import type * as React from 'react'
import { data, Form, Link, redirect } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { ApplicationInput, type PublicApplicationForm } from '~/api/leasing/applications'
import type { KeptFiles } from '~/leasing/applications.server'
import { Honeypot } from '~/components/honeypot'
import { PageIntro, PublicPage } from '~/components/marketing'
import { Button } from '~/components/ui/button'
import { ErrorList, FormErrors, Labelled } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { APPLICANT_ROLES, MAX_OTHER_APPLICANTS } from '~/domain/leasing/applications'
import { displayMoney } from '~/domain/money'
import { publicMeta } from '~/marketing/meta'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import { replyWithApiError } from '~/utils/forms.server'
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
const FORM_ID = 'application'
/** The people beside the applicant the page offers room for: as many as the API takes (the staff add more from the application). */
const OTHER_PEOPLE = MAX_OTHER_APPLICANTS
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
  const files = [...formData.keys()].filter((k) => k.startsWith('files.') || k.startsWith('kept.'))
  // The form as it came, files and honeypot with it: the API checks it whole (the same schema, and the
  // answers) and keeps nothing but its good files, which it keeps for the next try.
  const response = await callApi(`apply/${encodeURIComponent(params.applicationSlug)}/`, { method: 'POST', body: formData, request })
  const body = await readBody<ErrorBody & { reference?: string | null; kept_files?: KeptFiles }>(response)
  if (!response.ok) {
    const replied = replyWithApiError(submission, body, response.status, { hide: files })
    return data({ ...replied.data, kept: body.kept_files ?? {} }, replied.init ?? undefined)
  }
  return redirect(`/apply/${params.applicationSlug}/?${SENT}=${encodeURIComponent(body.reference ?? '')}#${SENT}`, 303)
}

export const meta: Route.MetaFunction = (args) => {
  const form = args.loaderData?.form
  if (!form) return [{ title: 'No such application form | Lintel' }]
  return publicMeta(args, { title: `${form.name} · ${form.company.name}`, description: `Apply to rent a home from ${form.company.name}.` })
}

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const { form: application, chosen, sent } = loaderData
  const state = formState(actionData?.result)
  const sections = [...new Set(application.questions.map((q) => q.section))]
  const filesAsked = application.questions.some((q) => q.kind === 'FILE')
  const failed = actionData?.result?.status === 'error'
  const kept: KeptFiles = (actionData && 'kept' in actionData ? actionData.kept : undefined) ?? {}
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

  const listing = state.field('listing_id')
  const chosenNow = listing.value ?? chosen ?? (application.listings.length === 1 ? application.listings[0]!.id : undefined)
  const consent = state.field('credit_check_consent')
  return (
    <PublicPage className="gap-8">
      <PageIntro
        eyebrow={application.company.name}
        title={application.name}
        lead={application.introduction ?? 'Tell us about yourself and anyone applying with you. It takes about ten minutes.'}
      >
        {application.application_fee && Number(application.application_fee) > 0 ? <p className="text-sm">Application fee: {money(application.application_fee)}, paid as {application.company.name} tells you (nothing is charged here).</p> : null}
      </PageIntro>
      <Form method="post" encType="multipart/form-data" id={FORM_ID} noValidate className="flex max-w-3xl flex-col gap-10">
        <FormErrors errors={state.formErrors} id={`${FORM_ID}-errors`} fields={state.fieldErrors} />
        <Honeypot />

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-semibold">The home</legend>
          {application.listings.length ? (
            <div className="flex flex-col gap-2" role="radiogroup" aria-labelledby="home-label" aria-describedby={listing.errors ? listing.errorId : undefined}>
              <p id="home-label" className="text-sm font-medium">
                Which home are you applying for?
              </p>
              {application.listings.map((l, i) => (
                <div key={l.id} className="flex items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary">
                  <input id={i === 0 ? listing.id : `${listing.id}-${i}`} type="radio" name={listing.name} value={l.id} defaultChecked={chosenNow === l.id} className="mt-1 accent-primary" />
                  <label htmlFor={i === 0 ? listing.id : `${listing.id}-${i}`} className="flex flex-col">
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
          <TextControl label="Move-in date you would like" field={state.field('desired_move_in_date')} type="date" className="max-w-xs" />
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-semibold">Who is applying</legend>
          <PersonFields state={state} index={0} />
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-semibold">Applying with you</legend>
          <p className="text-sm text-muted-foreground">
            Everyone 18 or older who will live there applies with you, as a co-applicant; a guarantor signs for the rent without living there. Leave these empty if you apply alone.
          </p>
          {Array.from({ length: OTHER_PEOPLE }, (_, n) => {
            const filled = PERSON_FIELDS.some((name) => state.field(`applicants[${n + 1}].${name}`).value || state.field(`applicants[${n + 1}].${name}`).errors)
            const role = state.field(`applicants[${n + 1}].role`)
            return (
              <details key={n} open={filled || undefined} className="rounded-lg border p-4 [&[open]>summary]:mb-4">
                <summary className="cursor-pointer font-medium">{n === 0 ? 'Add a co-applicant, guarantor or occupant' : 'Add another person'}</summary>
                <div className="flex flex-col gap-4">
                  <Control label="Role" field={role}>
                    {(props) => (
                      <Select {...props} defaultValue={role.value ?? ''}>
                        <option value="">Choose…</option>
                        {OTHER_ROLES.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Control>
                  <PersonFields state={state} index={n + 1} />
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
                <Question key={q.id} question={q} answer={state.field(`answers.${q.id}`)} file={state.field(`files.${q.id}`)} kept={kept[q.id]} failed={failed} />
              ))}
          </fieldset>
        ))}

        {application.asks_credit_check_consent ? (
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                id={consent.id}
                name={consent.name}
                value="on"
                defaultChecked={consent.value === 'on'}
                className="mt-1"
                aria-invalid={consent.errors ? true : undefined}
                aria-describedby={consent.errors ? consent.errorId : undefined}
              />
              <span>
                I consent, for myself and for those applying with me who agreed to it, to {application.company.name} obtaining a credit report to decide on this application.
              </span>
            </label>
            <ErrorList id={consent.errorId} errors={consent.errors} />
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

/**
 * What the page shows of a sent form that came back: each field's value and errors, by the names
 * the API gives its errors (`applicants[1].email`, `answers.{question id}`). Read straight from
 * the action's reply, without a client-side form library: the page is a plain HTML form first,
 * and a long one.
 */
function formState(result: { status?: string; initialValue?: unknown; error?: Record<string, string[] | null> | null } | undefined) {
  const values = new Map<string, string>()
  const walk = (value: unknown, name: string) => {
    if (typeof value === 'string') values.set(name, value)
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${name}[${i}]`))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k)
  }
  walk(result?.initialValue, '')
  const errors = Object.fromEntries(Object.entries(result?.error ?? {}).filter((e): e is [string, string[]] => Boolean(e[1]?.length)))
  const field = (name: string): FieldState => ({ name, id: `${FORM_ID}-${name}`, errorId: `${FORM_ID}-${name}-error`, value: values.get(name), errors: errors[name] })
  return {
    field,
    formErrors: errors[''] ?? [],
    fieldErrors: Object.fromEntries(Object.entries(errors).flatMap(([name, messages]) => (name ? [[`${FORM_ID}-${name}`, messages]] : []))),
  }
}

type FieldState = { name: string; id: string; errorId: string; value: string | undefined; errors: string[] | undefined }
type FormState = ReturnType<typeof formState>

/** A field of the page laid out as every form's (`Labelled`): its control given the ids, name and state that tie it to its label, help and errors. */
function Control({ label, field, help, className, children }: { label: string; field: FieldState; help?: string; className?: string; children: (props: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode }) {
  return (
    <Labelled
      label={label}
      help={help}
      meta={field}
      className={className}
      control={(describedBy) => children({ id: field.id, name: field.name, 'aria-invalid': field.errors ? true : undefined, 'aria-describedby': describedBy })}
    />
  )
}

function TextControl({ label, field, help, className, type = 'text', ...props }: { label: string; field: FieldState; help?: string; className?: string; type?: 'text' | 'email' | 'tel' | 'date' } & Pick<React.InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'required'>) {
  return (
    <Control label={label} field={field} help={help} className={className}>
      {(ids) => <Input {...ids} {...props} type={type} defaultValue={field.value ?? ''} />}
    </Control>
  )
}

/** A person's name, how to reach them, and what they earn. */
function PersonFields({ state, index }: { state: FormState; index: number }) {
  const applicant = index === 0
  const f = (name: string) => state.field(`applicants[${index}].${name}`)
  const auto = (token: string) => (applicant ? token : 'off')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextControl label="First name" field={f('first_name')} autoComplete={auto('given-name')} required={applicant} />
      <TextControl label="Last name" field={f('last_name')} autoComplete={auto('family-name')} required={applicant} />
      <TextControl label="E-mail" field={f('email')} type="email" autoComplete={auto('email')} required={applicant} help={applicant ? 'Your receipt goes here' : 'Needed unless an occupant: they sign the lease'} />
      <TextControl label="Phone" field={f('phone')} type="tel" autoComplete={auto('tel')} help="Optional" />
      <TextControl label="Monthly income" field={f('monthly_income')} inputMode="decimal" help="Before tax, like 4250.00" />
      <TextControl label="Employer" field={f('employer')} autoComplete={auto('organization')} />
    </div>
  )
}

/** One of the form's questions, as its kind is answered: text, a choice, a date, an amount, a file, yes or no. */
function Question({ question: q, answer, file, kept, failed }: { question: PublicForm['questions'][number]; answer: FieldState; file: FieldState; kept: KeptFiles[string] | undefined; failed: boolean }) {
  const label = `${q.label}${q.required ? '' : ' (optional)'}`
  const help = q.help ?? undefined
  if (q.kind === 'LONG_TEXT') {
    return (
      <Control label={label} field={answer} help={help}>
        {(ids) => (
          <textarea
            {...ids}
            rows={4}
            defaultValue={answer.value ?? ''}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-[invalid=true]:border-destructive"
          />
        )}
      </Control>
    )
  }
  if (q.kind === 'DATE') return <TextControl label={label} field={answer} type="date" help={help} className="max-w-xs" />
  if (q.kind === 'MONEY') return <TextControl label={label} field={answer} inputMode="decimal" help={help ?? 'An amount, like 4250.00'} className="max-w-xs" />
  if (q.kind === 'TEXT') return <TextControl label={label} field={answer} help={help} />
  if (q.kind === 'FILE') {
    // The API names a file's error by its question's answer. A browser cannot be given back a chosen
    // file: one the API kept from the refused try is claimed by its token instead.
    const shown = { ...file, errors: answer.errors ?? file.errors, errorId: answer.errorId }
    const note = kept ? `${kept.name} is attached. Choose another file only to replace it.` : failed ? 'Choose the file again.' : null
    return (
      <Control label={label} field={shown} help={[help, note].filter(Boolean).join(' ') || undefined}>
        {(ids) => (
          <>
            {kept ? <input type="hidden" name={`kept.${q.id}`} value={kept.token} /> : null}
            <input {...ids} type="file" accept={FILE_TYPES} className="text-sm file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-1.5" />
          </>
        )}
      </Control>
    )
  }
  const options = q.kind === 'YES_NO' ? [{ value: 'YES', label: 'Yes' }, { value: 'NO', label: 'No' }] : q.choices.map((c) => ({ value: c, label: c }))
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={answer.errors ? answer.errorId : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      {help ? <p className="text-xs text-muted-foreground">{help}</p> : null}
      <div className={q.kind === 'YES_NO' ? 'flex gap-6' : 'flex flex-col gap-2'}>
        {options.map((o, i) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            {/* The first choice carries the question's id: the error summary's link lands on it. */}
            <input type="radio" id={i === 0 ? answer.id : undefined} name={answer.name} value={o.value} defaultChecked={answer.value === o.value} className="accent-primary" />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={answer.errorId} errors={answer.errors} />
    </fieldset>
  )
}
