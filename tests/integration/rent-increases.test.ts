import { describe, expect, it } from 'vitest'
import { api, registerCompany } from '../factories/api'
import { get, leasingCompany, runRentAt, type Body } from '../factories/leasing'
import { receivedMail } from '../setup/smtp'
import { download, pdfPages } from './support/pdf-text'

/*
 * Rent increases within the province's law: a lease may rise twelve months after its last increase
 * or its move-in, and eligible-rent-increases/ lists those that may, with the most allowed; an
 * increase above the guideline without an exemption, with too little notice or too soon is refused
 * at its field; applying one changes the rent schedule from its date, so the rent run charges the
 * old rent before it and the new one after, never a period twice (and the difference, for periods
 * charged before it was applied); a bulk notice makes an increase per lease with its notice, one
 * PDF page per lease, and e-mails the letters (delivered by SMTP, or kept under Emails).
 */

const address = (province: string, city: string, postal_code: string, street = '455 Bronson Avenue') => ({ street, city, province, postal_code, country: 'CA' })

async function setUp() {
  const company = await leasingCompany()
  const ottawa = await company.post('property-groups/', { name: 'Elgin Place', property_type: 'RESIDENTIAL', address: address('ON', 'Ottawa', 'K1R 6J3') })
  return { ...company, ottawa, inOntario: (terms: Record<string, unknown> = {}) => company.lease(terms, ottawa) }
}

const eligible = async (token: string, query: string) => (await get(token, `eligible-rent-increases/?${query}`)) as { count: number; results: Record<string, unknown>[] }
const rentCharges = async (token: string, leaseId: string) =>
  ((await get(token, `rent-receivables/?lease_id=${leaseId}&charge_type=RENT&ordering=date,-amount&page_size=100`)).results as Record<string, string>[]).map((c) => [c.date, c.amount])
const act = async (token: string, id: string, action: string, body: Record<string, unknown> = {}) => {
  const response = await api('POST', `rent-increases/${id}/${action}/`, { token, body })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body
}
const increase = (leaseId: string, body: Record<string, unknown> = {}) => ({ lease_id: leaseId, new_rent: '1582.55', effective_date: '2032-03-01', notice_date: '2031-12-01', ...body })

describe('which leases may have their rent raised', () => {
  it('are those twelve months past their move-in or last increase, with their rent, last increase and the most allowed', async () => {
    const { token, companyId, post, lease, inOntario } = await setUp()
    const first = await inOntario()
    const later = await inOntario({ start_date: '2031-06-01', rent: '1200.00' })
    const calgary = await post('property-groups/', { name: 'Bow Flats', property_type: 'RESIDENTIAL', address: address('AB', 'Calgary', 'T2P 1J9') })
    const alberta = await lease({}, calgary)

    expect((await eligible(token, 'as_of=2032-02-29')).count).toBe(0)
    const march = await eligible(token, 'as_of=2032-03-01')
    expect(march.results.map((r) => r.lease_id).sort()).toEqual([first.id, alberta.id].sort())
    expect(march.results.find((r) => r.lease_id === first.id)).toMatchObject({
      current_rent: '1550.00',
      last_increase_date: null,
      move_in_date: '2031-03-01',
      eligible_from: '2032-03-01',
      earliest_effective_date: '2032-03-01',
      province: 'ON',
      guideline_percent: '2.10',
      maximum_rent: '1582.55',
      notice_period: '90 days',
      resident_names: 'Ada Tenant',
    })
    // Alberta sets no cap: nothing to say of a maximum.
    expect(march.results.find((r) => r.lease_id === alberta.id)).toMatchObject({ guideline_percent: null, maximum_rent: null, notice_period: '3 months' })
    // Soonest first, and one property's only when asked.
    const june = await eligible(token, `as_of=2032-06-01&property_group_id=${first.property.id}`)
    expect(june.results.map((r) => r.lease_id)).toEqual([first.id, later.id])

    // An increase under way takes the lease off the list; once applied, it waits twelve months from its date.
    const made = await post('rent-increases/', increase(first.id))
    expect((await eligible(token, 'as_of=2032-06-01')).results.map((r) => r.lease_id)).not.toContain(first.id)
    await act(token, made.id, 'give-notice')
    await act(token, made.id, 'apply')
    await runRentAt(companyId, '2032-03-02T17:00:00Z')
    expect((await eligible(token, 'as_of=2033-02-28')).results.map((r) => r.lease_id)).not.toContain(first.id)
    expect((await eligible(token, 'as_of=2033-03-01')).results.find((r) => r.lease_id === first.id)).toMatchObject({ last_increase_date: '2032-03-01', current_rent: '1582.55', maximum_rent: '1615.78' })

    // Another company's property narrows nothing: it is refused at its field.
    const other = await registerCompany()
    const foreign = await api('GET', `eligible-rent-increases/?property_group_id=${first.property.id}`, { token: other.token })
    expect(foreign.status).toBe(400)
    expect(Object.keys(foreign.body.errors)).toEqual(['property_group_id'])
  })
})

describe('a rent increase', () => {
  it('is refused at its field above the guideline without an exemption, with too little notice, or too soon, and changes nothing', async () => {
    const { token, post, lease, inOntario } = await setUp()
    const ontario = await inOntario()
    const refused = async (body: Record<string, unknown>) => {
      const response = await api('POST', 'rent-increases/', { token, body })
      expect(response.status, JSON.stringify(response.body)).toBe(400)
      return response.body.errors as Record<string, string[]>
    }
    expect(await refused(increase(ontario.id, { new_rent: '1600.00' }))).toEqual({
      new_rent: ['At most 1582.55: Ontario’s guideline for 2026, 2.1% (the one for 2032 is not in Lintel yet), allows no more unless the unit is exempt.'],
    })
    expect(Object.keys(await refused(increase(ontario.id, { new_rent: '1600.00', exempt: true })))).toEqual(['exemption_reason'])
    // 2032 is a leap year: 90 days before March 1 is December 2.
    expect((await refused(increase(ontario.id, { notice_date: '2031-12-15' }))).notice_date[0]).toBe('On or before 2031-12-02: Ontario needs 90 days’ written notice before an increase on 2032-03-01.')
    expect((await refused(increase(ontario.id, { effective_date: '2032-02-01', notice_date: '2031-11-01' }))).effective_date[0]).toMatch(/^On or after 2032-03-01: rent rises at most once in twelve months/)
    expect((await refused(increase(ontario.id, { new_rent: '1550.00' }))).new_rent[0]).toMatch(/^More than the current rent, 1550\.00/)
    expect((await get(token, `rent-increases/?lease_id=${ontario.id}`)).count).toBe(0)
    // Exempt, and saying why: any amount.
    const exempt = await post('rent-increases/', increase(ontario.id, { new_rent: '1700.00', exempt: true, exemption_reason: 'First occupied in 2021' }))
    expect(exempt).toMatchObject({ status: 'DRAFT', current_rent: '1550.00', increase_percent: '9.68', maximum_rent: '1582.55' })
    // One increase under way per lease.
    expect((await refused(increase(ontario.id))).lease_id[0]).toMatch(/has a rent increase under way already/)

    const province = async (code: string, city: string, postal: string) => lease({}, await post('property-groups/', { name: `In ${code}`, property_type: 'RESIDENTIAL', address: address(code, city, postal) }))
    const bc = await province('BC', 'Vancouver', 'V6J 1A1')
    expect((await refused(increase(bc.id, { notice_date: '2031-12-02' }))).notice_date[0]).toMatch(/^On or before 2031-12-01: British Columbia needs 3 months’ written notice/)
    expect((await refused(increase(bc.id, { new_rent: '1588.75' }))).new_rent[0]).toMatch(/^At most 1585\.65: British Columbia’s guideline for 2026, 2\.3%/)
    const manitoba = await province('MB', 'Winnipeg', 'R3C 0V8')
    expect((await refused(increase(manitoba.id, { new_rent: '1588.75' }))).new_rent[0]).toMatch(/^At most 1577\.90: Manitoba’s guideline for 2026, 1\.8%/)
    const quebec = await province('QC', 'Montréal', 'H2X 1Y4')
    expect((await refused(increase(quebec.id, { notice_date: '2031-08-31' }))).notice_date[0]).toMatch(/^On or after 2031-09-01: Québec allows notice at most 6 months/)
    await post('rent-increases/', increase(quebec.id, { new_rent: '1700.00', notice_date: '2031-10-01' }))
    const alberta = await province('AB', 'Calgary', 'T2P 1J9')
    await post('rent-increases/', increase(alberta.id, { new_rent: '2000.00' }))
  })

  it('changes only as a draft, its notice checked again as it is given', async () => {
    const { token, post, inOntario } = await setUp()
    const ontario = await inOntario()
    const made = await post('rent-increases/', increase(ontario.id, { notice_date: null }))
    // Given too late for its date: refused at the notice's field, still a draft.
    const late = await api('POST', `rent-increases/${made.id}/give-notice/`, { token, body: { notice_date: '2031-12-03' } })
    expect(late.status).toBe(400)
    expect(Object.keys(late.body.errors)).toEqual(['notice_date'])
    expect((await get(token, `rent-increases/${made.id}/`)).status).toBe('DRAFT')
    const given = await act(token, made.id, 'give-notice', { notice_date: '2031-11-30' })
    expect(given).toMatchObject({ status: 'NOTICE_SENT', notice_date: '2031-11-30' })
    const changed = await api('PUT', `rent-increases/${made.id}/`, { token, body: { new_rent: '1560.00' } })
    expect(changed.status).toBe(409)
    expect((await api('POST', `rent-increases/${made.id}/give-notice/`, { token, body: {} })).status).toBe(409)
    await act(token, made.id, 'cancel')
    expect((await api('POST', `rent-increases/${made.id}/apply/`, { token, body: {} })).status).toBe(409)
    // Canceled, it leaves the lease free for another.
    await post('rent-increases/', increase(ontario.id))
  })

  it('takes effect in the rent schedule on its date: the old rent before, the new rent from then, never a period twice', async () => {
    const { token, companyId, post, inOntario } = await setUp()
    const ontario = await inOntario()
    const made = await post('rent-increases/', increase(ontario.id))
    await act(token, made.id, 'give-notice')
    expect(await act(token, made.id, 'apply')).toMatchObject({ status: 'APPLIED' })
    // The rent line ends the day before (2032 is a leap year) and the new rent runs from the date.
    const [schedule] = (await get(token, `rent-payment-schedules/?lease_id=${ontario.id}`)).results as Body[]
    const { lines } = await get(token, `rent-payment-schedules/${schedule.id}/`)
    expect(lines.map((l: Record<string, unknown>) => [l.amount, l.effective_from, l.effective_to])).toEqual([
      ['1550.00', null, '2032-02-29'],
      ['1582.55', '2032-03-01', null],
    ])

    await runRentAt(companyId, '2032-02-15T17:00:00Z')
    expect(await rentCharges(token, ontario.id)).toHaveLength(12)
    expect((await rentCharges(token, ontario.id)).every(([, amount]) => amount === '1550.00')).toBe(true)
    expect((await get(token, `leases/${ontario.id}/`)).rent).toBe('1550.00')

    await Promise.all([runRentAt(companyId, '2032-03-02T17:00:00Z'), runRentAt(companyId, '2032-03-02T17:00:00Z')])
    await runRentAt(companyId, '2032-04-02T17:00:00Z')
    const charged = await rentCharges(token, ontario.id)
    expect(charged).toHaveLength(14)
    expect(charged.slice(-3)).toEqual([
      ['2032-02-01', '1550.00'],
      ['2032-03-01', '1582.55'],
      ['2032-04-01', '1582.55'],
    ])
    expect((await get(token, `leases/${ontario.id}/`)).rent).toBe('1582.55')
  })

  it('with notice given, is applied by the rent run on its date, as the person who gave the notice', async () => {
    const { token, companyId, post, inOntario } = await setUp()
    const ontario = await inOntario()
    const made = await post('rent-increases/', increase(ontario.id))
    await act(token, made.id, 'give-notice')
    await runRentAt(companyId, '2032-02-15T17:00:00Z')
    expect(await get(token, `rent-increases/${made.id}/`)).toMatchObject({ status: 'NOTICE_SENT' })
    await runRentAt(companyId, '2032-03-02T17:00:00Z')
    expect(await get(token, `rent-increases/${made.id}/`)).toMatchObject({ status: 'APPLIED' })
    expect((await rentCharges(token, ontario.id)).slice(-2)).toEqual([
      ['2032-02-01', '1550.00'],
      ['2032-03-01', '1582.55'],
    ])
    const history = (await get(token, `rent-increases/${made.id}/history/`)) as Body[]
    expect(history.at(-1)).toMatchObject({ to_state: 'APPLIED', note: 'Applied by the rent run on its date', user_name: history.at(-2)!.user_name })
    expect(history.at(-1)!.user_name).toBeTruthy()
  })

  it('applied after its date, charges the difference for the periods already charged at the old rent', async () => {
    const { token, companyId, post, inOntario } = await setUp()
    const ontario = await inOntario()
    await runRentAt(companyId, '2032-04-05T17:00:00Z')
    const made = await post('rent-increases/', increase(ontario.id))
    await act(token, made.id, 'give-notice')
    await act(token, made.id, 'apply')
    await runRentAt(companyId, '2032-05-02T17:00:00Z')
    expect((await rentCharges(token, ontario.id)).slice(-5)).toEqual([
      ['2032-03-01', '1550.00'],
      ['2032-03-01', '32.55'],
      ['2032-04-01', '1550.00'],
      ['2032-04-01', '32.55'],
      ['2032-05-01', '1582.55'],
    ])
    expect((await get(token, `leases/${ontario.id}/`)).rent).toBe('1582.55')
  })
})

describe('bulk rent increase notices', () => {
  async function withTenants() {
    const company = await setUp()
    const resident = (first: string, email: string | null) => company.post('residents/', { first_name: first, last_name: 'Tenant', resident_type: 'APPLICANT', email })
    const lines = async (...people: [string, string | null][]) =>
      Promise.all(people.map(async ([first, email], i) => ({ resident_id: (await resident(first, email)).id, role: i ? 'CO_TENANT' : 'PRIMARY' })))
    const first = await company.inOntario({ lines: await lines(['Ada', 'ada@example.test'], ['Ben', 'ben@example.test']) })
    const second = await company.inOntario({ rent: '1200.00', lines: await lines(['Cy', 'cy@example.test'], ['Di', null]) })
    return { ...company, first, second }
  }

  it('offer the leases whose rent may rise, make an increase with its notice for each picked, and print a page per lease', async () => {
    const { token, post, first, second, inOntario, ottawa } = await withTenants()
    const past = await inOntario({ start_date: '2025-06-01', rent: '1000.00' })
    const candidates = (await get(token, `bulk-rent-increase-notices/eligible/?property_group_id=${ottawa.id}`)).results as Record<string, unknown>[]
    expect(candidates.map((c) => c.lease_id)).toEqual([past.id])
    expect(candidates[0]).toMatchObject({ current_rent: '1000.00', eligible_from: '2026-06-01', last_increase_date: null })

    const bulk = await post('bulk-rent-increase-notices/', { property_group_id: ottawa.id, notice_date: '2031-12-01', effective_date: '2032-03-01', lease_ids: [second.id, first.id] })
    expect(bulk).toMatchObject({ increase_count: 2, applied_count: 0, emailed_on: null })
    const made = (await get(token, `rent-increases/?bulk_notice_id=${bulk.id}&ordering=label`)).results as Record<string, unknown>[]
    expect(made.map((r) => [r.lease_id, r.status, r.current_rent, r.new_rent, r.notice_date, r.effective_date])).toEqual([
      [first.id, 'NOTICE_SENT', '1550.00', '1582.55', '2031-12-01', '2032-03-01'],
      [second.id, 'NOTICE_SENT', '1200.00', '1225.20', '2031-12-01', '2032-03-01'],
    ])
    // Nothing was mailed: it was not asked.
    expect(receivedMail().filter((m) => /Notice of Rent Increase/.test(m.subject))).toHaveLength(0)

    const pdf = await download(`bulk-rent-increase-notices/${bulk.id}/generate-pdf/`, token)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="notices-of-rent-increase-2031-12-01.pdf"')
    const pages = await pdfPages(pdf.bytes)
    expect(pages).toHaveLength(2)
    for (const fact of [
      'Notice of Rent Increase',
      'Following the Landlord and Tenant Board’s form N1',
      'Ada Tenant, Ben Tenant',
      `Unit ${first.unit.unit_number}, 455 Bronson Avenue, Ottawa, ON K1R 6J3`,
      '$1,550.00 per month',
      '$1,582.55 per month',
      '2032-03-01',
      'Signature of the landlord or representative',
    ])
      expect(pages[0]).toContain(fact)
    expect(pages[1]).toContain('Cy Tenant, Di Tenant')
    expect(pages[1]).toContain('$1,225.20 per month')

    // Another company finds no such notice.
    const other = await registerCompany()
    expect((await download(`bulk-rent-increase-notices/${bulk.id}/generate-pdf/`, other.token)).status).toBe(404)
    // Its leases and dates stay as made; its memo changes.
    const moved = await api('PUT', `bulk-rent-increase-notices/${bulk.id}/`, { token, body: { effective_date: '2032-04-01' } })
    expect(moved.status).toBe(400)
    expect(Object.keys(moved.body.errors)).toEqual(['effective_date'])
    expect((await api('PUT', `bulk-rent-increase-notices/${bulk.id}/`, { token, body: { memo: 'Spring increases' } })).body.memo).toBe('Spring increases')
    await act(token, String(made[0].id), 'apply')
    expect((await get(token, `bulk-rent-increase-notices/${bulk.id}/`)).applied_count).toBe(1)
  })

  it('e-mail each lease’s letter to its tenants, delivered by SMTP or kept under Emails when none is set up', async () => {
    const { token, post, first, second } = await withTenants()
    const bulk = await post('bulk-rent-increase-notices/', { notice_date: '2031-12-01', effective_date: '2032-03-01', lease_ids: [first.id, second.id], email_residents: true })
    const notices = () => receivedMail().filter((m) => /^Notice of Rent Increase/.test(m.subject))
    // Three tenants have an e-mail address; Di has none.
    expect(notices().flatMap((m) => m.to).sort()).toEqual(['ada@example.test', 'ben@example.test', 'cy@example.test'])
    const ada = notices().find((m) => m.to.includes('ada@example.test'))!
    expect(ada.text).toContain('New rent: $1,582.55 per month')
    expect(ada.raw).toMatch(/Content-Type: application\/pdf; name=notice-of-rent-increase\.pdf/)
    expect((await get(token, `bulk-rent-increase-notices/${bulk.id}/`)).emailed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const sent = (await get(token, 'email-messages/?status=sent&page_size=100')).results as Record<string, string>[]
    expect(sent.filter((m) => m.category === 'rent_increase_notice')).toHaveLength(3)

    // Without SMTP the letters are kept under Emails, saying what was attached.
    const smtp = process.env.SMTP_URL
    delete process.env.SMTP_URL
    try {
      const again = await api('POST', `bulk-rent-increase-notices/${bulk.id}/email-to-residents/`, { token, body: {} })
      expect(again.status).toBe(200)
    } finally {
      process.env.SMTP_URL = smtp
    }
    expect(notices()).toHaveLength(3)
    const stored = (await get(token, 'email-messages/?status=stored&page_size=100')).results as Record<string, string>[]
    expect(stored.map((m) => m.to).sort()).toEqual(['ada@example.test', 'ben@example.test', 'cy@example.test'])
    expect((await get(token, `email-messages/${stored[0].id}/`)).text_body).toMatch(/Attached: notice-of-rent-increase\.pdf$/)
  })

  it('refuse, naming the lease and the field, what cannot rise as asked, and make nothing', async () => {
    const { token, post, first, second, lease, inOntario } = await withTenants()
    const tooSoon = await inOntario({ start_date: '2031-06-01' })
    const elsewhere = await lease({}, await post('property-groups/', { name: 'Kits Point', property_type: 'RESIDENTIAL', address: address('BC', 'Vancouver', 'V6J 1A1') }))
    const refused = async (body: Record<string, unknown>) => {
      const response = await api('POST', 'bulk-rent-increase-notices/', { token, body: { notice_date: '2031-12-01', effective_date: '2032-03-01', ...body } })
      expect(response.status, JSON.stringify(response.body)).toBe(400)
      return response.body.errors as Record<string, string[]>
    }
    const soon = await refused({ lease_ids: [first.id, tooSoon.id] })
    expect(soon).toEqual({ effective_date: [`${String(tooSoon.unit.unit_number)} · Elgin Place from 2031-06-01: On or after 2032-06-01: rent rises at most once in twelve months, counted from the last increase or the move-in.`] })
    expect((await refused({ lease_ids: [first.id], increase_percent: '3.00' })).increase_percent[0]).toMatch(/: At most 1582\.55/)
    expect((await refused({ lease_ids: [first.id], notice_date: '2031-12-15' })).notice_date[0]).toMatch(/needs 90 days’ written notice/)
    expect((await refused({ property_group_id: first.property.id, lease_ids: [elsewhere.id] })).lease_ids[0]).toMatch(/is not a lease of the property chosen/)
    expect(Object.keys(await refused({ lease_ids: [] }))).toEqual(['lease_ids'])
    expect((await get(token, 'rent-increases/')).count).toBe(0)
    expect((await get(token, 'bulk-rent-increase-notices/')).count).toBe(0)
    // A lease with an increase under way is not picked twice.
    await post('bulk-rent-increase-notices/', { notice_date: '2031-12-01', effective_date: '2032-03-01', lease_ids: [second.id] })
    expect((await refused({ lease_ids: [second.id] })).lease_ids[0]).toMatch(/has a rent increase under way already/)
  })
})
