import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { referralAffiliates } from '~/db/schema'
import { api, unique } from '../factories/api'

const application = (overrides: Record<string, unknown> = {}) => ({
  name: 'Robin Referrer',
  email: `robin-${unique()}@example.test`,
  company: 'Northern Property Advisors',
  referral_plan: 'I advise small landlords in Ottawa and will introduce Lintel to my clients.',
  ...overrides,
})

const stored = (email: string) => getDb().select().from(referralAffiliates).where(eq(referralAffiliates.email, email.toLowerCase()))

// Each test applies from its own address, so the per-address limit of one test never reaches another.
const newIp = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}`

describe('POST referral/affiliates/', () => {
  it('records an application without signing in and confirms it', async () => {
    const body = application({ email: `Robin-${unique()}@Example.test` })
    const response = await api('POST', 'referral/affiliates/', { body, ip: newIp() })
    expect(response.status).toBe(201)
    expect(response.body.detail).toMatch(/Thank you for applying/)
    const rows = await stored(body.email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: 'Robin Referrer', email: body.email.toLowerCase(), company: 'Northern Property Advisors', referralPlan: body.referral_plan })
  })

  it('answers with and without the trailing slash, and keeps company optional', async () => {
    const body = application({ company: '' })
    const response = await api('POST', 'referral/affiliates', { body, ip: newIp() })
    expect(response.status).toBe(201)
    expect((await stored(body.email))[0].company).toBeNull()
  })

  it('names every invalid field and stores nothing', async () => {
    const body = application({ name: ' ', email: 'not-an-email', referral_plan: '' })
    const response = await api('POST', 'referral/affiliates/', { body, ip: newIp() })
    expect(response.status).toBe(400)
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'name', 'referral_plan'])
    expect(response.body.errors.name[0]).toBe('Enter the name.')
    expect(response.body.errors.email[0]).toBe('Enter a valid e-mail address.')
    expect(response.body.errors.referral_plan[0]).toBe('Tell us how you will refer property managers to Lintel.')
    expect(response.body.detail).toBe('Please correct the highlighted fields: name, email, referral_plan.')
    expect(await stored('not-an-email')).toHaveLength(0)
  })

  it('names a field that is too long', async () => {
    const response = await api('POST', 'referral/affiliates/', { body: application({ referral_plan: 'x'.repeat(2001) }), ip: newIp() })
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual({ referral_plan: ['How you will refer must be at most 2000 characters.'] })
  })

  it('answers a filled honeypot like any application but keeps nothing', async () => {
    const body = application({ company_website: 'https://spam.example' })
    const response = await api('POST', 'referral/affiliates/', { body, ip: newIp() })
    expect(response.status).toBe(201)
    expect(response.body.detail).toMatch(/Thank you for applying/)
    expect(await stored(body.email)).toHaveLength(0)
  })

  it('keeps the first application when the same e-mail applies again', async () => {
    const ip = newIp()
    const first = application()
    expect((await api('POST', 'referral/affiliates/', { body: first, ip })).status).toBe(201)
    const again = await api('POST', 'referral/affiliates/', { body: { ...first, email: first.email.toUpperCase(), referral_plan: 'Something else' }, ip })
    expect(again.status).toBe(201)
    const rows = await stored(first.email)
    expect(rows).toHaveLength(1)
    expect(rows[0].referralPlan).toBe(first.referral_plan)
  })

  it('limits one address to 10 applications an hour with a 429 naming the wait', async () => {
    const ip = '198.18.0.7'
    for (let i = 0; i < 10; i++) expect((await api('POST', 'referral/affiliates/', { body: application(), ip })).status).toBe(201)
    const blocked = application()
    const response = await api('POST', 'referral/affiliates/', { body: blocked, ip })
    expect(response.status).toBe(429)
    expect(response.body.detail).toBe('Too many attempts. Please wait 60 minutes and try again.')
    expect(await stored(blocked.email)).toHaveLength(0)
    // Another address is not affected.
    expect((await api('POST', 'referral/affiliates/', { body: application(), ip: '198.18.0.8' })).status).toBe(201)
  })

  it('is in the OpenAPI document without a security requirement', async () => {
    const doc = await api('GET', 'openapi.json')
    const operation = doc.body.paths['/api/referral/affiliates'].post
    expect(operation.tags).toEqual(['Referral program'])
    expect(operation.security).toBeUndefined()
    expect(Object.keys(operation.responses).sort()).toEqual(['201', '400', '429'])
  })
})
