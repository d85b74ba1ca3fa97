import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import { NO_SUCH_LINK, SignLease, type SigningView } from '~/api/leasing/signing'
import { SignaturePad } from '~/components/signature-pad'
import { Button } from '~/components/ui/button'
import { CheckboxField, ErrorSummary, Field } from '~/components/ui/field'
import type { RouteHandle } from '~/root'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import { reply, replyWithApiError } from '~/utils/forms.server'
import type { Route } from './+types/sign'

/*
 * The page a signer's e-mailed link opens (issue 17 item 7): the lease to read, consent to sign
 * electronically, the full name typed and, with JavaScript, a signature drawn. Made for a phone,
 * and complete without JavaScript (the typed name is then the signature). A link that has signed
 * says when; a canceled request's link says so (410); a link whose turn has not come says whose it is.
 */

// The page opts back into JavaScript (the public pages ship none): only for the box to draw in.
export const handle = { scripts: true } satisfies RouteHandle

const SIGNED = 'signed'

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const response = await callApi(`sign/${encodeURIComponent(params.token)}/`, { request })
  if (response.status === 410) return data({ view: null, gone: (await readBody<ErrorBody>(response)).detail, justSigned: false }, { status: 410 })
  if (!response.ok) throw data({ detail: NO_SUCH_LINK }, { status: 404 })
  return { view: await readBody<Answer<typeof SigningView>>(response), gone: null, justSigned: url.searchParams.has(SIGNED) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: SignLease })
  if (submission.status !== 'success') return reply(submission)
  const page = `/sign/${encodeURIComponent(params.token)}/`
  const response = await callApi(`sign/${encodeURIComponent(params.token)}/`, { method: 'POST', body: submission.value, request })
  // Signed already, canceled, or not their turn: the page itself says what stands now.
  if ([404, 409, 410].includes(response.status)) return redirect(page, 303)
  if (!response.ok) return replyWithApiError(submission, await readBody<ErrorBody>(response), response.status)
  return redirect(`${page}?${SIGNED}`, 303)
}

export const meta: Route.MetaFunction = () => [
  { title: 'Sign your lease | Lintel' },
  { name: 'robots', content: 'noindex, nofollow' },
  // The address carries the signer's secret: no link to another site may pass it on (same-origin
  // keeps the form's Origin, which the server checks on every write).
  { name: 'referrer', content: 'same-origin' },
]

export default function SignPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { view, gone, justSigned } = loaderData
  if (!view) {
    return (
      <Page title="This signing link no longer works">
        <p role="status" className="rounded-lg border border-amber-700 bg-amber-50 p-4 text-amber-950">
          {gone}
        </p>
      </Page>
    )
  }
  return (
    <Page title="Sign your lease">
      <p className="text-muted-foreground">
        Hello {view.signer_name}. <strong className="text-foreground">{view.company_name}</strong> asks you to sign the lease <strong className="text-foreground">{view.lease_label}</strong>. You
        sign it as: {view.role}.
      </p>
      {view.message ? <blockquote className="border-l-4 border-primary/40 pl-3 text-sm">{view.message}</blockquote> : null}
      <a href={`/sign/${encodeURIComponent(params.token)}/document/`} className="inline-flex h-11 items-center justify-center rounded-md border border-input px-4 font-medium underline-offset-4 hover:underline" target="_blank" rel="noreferrer">
        Read the lease (PDF)
      </a>
      <section aria-labelledby="signers-heading" className="flex flex-col gap-2">
        <h2 id="signers-heading" className="text-lg font-semibold">
          Who signs, in order
        </h2>
        <ol className="flex flex-col divide-y rounded-md border">
          {view.signers.map((s, i) => (
            <li key={i} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span>
                {i + 1}. {s.name}
                {s.you ? ' (you)' : ''} <span className="text-muted-foreground">· {s.role}</span>
              </span>
              <span className={s.signed ? 'shrink-0 font-medium text-green-800' : 'shrink-0 text-muted-foreground'}>{s.signed ? 'Signed' : 'Not yet'}</span>
            </li>
          ))}
        </ol>
      </section>
      {justSigned ? (
        <p id={SIGNED} role="status" className="rounded-lg border border-green-700 bg-green-50 p-4 text-green-900">
          Thank you: your signature is recorded.
        </p>
      ) : null}
      {view.state === 'ready' ? (
        <SignForm lastResult={actionData?.result} />
      ) : (
        <p role="status" className="rounded-lg border bg-muted p-4">
          {view.detail}
        </p>
      )}
    </Page>
  )
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  )
}

function SignForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({ id: 'sign', lastResult, shouldValidate: 'onSubmit' })
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border p-4" {...getFormProps(form)}>
      <h2 className="text-lg font-semibold">Your signature</h2>
      <ErrorSummary form={form} />
      <CheckboxField
        label="I agree to sign this lease electronically. My typed name, and my signature if I draw one, sign it as my handwritten signature would."
        meta={fields.consent}
      />
      <Field label="Your full name" meta={fields.typed_name} autoComplete="name" help="As it appears on the lease" required />
      <SignaturePad name={fields.signature_image.name} label="Draw your signature" fallback={<p className="text-sm text-muted-foreground">Your typed name is your signature.</p>} />
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start">
        Sign the lease
      </Button>
    </Form>
  )
}
