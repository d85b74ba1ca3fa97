import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { parseWithZod } from '@conform-to/zod/v4'
import { and, asc, eq } from 'drizzle-orm'
import { HONEYPOT_FIELD } from '~/components/honeypot'
import { rentalApplicationQuestions } from '~/db/schema'
import { choicesOf, isBlankPerson, MAX_OTHER_APPLICANTS, peopleErrors } from '~/domain/leasing/applications'
import { formatMoney, parseMoney } from '~/domain/money'
import { ApplicationRefused, keepFilesOfRefused, publicForm, submitApplication, type FileAnswer } from '~/leasing/applications.server'
import { reference } from '~/resources/engine/fields'
import { unknownReferences } from '~/resources/engine/references.server'
import { DOCUMENT_UPLOADS, readUpload } from '../attachments/uploads'
import { createRouter } from '../create-app'
import { ApiError, badRequest, fieldErrorsFrom, notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { clientIp, rateLimiter } from '../middleware/rate-limit'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { ListQuery, page, pageOf } from '../pagination'
import { publicOrigin } from '../origin'
import { tenant } from '../tenant'

/*
 * Rental applications beyond their definitions (app/resources/applications.ts): a form's choices
 * as records (SPEC.md §7 GET rental-application-question-choices/), and what the public reads and
 * sends without signing in: a form with the listings it is for (GET
 * rental-application-form-listings/{slug}/) and an application (POST apply/{slug}/, with files).
 */

const tags = ['Leasing']

export const router = createRouter()

/* ---------- Choices ---------- */

const Choice = z
  .object({
    id: z.string().openapi({ description: 'The question’s id and the choice’s place: `{question_id}:{position}`' }),
    question_id: z.uuid(),
    form_id: z.uuid(),
    position: z.number().int(),
    label: z.string(),
  })
  .openapi('RentalApplicationQuestionChoice')

const ChoiceQuery = ListQuery.pick({ page: true, page_size: true }).extend({
  question_id: z.uuid({ error: 'Question must be an id.' }).optional(),
  form_id: z.uuid({ error: 'Form must be an id.' }).optional(),
})

const QUESTION = reference('Question', 'rental-application-questions')
const FORM = reference('Form', 'rental-application-forms')

router.openapi(
  createRoute({
    method: 'get',
    path: '/rental-application-question-choices',
    tags,
    summary: 'The choices of your forms’ choice questions, in order: written on their form, one a line',
    ...signedIn(requireStaff('leasing')),
    request: { query: ChoiceQuery },
    responses: { 200: jsonResponse(pageOf(Choice, 'RentalApplicationQuestionChoicePage'), 'By form, question and place'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const query = c.req.valid('query')
    const unknown = await unknownReferences(t.db, t.companyId, [
      { name: 'question_id', field: QUESTION, id: query.question_id },
      { name: 'form_id', field: FORM, id: query.form_id },
    ])
    if (Object.keys(unknown).length) throw badRequest(Object.values(unknown)[0]![0]!, unknown)
    const questions = await t.db
      .select({ id: rentalApplicationQuestions.id, formId: rentalApplicationQuestions.formId, choices: rentalApplicationQuestions.choices })
      .from(rentalApplicationQuestions)
      .where(
        and(
          eq(rentalApplicationQuestions.companyId, t.companyId),
          eq(rentalApplicationQuestions.kind, 'CHOICE'),
          query.question_id ? eq(rentalApplicationQuestions.id, query.question_id) : undefined,
          query.form_id ? eq(rentalApplicationQuestions.formId, query.form_id) : undefined,
        ),
      )
      .orderBy(asc(rentalApplicationQuestions.formId), asc(rentalApplicationQuestions.position))
    const all = questions.flatMap((q) => choicesOf(q.choices).map((label, i) => ({ id: `${q.id}:${i + 1}`, question_id: q.id, form_id: q.formId, position: i + 1, label })))
    const from = (query.page - 1) * query.page_size
    return c.json(page(c, { ...query, ordering: undefined, search: undefined }, all.length, all.slice(from, from + query.page_size)), 200)
  },
)

/* ---------- The public form ---------- */

export const PublicApplicationForm = z
  .object({
    slug: z.string(),
    name: z.string(),
    introduction: z.string().nullable(),
    application_fee: z.string().nullable(),
    asks_credit_check_consent: z.boolean(),
    questions: z.array(
      z.object({
        id: z.uuid(),
        section: z.string(),
        label: z.string(),
        kind: z.enum(['TEXT', 'LONG_TEXT', 'CHOICE', 'DATE', 'MONEY', 'FILE', 'YES_NO']),
        required: z.boolean(),
        choices: z.array(z.string()),
        help: z.string().nullable(),
      }),
    ),
    listings: z.array(z.object({ id: z.uuid(), title: z.string(), rent: z.string(), available_on: z.string().nullable() })).openapi({ description: 'The published listings it is for; one is chosen when applying' }),
    company: z.object({ name: z.string(), slug: z.string(), email: z.string().nullable(), currency: z.string() }),
    max_other_applicants: z.number().int(),
  })
  .openapi('PublicRentalApplicationForm')

router.openapi(
  createRoute({
    method: 'get',
    path: '/rental-application-form-listings/{slug}',
    tags,
    summary: 'An application form as applicants see it, with the published listings it is for (no sign-in needed)',
    request: { params: z.object({ slug: z.string() }) },
    responses: { 200: jsonResponse(PublicApplicationForm, 'The form'), ...errorResponses(404) },
  }),
  async (c) => {
    const found = await publicForm(c.req.valid('param').slug)
    if (!found) throw notFound('No such application form. It may have been closed.')
    const { form, questions, listings, company } = found
    return c.json(
      {
        slug: form.slug!,
        name: form.name,
        introduction: form.introduction,
        application_fee: form.applicationFee === null ? null : formatMoney(form.applicationFee),
        asks_credit_check_consent: form.asksCreditCheckConsent,
        questions: questions.map((q) => ({ id: q.id, section: q.section, label: q.label, kind: q.kind as 'TEXT', required: q.required, choices: choicesOf(q.choices), help: q.help })),
        listings: listings.map((l) => ({ id: l.id, title: l.title, rent: formatMoney(l.rent), available_on: l.availableOn })),
        company,
        max_other_applicants: MAX_OTHER_APPLICANTS,
      },
      200,
    )
  },
)

/* ---------- Applying ---------- */

const Person = z.object({
  role: z.enum(['APPLICANT', 'CO_APPLICANT', 'GUARANTOR', 'OCCUPANT'], { error: 'Choose a role: co-applicant, guarantor or occupant.' }).optional(),
  first_name: z.string().trim().max(100, 'First name: at most 100 characters.').optional(),
  last_name: z.string().trim().max(100, 'Last name: at most 100 characters.').optional(),
  email: z.string().trim().email('Enter a valid e-mail address.').max(254).optional(),
  phone: z.string().trim().max(40, 'Phone: at most 40 characters.').optional(),
  monthly_income: z.string().trim().regex(/^\$?\s*[\d,]{1,12}(\.\d{1,2})?$/, 'Monthly income: an amount like 4250.00.').optional(),
  employer: z.string().trim().max(200, 'Employer: at most 200 characters.').optional(),
})

const CONSENT = 'Tick the box to consent to a credit check: this form asks for it.'

/**
 * What the public application sends (the page's form; API clients send the same as JSON or, with
 * files, as multipart fields named alike: `applicants[1].email`, `answers.{question id}`,
 * `files.{question id}`). Checked here for form; who must be named and reachable is checked with
 * the answers (`peopleErrors`), so an applicant hears of everything wrong at once.
 */
export const ApplicationInput = z
  .object({
    listing_id: z.uuid({ error: 'Choose the home you are applying for.' }).optional(),
    desired_move_in_date: z.iso.date({ error: 'Move-in date: a date like 2031-05-01.' }).optional(),
    applicants: z
      .array(Person.optional())
      .max(1 + MAX_OTHER_APPLICANTS, `At most ${MAX_OTHER_APPLICANTS} people beside the applicant.`)
      .optional()
      .default([]),
    answers: z.record(z.string(), z.string().max(5000, 'At most 5000 characters.')).optional().default({}),
    kept: z
      .record(z.string(), z.string().max(100))
      .optional()
      .default({})
      .openapi({ description: 'By question id: the token of a file kept from a try refused for something else (`kept_files` of that 400 answer), instead of sending the file again' }),
    credit_check_consent: z.boolean({ error: CONSENT }).optional(),
    [HONEYPOT_FIELD]: z.string().optional().openapi({ description: 'Leave out or empty. Forms hide it from people; a request that fills it is answered as usual and not kept.' }),
  })
  .openapi('RentalApplicationInput')

/** A question no new file came for is answered by the token of a file kept from a refused try, if one was sent. */
function claimKept(files: Record<string, FileAnswer>, kept: Record<string, unknown> | undefined) {
  for (const [questionId, token] of Object.entries(kept ?? {})) if (!files[questionId] && typeof token === 'string' && token) files[questionId] = { kept: token }
}

export const APPLICATION_RECEIVED = 'Your application is in: a receipt is on its way to your e-mail.'

const MB = 1024 * 1024
/** The most one application sends, files and all. */
const APPLICATION_BODY_LIMIT = 60 * MB

// One household applies for a few homes; more than ten in an hour from one address is a script.
const applicationsPerIp = rateLimiter('application-ip', 10, 60 * 60)

const Refused = z
  .object({
    detail: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    kept_files: z.record(z.string(), z.object({ token: z.string(), name: z.string() })).optional().openapi({ description: 'By question id: a file sent with this try, kept for a day; send its token as `kept.{question id}` instead of the file' }),
  })
  .openapi('RentalApplicationRefused')

const Received = z.object({ detail: z.string(), reference: z.string().nullable() }).openapi('RentalApplicationReceived')

router.openapi(
  createRoute({
    method: 'post',
    path: '/apply/{slug}',
    tags,
    // Refused before it is read: files are checked one by one (25 MB each), and together they stop here.
    middleware: [
      bodyLimit({
        maxSize: APPLICATION_BODY_LIMIT,
        onError: () => {
          throw badRequest(`The files sent together are larger than ${APPLICATION_BODY_LIMIT / MB} MB: send fewer or smaller ones.`)
        },
      }),
    ],
    summary: 'Apply to rent, on a company’s application form (no sign-in needed)',
    description:
      'JSON, or multipart/form-data when files come with it (fields named `applicants[0].first_name`, `answers.{question id}`, `files.{question id}`). Files: at most 25 MB each and 60 MB in all, PDF, images or office documents, recognised by their contents. Limited to 10 applications an hour from one address.',
    request: {
      params: z.object({ slug: z.string() }),
      body: {
        content: {
          'application/json': { schema: ApplicationInput.strict() },
          // Read and checked by the handler (nested names and files, as the page's form sends them).
          'multipart/form-data': { schema: z.record(z.string(), z.any()).openapi({ description: 'The JSON body’s fields, flat (`applicants[1].email`, `answers.{question id}`), and files as `files.{question id}`' }) },
        },
        required: true,
      },
    },
    responses: {
      201: jsonResponse(Received, 'Received; the applicants are e-mailed a receipt'),
      ...errorResponses(400, 404, 429),
      400: jsonResponse(Refused, 'Refused by field (nothing kept but its good files, for the next try: `kept_files`)'),
    },
  }),
  async (c) => {
    const ip = clientIp(c)
    await applicationsPerIp.check(ip)
    const slug = c.req.valid('param').slug
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data')
    const formData = multipart ? await c.req.formData() : null
    const files: Record<string, FileAnswer> = {}
    for (const [key, value] of formData?.entries() ?? []) {
      if (!key.startsWith('files.') || !(value instanceof File) || (value.size === 0 && !value.name)) continue
      const questionId = key.slice('files.'.length)
      try {
        files[questionId] = { upload: await readUpload(value, DOCUMENT_UPLOADS, `answers.${questionId}`) }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        files[questionId] = { error: error.message }
      }
    }
    let body: z.output<typeof ApplicationInput>
    if (formData) {
      const parsed = parseWithZod(formData, { schema: ApplicationInput })
      if (parsed.status !== 'success') {
        const errors = Object.fromEntries(Object.entries(parsed.error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].length > 0))
        // As sent, before the schema: the kept files' tokens, and the field people never see.
        const sent = (parsed.payload ?? {}) as { kept?: Record<string, unknown>; [HONEYPOT_FIELD]?: unknown }
        claimKept(files, sent.kept)
        // Malformed fields: refused before the answers are read, its files kept for the next try all the same.
        const kept = sent[HONEYPOT_FIELD] ? {} : await keepFilesOfRefused(slug, files)
        return c.json({ detail: `Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors, kept_files: kept }, 400)
      }
      body = parsed.value
    } else {
      const result = ApplicationInput.strict().safeParse(await c.req.json().catch(() => null))
      if (!result.success) {
        const errors = fieldErrorsFrom(result.error)
        throw badRequest(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
      }
      body = result.data
    }
    if (body[HONEYPOT_FIELD]) {
      await applicationsPerIp.add(ip)
      return c.json({ detail: APPLICATION_RECEIVED, reference: null }, 201)
    }
    claimKept(files, body.kept)
    const people = body.applicants.flatMap((p, i) => (i === 0 || !isBlankPerson(p) ? [{ ...p, place: i, role: i === 0 ? ('APPLICANT' as const) : p!.role! }] : []))
    let made: Awaited<ReturnType<typeof submitApplication>>
    try {
      made = await submitApplication({
        slug,
        listingId: body.listing_id ?? null,
        desiredMoveInDate: body.desired_move_in_date ?? null,
        applicants: people.map((p) => ({
          place: p.place,
          role: p.role,
          firstName: p.first_name ?? '',
          lastName: p.last_name ?? '',
          email: p.email ?? null,
          phone: p.phone ?? null,
          monthlyIncome: p.monthly_income ? parseMoney(p.monthly_income.replace(/[$,\s]/g, '')) : null,
          employer: p.employer ?? null,
        })),
        answers: body.answers,
        errors: peopleErrors(body.applicants),
        files,
        creditCheckConsent: body.credit_check_consent === true,
        ipAddress: ip === 'unknown' ? null : ip,
        origin: publicOrigin(c),
      })
    } catch (error) {
      // Refused by field: its good files are kept for the next try, and said how to claim them.
      if (error instanceof ApplicationRefused) return c.json({ detail: error.message, errors: error.errors, kept_files: error.kept }, 400)
      throw error
    }
    await applicationsPerIp.add(ip)
    return c.json({ detail: APPLICATION_RECEIVED, reference: made.reference }, 201)
  },
)
