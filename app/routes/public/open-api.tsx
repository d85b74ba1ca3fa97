import { Link } from 'react-router'
import { PageIntro, PublicPage, Section } from '~/components/marketing'
import { apiReference, type BodyView, type FieldView, type OpenApiDocument, type OperationView, type TypePart } from '~/marketing/openapi'
import { publicMeta } from '~/marketing/meta'
import { callApi, readBody } from '~/utils/api-client.server'
import { cn } from '~/utils/misc'
import type { Route } from './+types/open-api'

export const meta: Route.MetaFunction = (args) =>
  publicMeta(args, {
    title: 'Open API',
    description:
      'The Lintel REST API: authentication with API keys and tokens, every endpoint by area with its parameters, request and response schemas, and the error format. Generated from the running code.',
  })

export async function loader({ request, url }: Route.LoaderArgs) {
  const params = url.searchParams
  const search = params.get('q')?.trim().slice(0, 100) ?? ''
  const area = search ? '' : (params.get('area') ?? '')
  // The document the API serves right now, so this page cannot fall behind the code.
  const doc = await readBody<OpenApiDocument>(await callApi('openapi.json', { request }))
  return { search, area, reference: apiReference(doc, { search, area }) }
}

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-[0.9em] text-foreground'

const METHOD_TONES: Record<string, string> = {
  GET: 'bg-green-50 text-green-900 border-green-700',
  POST: 'bg-blue-50 text-blue-900 border-blue-700',
  PUT: 'bg-amber-50 text-amber-900 border-amber-700',
  PATCH: 'bg-amber-50 text-amber-900 border-amber-700',
  DELETE: 'bg-red-50 text-red-900 border-red-700',
}

/** Descriptions in the document mark code with backticks, as Markdown does. */
function Prose({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((piece, i) => (i % 2 ? <code key={i} className={code}>{piece}</code> : piece))
}

/** A type; named schemas link to their description under Schemas. */
function Type({ parts }: { parts: TypePart[] }) {
  return (
    <span className="font-mono text-sm">
      {parts.map((part, i) =>
        'schema' in part ? (
          <a key={i} href={`#${part.anchor}`} className="text-primary underline">
            {part.schema}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  )
}

/** Fields as a list rather than a table, so nothing scrolls sideways on a phone; nested fields carry their parent's name. */
function Fields({ fields, prefix = '' }: { fields: FieldView[]; prefix?: string }) {
  return (
    <ul className="flex flex-col divide-y rounded-md border">
      {fields.map((field) => (
        <li key={field.name} className="flex flex-col gap-1 px-3 py-2">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <code className="font-mono text-sm font-semibold break-all">
              {prefix}
              {field.name}
            </code>
            <Type parts={field.type} />
            {field.required ? <span className="text-xs font-semibold text-red-800">required</span> : null}
          </div>
          {field.description ? (
            <p className="text-sm text-muted-foreground">
              <Prose text={field.description} />
            </p>
          ) : null}
          {field.constraints.length ? <p className="text-xs text-muted-foreground">{field.constraints.join(' · ')}</p> : null}
          {field.fields ? <Fields fields={field.fields} prefix={`${prefix}${field.name}.`} /> : null}
        </li>
      ))}
    </ul>
  )
}

function Body({ body }: { body: BodyView }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        <code className={code}>{body.contentType}</code> <Type parts={body.type} />
      </p>
      {body.fields ? <Fields fields={body.fields} /> : null}
    </div>
  )
}

function Method({ method }: { method: string }) {
  return <span className={cn('rounded border px-2 py-0.5 font-mono text-xs font-bold', METHOD_TONES[method])}>{method}</span>
}

function Operation({ operation }: { operation: OperationView }) {
  return (
    <article id={operation.id} aria-labelledby={`${operation.id}-title`} className="flex scroll-mt-4 flex-col gap-4 rounded-lg border p-4 md:p-6">
      <h4 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-3">
        <Method method={operation.method} />
        <code className="font-mono text-base font-semibold break-all">{operation.path}</code>
      </h4>
      <div className="flex flex-col gap-1">
        <p className="font-medium">{operation.summary}</p>
        {operation.description ? (
          <p className="text-sm text-muted-foreground">
            <Prose text={operation.description} />
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">{operation.signedIn ? 'Needs a bearer token: an access token or an API key.' : 'No sign-in needed.'}</p>
      </div>
      {operation.parameters.length ? (
        <div className="flex flex-col gap-2">
          <h5 className="text-sm font-semibold">Parameters</h5>
          <Fields fields={operation.parameters.map((p) => ({ ...p, constraints: [`in ${p.location}`, ...p.constraints] }))} />
        </div>
      ) : null}
      {operation.requestBody ? (
        <div className="flex flex-col gap-2">
          <h5 className="text-sm font-semibold">Request body</h5>
          <Body body={operation.requestBody} />
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <h5 className="text-sm font-semibold">Responses</h5>
        <ul className="flex flex-col gap-3">
          {operation.responses.map((response) => (
            <li key={response.status} className="flex flex-col gap-2">
              <p className="text-sm">
                <span className="font-mono font-semibold">{response.status}</span> <Prose text={response.description} />
                {response.status.startsWith('2') ? null : (
                  <>
                    {' '}
                    (
                    <a href="#errors" className="text-primary underline">
                      error format
                    </a>
                    )
                  </>
                )}
              </p>
              {response.body ? (
                <div className="pl-4">
                  <Body body={response.body} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </article>
  )
}

export default function OpenApi({ loaderData: { reference, search, area } }: Route.ComponentProps) {
  const matched = reference.shown.reduce((n, tag) => n + tag.operations.length, 0)
  return (
    <PublicPage className="gap-12">
      <PageIntro
        eyebrow={`${reference.title} · version ${reference.version} · OpenAPI 3.1`}
        title="The Lintel API"
        lead="Everything the Lintel app does goes through this REST API, so your own tools can do it too. This page is generated from the API’s own OpenAPI document, as the running server describes itself."
      >
        <p>
          <a href="/api/openapi.json" download="lintel-openapi.json" className="font-medium text-primary underline">
            Download the OpenAPI document (JSON)
          </a>
        </p>
      </PageIntro>

      <Section title="Authentication" id="authentication">
        <div className="flex max-w-3xl flex-col gap-3 text-muted-foreground">
          <p>
            Send a bearer token in the <code className={code}>Authorization</code> header of every call that needs one. There are two kinds:
          </p>
          <ul className="flex list-disc flex-col gap-2 pl-5">
            <li>
              <strong className="text-foreground">API keys</strong>, for your scripts and integrations. A property manager creates one under API keys in
              the staff area; it starts with <code className={code}>lk_</code>, is shown once, and acts with that manager’s permissions until it is
              revoked.
            </li>
            <li>
              <strong className="text-foreground">Access tokens</strong>, for apps that sign people in. <code className={code}>POST /api/login/</code>{' '}
              answers with an access token, valid 15 minutes, and a refresh token, valid 30 days, which{' '}
              <code className={code}>POST /api/token/refresh/</code> exchanges for a new pair; a refresh token works once.
            </li>
          </ul>
          <pre className="rounded-md bg-slate-900 p-4 text-sm break-all whitespace-pre-wrap text-slate-100">
            <code>{`curl https://your-lintel.example/api/residents/?search=smith \\
  -H "Authorization: Bearer lk_…"`}</code>
          </pre>
          <p>
            Send and receive JSON (files as <code className={code}>multipart/form-data</code>). Every path answers with and without its trailing slash.
            Amounts are decimal strings with two places, such as <code className={code}>"1250.00"</code>; dates are{' '}
            <code className={code}>YYYY-MM-DD</code>. Lists take <code className={code}>page</code> and <code className={code}>page_size</code> and answer{' '}
            <code className={code}>count</code>, <code className={code}>next</code>, <code className={code}>previous</code> and{' '}
            <code className={code}>results</code>. A signed-in write may carry an <code className={code}>Idempotency-Key</code> header; repeating it (with a
            refreshed token or an API key of the same user) gets the first answer without acting again, and the same key on a different request
            answers 422. Sign-in, token and password calls take no key: their answers are never kept.
          </p>
        </div>
      </Section>

      <Section title="Errors" id="errors">
        <div className="flex max-w-3xl flex-col gap-3 text-muted-foreground">
          <p>Every error is JSON with a sentence for people and, for bad input, a list of messages for each field, so nothing is changed:</p>
          <pre className="rounded-md bg-slate-900 p-4 text-sm break-all whitespace-pre-wrap text-slate-100">
            <code>{`HTTP/1.1 400 Bad Request
{
  "detail": "Please correct the highlighted fields: email.",
  "errors": { "email": ["Enter a valid e-mail address."] }
}`}</code>
          </pre>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            <li>
              <strong className="text-foreground">400</strong> invalid input; <code className={code}>errors</code> names each field
            </li>
            <li>
              <strong className="text-foreground">401</strong> missing, expired or invalid credentials
            </li>
            <li>
              <strong className="text-foreground">403</strong> signed in, but not allowed to do this
            </li>
            <li>
              <strong className="text-foreground">404</strong> no such record in your company (another company’s records answer the same)
            </li>
            <li>
              <strong className="text-foreground">409</strong> conflicts with the record’s current state
            </li>
            <li>
              <strong className="text-foreground">429</strong> too many attempts; the detail says how long to wait
            </li>
            <li>
              <strong className="text-foreground">500</strong> something went wrong on our side; try again
            </li>
          </ul>
        </div>
      </Section>

      <Section title="Endpoints" id="endpoints">
        <form method="get" action="/open-api/#endpoints" role="search" className="flex max-w-xl flex-col gap-2">
          <label htmlFor="q" className="text-sm font-medium">
            Search endpoints
          </label>
          <div className="flex gap-3">
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={search}
              placeholder="e.g. residents, POST, import"
              className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            />
            <button type="submit" className="rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90">
              Search
            </button>
          </div>
        </form>
        <p role="status" className="text-sm text-muted-foreground">
          {search ? (
            <>
              {matched} {matched === 1 ? 'endpoint matches' : 'endpoints match'} “{search}”.{' '}
            </>
          ) : (
            `${reference.operationCount} endpoints in ${reference.tags.length} areas. Choose an area to read its endpoints in full, or search them all.`
          )}
          {search || area ? (
            <Link to="/open-api/#endpoints" className="text-primary underline">
              Every endpoint
            </Link>
          ) : null}
        </p>
        <nav aria-label="API areas">
          <ul className="flex flex-wrap gap-2">
            {reference.tags.map((tag) => (
              <li key={tag.slug}>
                <a
                  href={`/open-api/?area=${tag.slug}#endpoints`}
                  aria-current={tag.slug === area ? 'page' : undefined}
                  className="inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent aria-[current=page]:border-primary aria-[current=page]:font-semibold aria-[current=page]:text-primary"
                >
                  {tag.name} ({tag.operations.length})
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {search || area ? (
          reference.shown.map((tag) => (
            <section key={tag.slug} aria-label={`${tag.name} endpoints`} className="flex flex-col gap-4">
              <h3 className="text-xl font-bold">{tag.name}</h3>
              {tag.operations.map((operation) => (
                <Operation key={operation.id} operation={operation} />
              ))}
            </section>
          ))
        ) : (
          <div className="flex flex-col gap-8">
            {reference.tags.map((tag) => (
              <section key={tag.slug} aria-label={`${tag.name} endpoints`} className="flex flex-col gap-3">
                <h3 className="text-xl font-bold">
                  <a href={`/open-api/?area=${tag.slug}#endpoints`} className="text-primary underline-offset-4 hover:underline">
                    {tag.name}
                  </a>
                </h3>
                <ul className="flex flex-col divide-y rounded-md border">
                  {tag.operations.map((operation) => (
                    <li key={operation.id}>
                      <a href={`/open-api/?area=${tag.slug}#${operation.id}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2 hover:bg-accent">
                        <Method method={operation.method} />
                        <code className="font-mono text-sm font-semibold break-all">{operation.path}</code>
                        <span className="text-sm text-muted-foreground">{operation.summary}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        {area && !reference.shown.length ? <p>There is no area “{area}”.</p> : null}
      </Section>

      {reference.schemas.length ? (
        <Section title="Schemas" id="schemas">
          <div className="flex flex-col gap-6">
            {reference.schemas.map((schema) => (
              <section key={schema.name} id={schema.anchor} aria-labelledby={`${schema.anchor}-heading`} className="flex scroll-mt-4 flex-col gap-2">
                <h3 id={`${schema.anchor}-heading`} className="font-mono text-lg font-semibold">
                  {schema.name}
                </h3>
                {schema.fields ? <Fields fields={schema.fields} /> : <Type parts={schema.type} />}
              </section>
            ))}
          </div>
        </Section>
      ) : null}
    </PublicPage>
  )
}
