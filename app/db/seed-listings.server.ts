import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from './client.server'
import { companyToday } from './clock.server'
import { addDays } from '~/domain/ledger/reports'
import { formatMoney } from '~/domain/money'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { applicationFormsResource, submissionsResource } from '~/resources/applications'
import { listingsResource } from '~/resources/listings'
import { rentalApplicationQuestions, rentalApplicationSubmissions, rentalUnits, residents } from './schema'

/** The demo's application form: what Ontario managers ask, in sections, with the proof of income as a file. */
const DEMO_QUESTIONS = [
  { section: 'About you', label: 'Date of birth', kind: 'DATE', required: true },
  { section: 'About you', label: 'How many people will live in the home?', kind: 'TEXT', required: true },
  { section: 'Where you live now', label: 'Current address', kind: 'TEXT', required: true },
  { section: 'Where you live now', label: 'Do you rent or own it?', kind: 'CHOICE', required: true, choices: 'Rent\nOwn\nLive with family' },
  { section: 'Where you live now', label: 'Current landlord’s name and phone', kind: 'TEXT', required: false, help: 'We call them for a reference' },
  { section: 'Income', label: 'Household income a month, before tax', kind: 'MONEY', required: true },
  { section: 'Income', label: 'Pay stub or employment letter', kind: 'FILE', required: false, help: 'A PDF or a photo; you can also bring it to the viewing' },
  { section: 'Pets and vehicles', label: 'Do you have pets?', kind: 'YES_NO', required: true },
  { section: 'Pets and vehicles', label: 'Anything else we should know', kind: 'LONG_TEXT', required: false },
]

/**
 * The demo's listings: the two vacant apartments at Bronson Court advertised, one published (its
 * public page and the company's page show it, its Apply opens the company's application form, and
 * one application waits for a decision), one still a draft being written.
 */
export async function seedDemoListings(tx: Executor, companyId: string, userId: string) {
  const today = await companyToday(tx, companyId)
  const form = await createRecord(
    tx,
    companyId,
    applicationFormsResource,
    parseInput(applicationFormsResource, { name: 'Standard Application', introduction: 'About ten minutes. Have your employer’s details and a pay stub at hand.', application_fee: '0.00', asks_credit_check_consent: true, is_active: true, lines: DEMO_QUESTIONS }, 'create'),
    { userId },
  )
  const units = await tx
    .select({ id: rentalUnits.id, label: rentalUnits.label, marketRent: rentalUnits.marketRent })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.label, ['104 · Bronson Court', '302 · Bronson Court'])))
  const unit = (label: string) => units.find((u) => u.label === label)
  const rentOf = (u: { marketRent: number | null }, fallback: number) => formatMoney(u.marketRent ?? fallback)
  const first = unit('104 · Bronson Court')
  if (first) {
    const body = {
      rental_unit_id: first.id,
      title: 'Bright one-bedroom steps from the Rideau Canal',
      description:
        'A quiet ground-floor one-bedroom in a well-kept 1960s building on Bronson Avenue, freshly painted with new flooring in the living room.\n\nA short walk to the canal, Dow’s Lake and the Glebe; buses on Bronson and Carling.',
      rent: rentOf(first, 1_650_00),
      deposit: rentOf(first, 1_650_00),
      available_on: addDays(today, 21),
      lease_term: 'One year, then month to month',
      amenities: 'Laundry room in the building\nStorage locker\nBike room\nSecure entry',
      pet_policy: 'CATS',
      pet_terms: 'One cat welcome',
      parking: 'Outdoor parking, $75 a month (waitlist)',
      utilities_included: 'Heat and water',
      application_form_id: form.id,
    }
    const made = await createRecord(tx, companyId, listingsResource, parseInput(listingsResource, body, 'create'), { userId })
    await runAction(tx, companyId, userId, listingsResource, String(made.id), 'publish', {})
    await seedDemoApplication(tx, companyId, userId, String(form.id), String(made.id), addDays(today, 30))
  }
  const second = unit('302 · Bronson Court')
  if (second) {
    const body = { rental_unit_id: second.id, title: 'Top-floor two-bedroom with a view', rent: rentOf(second, 2_050_00), pet_policy: 'ASK' }
    await createRecord(tx, companyId, listingsResource, parseInput(listingsResource, body, 'create'), { userId })
  }
}

/** An application the demo's manager has to decide: a couple applying together, sent on the public form. */
async function seedDemoApplication(tx: Executor, companyId: string, userId: string, formId: string, listingId: string, moveIn: string) {
  const questions = await tx
    .select()
    .from(rentalApplicationQuestions)
    .where(and(eq(rentalApplicationQuestions.companyId, companyId), eq(rentalApplicationQuestions.formId, formId)))
    .orderBy(asc(rentalApplicationQuestions.position))
  const people = await tx
    .insert(residents)
    .values([
      { companyId, residentType: 'APPLICANT', firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@example.com', phone: '613-555-0148' },
      { companyId, residentType: 'APPLICANT', firstName: 'Daniel', lastName: 'Okafor', email: 'daniel.okafor@example.com', phone: '613-555-0191' },
    ])
    .returning({ id: residents.id })
  const body = {
    form_id: formId,
    listing_id: listingId,
    desired_move_in_date: moveIn,
    credit_check_consent: true,
    lines: [
      { resident_id: people[0]!.id, role: 'APPLICANT', monthly_income: '4800.00', employer: 'Ottawa Hospital' },
      { resident_id: people[1]!.id, role: 'CO_APPLICANT', monthly_income: '3900.00', employer: 'Carleton University' },
    ],
  }
  const made = await createRecord(tx, companyId, submissionsResource, parseInput(submissionsResource, body, 'create'), { userId })
  const given: Record<string, string> = {
    'Date of birth': '1991-04-17',
    'How many people will live in the home?': 'Two adults',
    'Current address': '88 Somerset Street West, Apt 5, Ottawa ON',
    'Do you rent or own it?': 'Rent',
    'Current landlord’s name and phone': 'Centretown Rentals, 613-555-0102',
    'Household income a month, before tax': '8700.00',
    'Do you have pets?': 'YES',
    'Anything else we should know': 'One indoor cat, spayed.',
  }
  const answers = questions.map((q) => ({ question_id: q.id, section: q.section, question: q.label, kind: q.kind, answer: given[q.label] ?? null, document_id: null }))
  await tx
    .update(rentalApplicationSubmissions)
    .set({ answers, source: 'PUBLIC', ipAddress: '198.51.100.23' })
    .where(and(eq(rentalApplicationSubmissions.companyId, companyId), eq(rentalApplicationSubmissions.id, String(made.id))))
}
