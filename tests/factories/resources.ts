import { apiPathOf } from '~/resources/engine/api.server'
import type { AnyResource } from '~/resources/engine/define'
import { apiName, uploadKey, writableIn } from '~/resources/engine/fields'
import { kindOf } from '~/resources/engine/kinds'
import { resourceNamed } from '~/resources'
import { api, signedInMember, unique } from './api'
import { pdfOf } from './files'
import { upload } from './uploads'

/** The company's accounts by number (the default chart's). */
async function chartOf(token: string) {
  const chart = (await api('GET', 'accounting/accounts/?page_size=200', { token })).body.results as { id: string; number: string }[]
  return (number: string) => chart.find((a) => a.number === number)!.id
}

/** Values a resource's domain rules need beyond what a field's kind gives (a credit card's GL account must be a credit card account). */
const SAMPLE_RULES: Record<string, (token: string) => Promise<Record<string, unknown>>> = {
  'credit-cards': async (token) => ({
    gl_account_id: (await createSample(resourceNamed('accounts')!, token, { account_type: 'LIABILITY', subtype: 'CREDIT_CARD' })).id,
    last_four: '4242',
  }),
  'bank-accounts': async () => ({ institution_number: '003', transit_number: '00102', eft_originator_id: 'LINTEL0001', eft_data_centre: '00310' }),
  // A deposit picks a receipt waiting in undeposited funds (Dr 1100 / Cr 4000), dated before it.
  'bank-deposits': async (token) => {
    const account = await chartOf(token)
    const receipt = await api('POST', 'accounting/journal-entries/', {
      token,
      body: { date: '2026-02-27', memo: 'Rent', lines: [{ account_id: account('1100'), debit: '100.00' }, { account_id: account('4000'), credit: '100.00' }] },
    })
    const entry = await api('GET', `accounting/journal/${receipt.body.journal_entry_id}/`, { token })
    return { journal_line_ids: [entry.body.lines[0].id] }
  },
  // A manual journal entry's lines balance, each a debit or a credit.
  'journal-entries': async (token) => {
    const account = await chartOf(token)
    return { date: '2026-03-02', lines: [{ account_id: account('5000'), debit: '10.00' }, { account_id: account('1010'), credit: '10.00' }] }
  },
  // A schedule's lines balance, each a debit or a credit; it starts later, so saving it posts nothing.
  // A repeat rule is an RRULE, and a unit goes with its own property: none here.
  'recurring-tasks': async () => ({ rule: 'FREQ=MONTHLY;BYMONTHDAY=1', rental_unit_id: null }),
  tasks: async () => ({ rental_unit_id: null }),
  'recurring-journal-entries': async (token) => {
    const account = await chartOf(token)
    return { start_date: '2040-01-31', end_date: null, lines: [{ account_id: account('6100'), debit: '10.00' }, { account_id: account('1510'), credit: '10.00' }] }
  },
  // A lease is someone's: one resident on it, and a fixed term whose dates agree. Its unit is in
  // Ontario (the sample address), which allows a key deposit and no damage deposit; its rent deposit is left to each test.
  leases: async (token) => ({
    security_deposit: null,
    last_month_rent_deposit: null,
    lease_type: 'FIXED',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    move_in_date: '2026-01-01',
    lines: [{ resident_id: (await createSample(resourceNamed('residents')!, token)).id, role: 'PRIMARY' }],
  }),
  // A schedule charges monthly from the 1st; its lease is a draft, so saving it charges nothing. Its PAD account is Canadian.
  'rent-payment-schedules': async () => ({
    frequency: 'MONTHLY',
    due_day: 1,
    start_date: '2026-01-01',
    end_date: null,
    lines: [{ charge_type: 'RENT', amount: '100.00' }],
    pad_institution_number: '003',
    pad_transit_number: '00102',
  }),
  // An increase of an active lease a year after its move-in, within Ontario's guideline, after 90 days' notice.
  'rent-increases': async (token) => ({ lease_id: (await eligibleLease(token)).id, new_rent: '1025.00', ...increaseDates() }),
  // Notices for one such lease, at its province's guideline, of every property.
  'bulk-rent-increase-notices': async (token) => ({ property_group_id: null, lease_ids: [(await eligibleLease(token)).id], increase_percent: null, ...increaseDates() }),
  // A charge goes to an income account, on a lease in force, after it starts.
  'rent-receivables': async (token) => ({
    lease_id: (await eligibleLease(token)).id,
    date: '2025-01-15',
    charge_type: 'OTHER',
    account_id: (await createSample(resourceNamed('accounts')!, token, { account_type: 'INCOME', subtype: 'OTHER_INCOME' })).id,
  }),
  // A sample property is in Ontario, whose law allows no damage deposit: a key deposit.
  'security-deposits': async () => ({ deposit_type: 'KEY', amount: '50.00' }),
  // A draft disposition deducting nothing: its lease holds no deposit yet.
  'deposit-dispositions': async () => ({ interest: '0.00', lines: [] }),
  // A sample property is in Ontario, whose law allows no late fee: the company's default policy instead, a flat fee.
  'late-fee-policies': async () => ({ property_group_id: null, fee_type: 'FLAT', amount: '20.00', maximum: null }),
  // A sample unit is of a sample property of its own: the work order is for a common area of its property.
  'work-orders': async () => ({ rental_unit_id: null }),
  // A form has its rooms and items; a report of a sample unit is of no lease (a sample lease is of another unit) and starts with its form's items.
  'property-inspection-forms': async () => ({ lines: [{ room: 'Kitchen', item: 'Sink', repeat: 'ONCE', photo_required: true }] }),
  'inspection-reports': async () => ({ lease_id: null }),
  // A turn of a sample unit: no lease of it moves out (a sample lease is of another unit), so its move-out day is given.
  'make-ready': async () => ({ move_out_lease_id: null, move_out_date: '2026-06-30', ready_by_date: '2026-07-10' }),
  // An event of an hour, not of a unit (a sample unit is of a sample property of its own).
  'calendar-events': async () => ({ start_time: '09:00', end_date: null, end_time: '10:00', rental_unit_id: null }),
  // EFT details are a 3-digit institution, a 5-digit transit and the account number together.
  // Its insurance and WCB are current: a vendor whose coverage lapsed gets no work orders.
  vendors: async () => ({ bank_institution_number: '003', bank_transit_number: '00102', bank_account_number: '1234567', insurance_expires_on: '2099-12-31', wcb_expires_on: '2099-12-31' }),
  // A bill's line is expensed to an expense account; a sample unit is of a sample property of its own, so the line names neither.
  bills: async (token) => ({ date: '2026-03-02', due_date: '2026-04-01', lines: [{ account_id: (await chartOf(token))('5000'), description: 'Sample work', amount: '100.00' }] }),
  // A credit's line is taken off an expense account; a sample unit is of a sample property of its own, so the line names neither.
  'vendor-credits': async (token) => ({ date: '2026-03-05', credit_type: 'RETURN', lines: [{ account_id: (await chartOf(token))('5000'), description: 'Sample return', amount: '30.00' }] }),
  // A form asks at least one question; a short answer has no choices.
  // An application's unit is its listing's; its first person is the applicant.
  'rental-applications': async (token) => ({ rental_unit_id: null, lines: [{ resident_id: (await createSample(resourceNamed('residents')!, token)).id, role: 'APPLICANT' }] }),
  'rental-application-forms': async () => ({ slug: null, lines: [{ section: 'About you', label: 'Date of birth', kind: 'DATE', required: true, choices: null, help: null }] }),
  // A payment pays part of one of its vendor's bills.
  'bill-payments': async (token) => {
    const bill = await createSample(resourceNamed('bills')!, token)
    return { vendor_id: bill.vendor_id, date: '2026-03-10', lines: [{ bill_id: bill.id, amount: '40.00' }] }
  },
  // An invoice to a named customer (a sample unit or lease is of a sample property of its own): one line to an income account.
  invoices: async (token) => ({
    customer_type: 'OTHER',
    rental_unit_id: null,
    lease_id: null,
    date: '2026-03-02',
    due_date: '2026-04-01',
    lines: [{ account_id: (await chartOf(token))('4300'), description: 'Sample charge', amount: '100.00', tax: 'EXEMPT' }],
  }),
  // A payment pays part of an invoice.
  'invoice-payments': async (token) => ({ invoice_id: (await createSample(resourceNamed('invoices')!, token)).id, date: '2026-03-10', amount: '40.00' }),
  // An order's line is expensed to an expense account; a sample unit is of a sample property of its own, so the order names none.
  'purchase-orders': async (token) => ({
    date: '2026-03-02',
    required_by: '2026-03-20',
    rental_unit_id: null,
    lines: [{ description: 'Sample part', account_id: (await chartOf(token))('5000'), quantity: '2', unit_price: '50.00' }],
  }),
  // An expense is paid from one account (a bank account here, not also a card), booked to an expense account; a sample unit is of a sample property of its own.
  expenses: async (token) => ({ credit_card_id: null, rental_unit_id: null, account_id: (await chartOf(token))('5000'), amount: '113.00', tax_amount: '13.00', input_tax_credit: null }),
  // A cost passed on to an owner; a sample unit is of a sample property of its own.
  'billable-expenses': async () => ({ rental_unit_id: null, customer_type: 'OWNER', resident_id: null }),
  'markup-types': async (token) => ({
    income_account_id: (await createSample(resourceNamed('accounts')!, token, { account_type: 'INCOME', subtype: 'OTHER_INCOME' })).id,
  }),
}

/** An active lease whose rent may rise: moved in two years ago, at $1,000.00 a month. */
async function eligibleLease(token: string) {
  const lease = await createSample(resourceNamed('leases')!, token, { start_date: '2024-11-01', move_in_date: '2024-11-01', end_date: '2027-10-31', rent: '1000.00', rent_frequency: 'MONTHLY' })
  const activated = await api('POST', `leases/${lease.id}/activate/`, { token, body: {} })
  if (activated.status !== 200) throw new Error(`activating a sample lease failed: ${JSON.stringify(activated.body)}`)
  return lease
}

/** Notice given yesterday, the increase a hundred days on: whatever the company's time zone, neither is too soon. */
function increaseDates() {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  return { notice_date: day(-1), effective_date: day(100) }
}

/**
 * Creates a valid record of any resource through the API, first creating the
 * records it refers to. Every field is filled, so every kind is exercised.
 */
/** Resources whose records are made elsewhere (a read-only view of other records), each made through its own API and answered as the resource shows it. */
async function inviteTechnician(token: string) {
  const invited = await api('POST', 'invite-maintenance-technician/', { token, body: { email: `technician-${unique()}@example.test`, first_name: 'Sample', last_name: `Technician ${unique()}` } })
  if (invited.status !== 201) throw new Error(`inviting a sample technician failed: ${JSON.stringify(invited.body)}`)
  return invited.body.id as string
}
const MADE_ELSEWHERE: Record<string, (token: string) => Promise<string>> = {
  // Every company starts with its make-ready task categories: the first of them.
  'make-ready-task-categories': async (token) => String((await api('GET', 'make-ready-task-categories/?page_size=1', { token })).body.results[0].id),
  // The inspections to do are the reports scheduled or in progress: a new report is one.
  'property-inspections': async (token) => String((await createSample(resourceNamed('inspection-reports')!, token)).id),
  // Bills paid together on the Pay Bills page: a sample bill, marked as paid.
  'bulk-bill-payments': async (token) => {
    const bill = await createSample(resourceNamed('bills')!, token)
    const bank = await createSample(resourceNamed('bank-accounts')!, token)
    const paid = await api('POST', 'accounting/bills/bulk-mark-as-paid/', { token, body: { bill_ids: [bill.id], date: '2026-03-10', bank_account_id: bank.id, method: 'CHEQUE' } })
    if (paid.status !== 201) throw new Error(`paying a sample bill failed: ${JSON.stringify(paid.body)}`)
    return String(paid.body.bulk_bill_payment_id)
  },
  // An application is made by a credit's apply: part of a sample credit applied to a bill of its vendor.
  'vendor-credit-transactions': async (token) => {
    const credit = await createSample(resourceNamed('vendor-credits')!, token)
    const bill = await createSample(resourceNamed('bills')!, token, { vendor_id: credit.vendor_id })
    const applied = await api('POST', `vendor-credits/${credit.id}/apply/`, { token, body: { bill_id: bill.id, amount: '10.00', date: '2026-03-10' } })
    if (applied.status !== 200) throw new Error(`applying a sample credit failed: ${JSON.stringify(applied.body)}`)
    const made = await api('GET', `vendor-credit-transactions/?vendor_credit_id=${credit.id}`, { token })
    return String(made.body.results[0].id)
  },
  // A signature request is a draft lease sent to sign (with e-signature on), by a resident who has an e-mail.
  'signature-requests': async (token) => (await sampleSignatureRequest(token)).requestId,
  'signature-request-signers': async (token) => (await sampleSignatureRequest(token)).signerId,
  // A remittance letter is a bill payment's.
  'remittance-letters': async (token) => String((await createSample(resourceNamed('bill-payments')!, token)).id),
  // A question is written on its form: a sample form's first.
  'rental-application-questions': async (token) => String(((await createSample(resourceNamed('rental-application-forms')!, token)).lines as { id: string }[])[0]!.id),
  'work-order-technicians': inviteTechnician,
  'task-assignees': inviteTechnician,
  // A technician's time is theirs to clock: one signed in clocks in.
  'time-tracking-entries': async (token) => {
    const technician = await signedInMember({ token }, 'technician')
    const clockedIn = await api('POST', 'technician/time-tracking-entries/', { token: technician.token, body: { notes: 'Sample' } })
    if (clockedIn.status !== 201) throw new Error(`clocking in a sample technician failed: ${JSON.stringify(clockedIn.body)}`)
    return clockedIn.body.id as string
  },
}

/** A draft lease of a resident with an e-mail, sent to sign: the request and its signer. */
async function sampleSignatureRequest(token: string) {
  const on = await api('PUT', 'user_settings/', { token, body: { has_e_signature_enabled: true, has_lintel_ai_enabled: false, sms: false } })
  if (on.status !== 200) throw new Error(`turning e-signature on failed: ${JSON.stringify(on.body)}`)
  const resident = await createSample(resourceNamed('residents')!, token, { email: `${unique('signer')}@example.test` })
  const lease = await createSample(resourceNamed('leases')!, token, { lines: [{ resident_id: resident.id, role: 'PRIMARY' }] })
  const sent = await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: {} })
  if (sent.status !== 200) throw new Error(`sending a sample lease to sign failed: ${JSON.stringify(sent.body)}`)
  const request = (await api('GET', `signature-requests/?lease_id=${lease.id}`, { token })).body.results[0]
  const signer = (await api('GET', `signature-request-signers/?request_id=${request.id}`, { token })).body.results[0]
  return { requestId: String(request.id), signerId: String(signer.id) }
}

export async function createSample(resource: AnyResource, token: string, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const elsewhere = MADE_ELSEWHERE[resource.name]
  if (elsewhere) {
    const made = await api('GET', `${apiPathOf(resource)}/${await elsewhere(token)}/`, { token })
    if (made.status !== 200) throw new Error(`reading a sample ${resource.name} failed: ${JSON.stringify(made.body)}`)
    return made.body
  }
  const body: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(resource.fields)) {
    if (!field || !writableIn(field, 'create') || field.kind === 'file') continue
    if (field.kind === 'reference') {
      // A record pointing at its own kind (a sub-account's parent) is left without one: the chain would never end.
      if (field.resource === resource.name) continue
      const target = resourceNamed(field.resource)!
      body[apiName(key)] = (await createSample(target, token)).id
    } else body[apiName(key)] = kindOf(field).sample(field, key, unique())
  }
  Object.assign(body, await (SAMPLE_RULES[resource.name]?.(token) ?? {}), overrides)
  // A resource with a file is created by a multipart form: its fields as text, a small PDF as each file.
  const files = Object.entries(resource.fields).flatMap(([key, field]) => (field?.kind === 'file' ? [uploadKey(key)] : []))
  const created = files.length
    ? await upload(`${apiPathOf(resource)}/`, token, {
        ...Object.fromEntries(Object.entries(body).map(([name, value]) => [name, value === null ? '' : String(value)])),
        ...Object.fromEntries(files.map((name) => [name, new File([pdfOf()], `${name}.pdf`, { type: 'application/pdf' })])),
      })
    : await api('POST', `${apiPathOf(resource)}/`, { token, body })
  if (created.status !== 201) throw new Error(`creating a sample ${resource.name} failed: ${JSON.stringify(created.body)}`)
  // A create answers with the record exactly as reading it does (it answers from what it wrote, without reading it back).
  if (resource.methods.includes('get')) {
    const read = await api('GET', `${apiPathOf(resource)}/${created.body.id}/`, { token })
    if (JSON.stringify(read.body) !== JSON.stringify(created.body))
      throw new Error(`a new ${resource.name} answered otherwise than reading it:\ncreated ${JSON.stringify(created.body)}\nread    ${JSON.stringify(read.body)}`)
  }
  return created.body
}
