import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { companyToday, timeZoneOf } from '~/db/clock.server'
import { formatInstant } from '~/domain/dates'
import { crossCompany, getDb, withCompany, type Executor } from '~/db/client.server'
import { preparedStatement } from '~/db/prepared.server'
import {
  applicationUploads,
  buildings,
  companies,
  documents,
  propertyGroups,
  rentalApplicants,
  rentalApplicationForms,
  rentalApplicationQuestions,
  rentalApplicationSubmissions,
  rentalUnitListings,
  rentalUnits,
  residents,
} from '~/db/schema'
import {
  answerKey,
  answerText,
  APPLICANT_ROLES,
  checkAnswers,
  formSlug,
  LEASE_ROLE_OF,
  questionErrors,
  submissionLabel,
  yearTermEnd,
  type Answer,
  type ApplicantRole,
} from '~/domain/leasing/applications'
import { conflict, DomainError, invalid, notFound } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { optionLabel } from '~/resources/engine/fields'
import { resourceNamed } from '~/resources/index'
import { randomToken, sha256 } from '~/utils/crypto.server'
import { fileStore, storeFile } from '~/utils/file-store.server'
import { keptLookups } from '~/utils/kept-lookups.server'
import { sendEmail } from '~/utils/mailer.server'

type Row = Record<string, unknown>

/*
 * Rental application forms' services (issue 17 item 2): what the definition of
 * ~/resources/applications runs in its record's transaction.
 */

/**
 * A form as it will be stored: its public address given (lowercase letters, digits and hyphens) or
 * made from the company's and the form's names, and taken by no other form of any company; its
 * questions whole (`questionErrors`).
 */
export async function checkForm(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined) {
  const errors: Record<string, string[]> = lines ? questionErrors(lines) : {}
  let slug = String(values.slug ?? '').trim().toLowerCase()
  if (!slug) {
    const [company] = await tx.select({ slug: companies.slug }).from(companies).where(eq(companies.id, companyId))
    slug = formSlug(company?.slug ?? 'company', String(values.name ?? ''))
  }
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) errors.slug = ['Use lowercase letters, digits and single hyphens.']
  else {
    // Another company's forms are not this company's to see: the addresses are public, so it is asked as the tables' owner.
    const [taken] = await crossCompany(() =>
      getDb()
        .select({ id: rentalApplicationForms.id })
        .from(rentalApplicationForms)
        .where(and(eq(rentalApplicationForms.slug, slug), id ? ne(rentalApplicationForms.id, id) : undefined)),
    )
    if (taken) errors.slug = [`The address /apply/${slug}/ is taken; choose another.`]
  }
  values.slug = slug
  return Object.keys(errors).length ? errors : undefined
}

/* ---------- Applications (issue 17 items 3–4) ---------- */

/** The active form at a public address, as its company: with the placeholders `companyId` and `slug`. */
const activeForm = () =>
  and(eq(rentalApplicationForms.companyId, sql.placeholder('companyId')), eq(rentalApplicationForms.slug, sql.placeholder('slug')), eq(rentalApplicationForms.isActive, true))

// What the public form page reads, each built once (drizzle would rebuild the SQL on every view) and sent together.
const formAt = preparedStatement((db) => db.select().from(rentalApplicationForms).where(activeForm()).prepare('public_application_form'))
const questionsAt = preparedStatement((db) =>
  db
    .select({ question: rentalApplicationQuestions })
    .from(rentalApplicationQuestions)
    .innerJoin(rentalApplicationForms, eq(rentalApplicationForms.id, rentalApplicationQuestions.formId))
    .where(activeForm())
    .orderBy(asc(rentalApplicationQuestions.position))
    .prepare('public_application_questions'),
)
const listingsAt = preparedStatement((db) =>
  db
    .select({ id: rentalUnitListings.id, title: rentalUnitListings.title, rent: rentalUnitListings.rent, availableOn: rentalUnitListings.availableOn })
    .from(rentalUnitListings)
    .innerJoin(rentalApplicationForms, eq(rentalApplicationForms.id, rentalUnitListings.applicationFormId))
    .where(and(activeForm(), eq(rentalUnitListings.status, 'PUBLISHED')))
    .orderBy(asc(rentalUnitListings.availableOn), asc(rentalUnitListings.title))
    .prepare('public_application_listings'),
)
const companyOfPage = preparedStatement((db) =>
  db
    .select({ name: companies.name, slug: companies.slug, email: companies.email, currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare('public_application_company'),
)

/** A form as the public sees it at /apply/{slug}/: its questions, the company, and the published listings it is for. */
export async function publicForm(slug: string) {
  const companyId = await companyOfForm(slug)
  if (!companyId) return undefined
  const at = { companyId, slug: slug.toLowerCase() }
  return withCompany(
    companyId,
    async () => {
      const [[form], questions, listings, [company]] = await Promise.all([formAt().execute(at), questionsAt().execute(at), listingsAt().execute(at), companyOfPage().execute({ companyId })])
      if (!form || !company) return undefined
      return { companyId, form, questions: questions.map((q) => q.question), listings, company }
    },
    { read: true },
  )
}

/**
 * Which company a form's address is, kept a minute: the form itself (still active, still at this
 * address) is read again each time, as that company, so a stale answer finds no form.
 */
const formCompanies = keptLookups<string>(60_000)

/** The company whose active form has this public address (asked as the tables' owner: addresses are public). */
async function companyOfForm(slug: string) {
  if (!/^[a-z0-9-]{1,80}$/i.test(slug)) return undefined
  const companyId = await formCompanies.get(slug.toLowerCase(), async () => {
    const [row] = await crossCompany(() =>
      getDb()
        .select({ companyId: rentalApplicationForms.companyId })
        .from(rentalApplicationForms)
        .where(and(eq(rentalApplicationForms.slug, slug.toLowerCase()), eq(rentalApplicationForms.isActive, true))),
    )
    return row?.companyId ?? null
  })
  return companyId ?? undefined
}

export type ApplicantInput = { /** Their place on the form, where it differs from their index. */ place?: number; role: ApplicantRole; firstName: string; lastName: string; email: string | null; phone: string | null; monthlyIncome: number | null; employer: string | null }

/**
 * A file answer: the upload, read and checked against the upload rules by the caller; why it was
 * refused; or the token of one sent before with an application refused for something else.
 */
export type FileAnswer = { upload: { bytes: Uint8Array; contentType: string; sha256: string; name: string } } | { error: string } | { kept: string }

/** Files sent with a refused application and kept for the next try, by question: the token that claims each, and its name. */
export type KeptFiles = Record<string, { token: string; name: string }>

/** An application refused by field, with the files it brought kept for the next try (`kept`). */
export class ApplicationRefused extends DomainError {
  constructor(
    errors: Record<string, string[]>,
    readonly kept: KeptFiles,
  ) {
    super('invalid', Object.values(errors)[0]?.[0] ?? 'Please correct the highlighted fields.', errors)
  }
}

/** How long a refused application's files are kept for the next try. */
const KEPT_FOR = '1 day'


export type PublicApplication = {
  slug: string
  listingId: string | null
  desiredMoveInDate: string | null
  applicants: ApplicantInput[]
  answers: Record<string, string | undefined>
  /** What is already found wrong with it (its people, by `applicants[i].field`), told with the rest. */
  errors?: Record<string, string[]>
  files: Record<string, FileAnswer>
  creditCheckConsent: boolean
  ipAddress: string | null
  origin: string | undefined
}

const SUBMISSIONS = 'rental-applications'

/**
 * A public application, whole or not at all: the listing published and on this form, every answer
 * checked, files of the allowed kinds, consent given where the form asks it. Its people become
 * residents of type Applicant (one already known by e-mail is the same person), its files the
 * application's documents; the applicants are e-mailed a receipt and the company told, once it is
 * kept. Refused by field (`answers.{question id}`, `applicants[1].email`, `listing_id`,
 * `credit_check_consent`) with nothing kept.
 */
export async function submitApplication(input: PublicApplication) {
  const found = await publicForm(input.slug)
  if (!found) throw notFound('No such application form. It may have been closed.')
  const { companyId, form, questions, listings, company } = found
  const listing = input.listingId ? listings.find((l) => l.id === input.listingId) : undefined
  if (input.listingId && !listing) throw notFound('No such listing. It may have been let already.')
  const claimed = await claimableUploads(companyId, form.id, input.files)
  const fileIds = new Set(Object.entries(input.files).flatMap(([id, f]) => ('upload' in f || claimed.has(id) ? [id] : [])))
  const { answers, errors: answerErrors } = checkAnswers(questions, input.answers, fileIds)
  const errors = { ...input.errors, ...answerErrors }
  for (const [id, f] of Object.entries(input.files)) {
    if (!questions.some((q) => q.id === id)) continue
    if ('error' in f) errors[answerKey(id)] = [f.error]
    else if ('kept' in f && !claimed.has(id)) errors[answerKey(id)] = ['The file you chose before is no longer kept: choose it again.']
  }
  if (!listing && listings.length) errors.listing_id = ['Choose the home you are applying for.']
  if (form.asksCreditCheckConsent && !input.creditCheckConsent) errors.credit_check_consent = ['Tick the box to consent to a credit check: this form asks for it.']
  const emails = input.applicants.map((a) => a.email?.toLowerCase() ?? null)
  emails.forEach((email, i) => {
    // Blank places are not sent on: a person's index here may be behind their place on the form.
    if (email && emails.indexOf(email) !== i) errors[`applicants[${input.applicants[i]!.place ?? i}].email`] = ['Each person applying needs an e-mail address of their own.']
  })
  if (Object.keys(errors).length) throw new ApplicationRefused(errors, await keptFiles(companyId, form.id, input.files, questions, claimed))

  // The application's files: those sent now, stored here, and those kept from a refused try, stored already.
  const stored: ({ questionId: string; name: string; keptId?: string } & Awaited<ReturnType<typeof storeFile>>)[] = []
  let made: { id: string; label: string }
  try {
    for (const [questionId, f] of Object.entries(input.files)) {
      if (!('upload' in f) || !questions.some((q) => q.id === questionId)) continue
      stored.push({ questionId, name: f.upload.name || 'file', ...(await storeFile(companyId, f.upload)) })
    }
    const kept = [...claimed].map(([questionId, upload]) => ({ questionId, name: upload.name, keptId: upload.id, storageKey: upload.storageKey, contentType: upload.contentType, sizeBytes: upload.sizeBytes, sha256: upload.sha256 }))
    const files = [...stored, ...kept]
    made = await withCompany(companyId, () =>
      getDb().transaction(async (tx) => {
        const people = await applicantResidents(tx, companyId, input.applicants)
        const { createRecord, parseInput } = await import('~/resources/engine/api.server')
        const resource = resourceNamed(SUBMISSIONS)!
        const body = {
          form_id: form.id,
          listing_id: listing?.id,
          desired_move_in_date: input.desiredMoveInDate ?? undefined,
          credit_check_consent: input.creditCheckConsent,
          lines: input.applicants.map((a, i) => ({
            resident_id: people[i]!,
            role: a.role,
            monthly_income: a.monthlyIncome === null ? undefined : formatDecimal(a.monthlyIncome),
            employer: a.employer ?? undefined,
          })),
        }
        const record = await createRecord(tx, companyId, resource, parseInput(resource, body, 'create'))
        const id = String(record.id)
        if (files.length) {
          const documentsMade = await tx
            .insert(documents)
            .values(files.map(({ name, storageKey, contentType, sizeBytes, sha256 }) => ({ companyId, recordType: SUBMISSIONS, recordId: id, name, documentType: 'RENTAL_APPLICATION', contentType, sizeBytes, storageKey, sha256, uploadedBy: null })))
            .returning({ id: documents.id, storageKey: documents.storageKey })
          for (const file of files) {
            const answer = answers.find((a) => a.question_id === file.questionId)
            if (answer) Object.assign(answer, { answer: file.name, document_id: documentsMade.find((d) => d.storageKey === file.storageKey)!.id })
          }
          // A kept file is the application's now: no longer kept for a next try.
          if (kept.length) await tx.delete(applicationUploads).where(and(eq(applicationUploads.companyId, companyId), inArray(applicationUploads.id, kept.map((k) => k.keptId))))
        }
        await tx
          .update(rentalApplicationSubmissions)
          .set({ answers, source: 'PUBLIC', ipAddress: input.ipAddress, submittedAt: new Date() })
          .where(and(eq(rentalApplicationSubmissions.companyId, companyId), eq(rentalApplicationSubmissions.id, id)))
        return { id, label: String(record.label) }
      }),
    )
  } catch (error) {
    // Nothing was kept: neither are its files' bytes.
    for (const file of stored) await fileStore().delete(file.storageKey).catch(() => {})
    throw error
  }
  const reference = made.id.slice(0, 8).toUpperCase()
  const home = listing ? `${listing.title}` : `a home with ${company.name}`
  const primary = input.applicants[0]!
  // The mail is kept among the company's e-mails: sent as the company.
  await withCompany(companyId, async () => {
    for (const applicant of input.applicants) {
      if (!applicant.email) continue
      await sendEmail({
        companyId,
        to: applicant.email,
        subject: `Your application to ${company.name} (${reference})`,
        category: 'rental_application',
        text: [
          `Hello ${applicant.firstName},`,
          '',
          applicant === primary
            ? `${company.name} has your application for ${home}.`
            : `${primary.firstName} ${primary.lastName} has applied for ${home} with ${company.name}, naming you as ${optionLabel(APPLICANT_ROLES, applicant.role).toLowerCase()}.`,
          '',
          `Reference: ${reference}`,
          `People on it: ${input.applicants.map((a) => `${a.firstName} ${a.lastName} (${optionLabel(APPLICANT_ROLES, a.role).toLowerCase()})`).join(', ')}`,
          input.desiredMoveInDate ? `Move-in wanted: ${input.desiredMoveInDate}` : null,
          stored.length + claimed.size ? `Files received: ${[...stored, ...claimed.values()].map((f) => f.name).join(', ')}` : null,
          form.asksCreditCheckConsent ? 'You consented to a credit check.' : null,
          '',
          `${company.name} will write to you once it has been decided.${company.email ? ` Questions: ${company.email}.` : ''}`,
        ]
          .filter((line) => line !== null)
          .join('\n'),
      })
    }
    const staffTo = company.email
    if (staffTo) {
      await sendEmail({
        companyId,
        to: staffTo,
        subject: `New rental application from ${primary.firstName} ${primary.lastName}`,
        category: 'rental_application',
        text: `${primary.firstName} ${primary.lastName} applied for ${home} (${made.label}).\n\n${input.origin ?? ''}/app/rental-applications/${made.id}/`,
      })
    }
  })
  return { id: made.id, reference }
}

/** The files kept from a refused try that this one claims, by question: those whose token is one of this form's, kept within the day. */
async function claimableUploads(companyId: string, formId: string, files: Record<string, FileAnswer>) {
  const tokens = Object.entries(files).flatMap(([questionId, f]) => ('kept' in f ? [[questionId, sha256(f.kept)] as const] : []))
  if (!tokens.length) return new Map<string, typeof applicationUploads.$inferSelect>()
  const rows = await withCompany(
    companyId,
    () =>
      getDb()
        .select()
        .from(applicationUploads)
        .where(
          and(
            eq(applicationUploads.companyId, companyId),
            eq(applicationUploads.formId, formId),
            inArray(applicationUploads.tokenHash, tokens.map(([, hash]) => hash)),
            sql`${applicationUploads.createdAt} >= now() - ${KEPT_FOR}::interval`,
          ),
        ),
    { read: true },
  )
  return new Map(tokens.flatMap(([questionId, hash]) => rows.filter((r) => r.tokenHash === hash).map((r) => [questionId, r] as const)))
}

/** Forgets the files of refused applications no one came back for within the day, bytes and all (the scheduler's, every company's). */
export async function forgetExpiredUploads() {
  const expired = await crossCompany(() =>
    getDb()
      .delete(applicationUploads)
      .where(sql`${applicationUploads.createdAt} < now() - ${KEPT_FOR}::interval`)
      .returning({ storageKey: applicationUploads.storageKey }),
  )
  for (const file of expired) await fileStore().delete(file.storageKey).catch(() => {})
  return { forgotten: expired.length }
}

/**
 * What a refused application's files become for the next try: those it claimed stay kept under
 * their tokens, and its new good ones are kept (`keepUploads`).
 */
async function keptFiles(companyId: string, formId: string, files: Record<string, FileAnswer>, questions: readonly { id: string }[], claimed: Map<string, { name: string }>): Promise<KeptFiles> {
  const still = Object.fromEntries(Object.entries(files).flatMap(([questionId, f]) => ('kept' in f && claimed.has(questionId) ? [[questionId, { token: f.kept, name: claimed.get(questionId)!.name }]] : [])))
  return { ...still, ...(await keepUploads(companyId, formId, files, questions)) }
}

/** The files of an application refused before its answers were read (its fields malformed), kept for the next try as `keptFiles` keeps them. */
export async function keepFilesOfRefused(slug: string, files: Record<string, FileAnswer>): Promise<KeptFiles> {
  const found = await publicForm(slug)
  if (!found) return {}
  return keptFiles(found.companyId, found.form.id, files, found.questions, await claimableUploads(found.companyId, found.form.id, files))
}

/** Keeps the good files of a refused application for the next try: each stored, with a token that claims it. */
async function keepUploads(companyId: string, formId: string, files: Record<string, FileAnswer>, questions: readonly { id: string }[]): Promise<KeptFiles> {
  const kept: KeptFiles = {}
  const fresh = Object.entries(files).flatMap(([questionId, f]) => ('upload' in f && questions.some((q) => q.id === questionId) ? [[questionId, f.upload] as const] : []))
  if (!fresh.length) return kept
  await withCompany(companyId, async () => {
    for (const [questionId, upload] of fresh) {
      const token = randomToken(24)
      await getDb()
        .insert(applicationUploads)
        .values({ companyId, formId, tokenHash: sha256(token), name: upload.name || 'file', ...(await storeFile(companyId, upload)) })
      kept[questionId] = { token, name: upload.name || 'file' }
    }
  })
  return kept
}

/** The residents an application's people are: one already known by e-mail is the same person; anyone else is a new resident of type Applicant. */
async function applicantResidents(tx: Executor, companyId: string, applicants: readonly ApplicantInput[]) {
  const emails = applicants.flatMap((a) => (a.email ? [a.email.toLowerCase()] : []))
  const known = emails.length
    ? await tx
        .select({ id: residents.id, email: residents.email })
        .from(residents)
        .where(and(eq(residents.companyId, companyId), inArray(sql`lower(${residents.email})`, emails)))
    : []
  const ids: string[] = []
  for (const a of applicants) {
    const same = a.email ? known.find((k) => k.email?.toLowerCase() === a.email!.toLowerCase()) : undefined
    if (same) {
      ids.push(same.id)
      continue
    }
    const [made] = await tx
      .insert(residents)
      .values({ companyId, residentType: 'APPLICANT', firstName: a.firstName, lastName: a.lastName, email: a.email?.toLowerCase() ?? null, phone: a.phone })
      .returning({ id: residents.id })
    ids.push(made!.id)
  }
  return ids
}

/** An application as it will be stored: named for its first applicant and its home, the unit its listing's. */
export async function checkSubmission(tx: Executor, companyId: string, values: Row, lines: Row[] | undefined) {
  const errors: Record<string, string[]> = {}
  if (values.listingId) {
    const [listing] = await tx
      .select({ unitId: rentalUnitListings.rentalUnitId })
      .from(rentalUnitListings)
      .where(and(eq(rentalUnitListings.companyId, companyId), eq(rentalUnitListings.id, String(values.listingId))))
    if (!listing) return { listing_id: ['Choose one of your listings.'] }
    if (values.rentalUnitId && values.rentalUnitId !== listing.unitId) errors.rental_unit_id = ['The unit is the listing’s: leave it empty or choose that one.']
    values.rentalUnitId = listing.unitId
  }
  if (lines) {
    const ids = lines.map((l) => String(l.residentId))
    ids.forEach((r, i) => {
      if (ids.indexOf(r) !== i) errors[`lines[${i}].resident_id`] = [`Line ${i + 1}: this person is already on the application.`]
    })
    lines.forEach((l, i) => {
      if (i > 0 && l.role === 'APPLICANT') errors[`lines[${i}].role`] = [`Line ${i + 1}: an application has one applicant, on its first line; make this one a co-applicant.`]
    })
    if (lines[0] && lines[0].role !== 'APPLICANT') errors['lines[0].role'] = ['The first line is the applicant.']
  }
  if (Object.keys(errors).length) return errors
  const [[first], [unit]] = await Promise.all([
    lines?.[0]
      ? tx
          .select({ name: sql<string>`${residents.firstName} || ' ' || ${residents.lastName}` })
          .from(residents)
          .where(and(eq(residents.companyId, companyId), eq(residents.id, String(lines[0].residentId))))
      : Promise.resolve([]),
    values.rentalUnitId ? tx.select({ label: rentalUnits.label }).from(rentalUnits).where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, String(values.rentalUnitId)))) : Promise.resolve([]),
  ])
  if (first) values.label = submissionLabel(first.name, unit?.label ?? null)
  return undefined
}

/** Adds a person to an application: a resident already known by e-mail, else a new one of type Applicant. */
export async function addApplicant(tx: Executor, companyId: string, record: Row, input: Row) {
  const id = String(record.id)
  const existing = await tx.select({ residentId: rentalApplicants.residentId, position: rentalApplicants.position }).from(rentalApplicants).where(and(eq(rentalApplicants.companyId, companyId), eq(rentalApplicants.submissionId, id)))
  if (input.role === 'APPLICANT') throw invalid('An application has one applicant; add this person as a co-applicant, guarantor or occupant.', { role: ['Co-applicant, guarantor or occupant.'] })
  const [residentId] = await applicantResidents(tx, companyId, [
    { role: input.role as ApplicantRole, firstName: String(input.first_name), lastName: String(input.last_name), email: (input.email as string | null) ?? null, phone: (input.phone as string | null) ?? null, monthlyIncome: null, employer: null },
  ])
  if (existing.some((e) => e.residentId === residentId)) throw conflict('This person is already on the application.', { email: ['Already on the application.'] })
  await tx.insert(rentalApplicants).values({
    companyId,
    submissionId: id,
    position: Math.max(-1, ...existing.map((e) => e.position)) + 1,
    residentId: residentId!,
    role: String(input.role),
    monthlyIncome: (input.monthly_income as number | null | undefined) ?? null,
    employer: (input.employer as string | null | undefined) ?? null,
  })
}

/**
 * Approving: the applicants become future residents of the unit, on a draft lease of it (its rent
 * the listing's unless given, from the day given or wanted, a year's fixed term), each in the
 * role their application gave them. Refused while the application has no unit.
 */
export async function approveApplication(tx: Executor, companyId: string, userId: string, record: Row, input: Row) {
  const id = String(record.id)
  if (!record.rentalUnitId) throw conflict('Choose the unit applied for first: edit the application and pick its listing or unit.', { rental_unit_id: ['Needed to draft the lease.'] })
  const [people, [listing], [place], today] = await Promise.all([
    tx.select().from(rentalApplicants).where(and(eq(rentalApplicants.companyId, companyId), eq(rentalApplicants.submissionId, id))).orderBy(asc(rentalApplicants.position)),
    record.listingId
      ? tx.select({ rent: rentalUnitListings.rent, deposit: rentalUnitListings.deposit, availableOn: rentalUnitListings.availableOn }).from(rentalUnitListings).where(and(eq(rentalUnitListings.companyId, companyId), eq(rentalUnitListings.id, String(record.listingId))))
      : Promise.resolve([]),
    tx
      .select({ marketRent: rentalUnits.marketRent, province: sql<string | null>`coalesce(${buildings.address}, ${propertyGroups.address})->>'province'` })
      .from(rentalUnits)
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .leftJoin(propertyGroups, eq(propertyGroups.id, buildings.propertyGroupId))
      .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, String(record.rentalUnitId)))),
    companyToday(tx, companyId),
  ])
  const start = (input.start_date as string | undefined) ?? (record.desiredMoveInDate as string | null) ?? listing?.availableOn ?? today
  const rent = (input.rent as number | undefined) ?? listing?.rent ?? place?.marketRent ?? null
  if (!rent) throw invalid('Give the rent: the application has no listing to take it from.', { rent: ['Give the rent of the lease.'] })
  const deposit = listing?.deposit ?? null
  const { createRecord, parseInput } = await import('~/resources/engine/api.server')
  const leases = resourceNamed('leases')!
  const lease = await createRecord(
    tx,
    companyId,
    leases,
    parseInput(
      leases,
      {
        rental_unit_id: String(record.rentalUnitId),
        lease_type: 'FIXED',
        start_date: start,
        end_date: (input.end_date as string | undefined) ?? yearTermEnd(start),
        rent: formatDecimal(rent),
        rent_frequency: 'MONTHLY',
        ...(deposit ? (place?.province === 'ON' ? { last_month_rent_deposit: formatDecimal(deposit) } : place?.province === 'QC' ? {} : { security_deposit: formatDecimal(deposit) }) : {}),
        lines: people.map((p) => ({ resident_id: p.residentId, role: LEASE_ROLE_OF[p.role as ApplicantRole] ?? 'OCCUPANT' })),
      },
      'create',
    ),
    { userId },
  )
  // Only those still applicants become future residents: someone already living with the company stays what they are.
  await tx
    .update(residents)
    .set({ residentType: 'FUTURE_RESIDENT', rentalUnitId: String(record.rentalUnitId), updatedAt: new Date() })
    .where(and(eq(residents.companyId, companyId), inArray(residents.id, people.map((p) => p.residentId)), eq(residents.residentType, 'APPLICANT')))
  await tx
    .update(rentalApplicationSubmissions)
    .set({ leaseId: String(lease.id), decidedOn: today, updatedAt: new Date() })
    .where(and(eq(rentalApplicationSubmissions.companyId, companyId), eq(rentalApplicationSubmissions.id, id)))
}

/** Declining: the reason kept, and e-mailed to each applicant with an address once the decision commits. */
export async function declineApplication(tx: Executor, companyId: string, record: Row, reason: string, afterCommit: (effect: () => Promise<void>) => void) {
  const id = String(record.id)
  const [people, [company], today] = await Promise.all([
    tx
      .select({ firstName: residents.firstName, email: residents.email })
      .from(rentalApplicants)
      .innerJoin(residents, eq(residents.id, rentalApplicants.residentId))
      .where(and(eq(rentalApplicants.companyId, companyId), eq(rentalApplicants.submissionId, id)))
      .orderBy(asc(rentalApplicants.position)),
    tx.select({ name: companies.name, email: companies.email }).from(companies).where(eq(companies.id, companyId)),
    companyToday(tx, companyId),
  ])
  await tx
    .update(rentalApplicationSubmissions)
    .set({ declineReason: reason, decidedOn: today, updatedAt: new Date() })
    .where(and(eq(rentalApplicationSubmissions.companyId, companyId), eq(rentalApplicationSubmissions.id, id)))
  const reference = id.slice(0, 8).toUpperCase()
  afterCommit(async () => {
    for (const person of people) {
      if (!person.email) continue
      await sendEmail({
        companyId,
        to: person.email,
        subject: `Your application to ${company?.name ?? 'us'} (${reference})`,
        category: 'rental_application',
        text: `Hello ${person.firstName},\n\nThank you for applying. ${company?.name ?? 'We'} cannot offer you this home.\n\nThe reason: ${reason}\n\n${
          company?.email ? `If you have questions, or think something in it is wrong, write to ${company.email}.` : 'If you have questions, reply to this e-mail.'
        }`,
      })
    }
  })
}

/** What an application's page shows beside its fields: its answers as read, files linked, and when it was sent on the company's clock. */
export async function submissionDetails(tx: Executor, companyId: string, stored: Row[]) {
  const timeZone = await timeZoneOf(tx, companyId)
  const out = new Map<string, Row>()
  for (const row of stored) {
    const answers = (row.answers as Answer[] | null) ?? []
    out.set(String(row.id), {
      answers: answers.map((a) => ({ ...a, answer_text: answerText(a, a.answer), file_url: a.document_id ? `/api/documents/${a.document_id}/download/` : null })),
      submitted: formatInstant((row.submittedAt as Date).toISOString(), timeZone),
    })
  }
  return out
}
