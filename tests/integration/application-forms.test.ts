import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'

/*
 * Rental application forms as an API client builds them: questions in sections, each of a kind, a
 * choice question with its choices; a public address made from the company's and the form's names
 * unless given, and never one another company's form has; a broken question refused by its line.
 */

describe('rental application forms', () => {
  it('keeps questions in sections at a public address no other form has, and refuses a broken question by its line', async () => {
    const { token, post } = await leasingCompany()
    const { slug: companySlug } = await get(token, 'property-management-company/')
    const questions = [
      { section: 'About you', label: 'Date of birth', kind: 'DATE', required: true },
      { section: 'Where you live now', label: 'Why are you moving?', kind: 'CHOICE', choices: 'Closer to work\nMore room\n\nOther', required: false },
      { section: 'Income', label: 'Monthly income', kind: 'MONEY', required: true },
      { section: 'Income', label: 'Pay stubs', kind: 'FILE', required: true },
    ]
    const form = await post('rental-application-forms/', { name: 'Standard Application', introduction: 'About ten minutes.', lines: questions })
    expect(form).toMatchObject({ slug: `${companySlug}-standard-application`, is_active: true })
    expect((form.lines as { section: string; kind: string }[]).map((q) => `${q.section}: ${q.kind}`)).toEqual(['About you: DATE', 'Where you live now: CHOICE', 'Income: MONEY', 'Income: FILE'])

    const broken = await api('POST', 'rental-application-forms/', {
      token,
      body: { name: 'Short', lines: [{ section: 'A', label: 'Pick', kind: 'CHOICE', choices: 'Only one' }, { section: 'A', label: 'Name', kind: 'TEXT', choices: 'x\ny' }] },
    })
    expect(broken.status).toBe(400)
    expect(broken.body.errors).toEqual({ 'lines[0].choices': ['Question 1: give at least two choices, one a line.'], 'lines[1].choices': ['Question 2: only a choice question has choices.'] })

    // Addresses are public: another company cannot take this one.
    const other = await leasingCompany()
    const taken = await api('POST', 'rental-application-forms/', { token: other.token, body: { name: 'Mine', slug: form.slug, lines: questions } })
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual({ slug: [`The address /apply/${form.slug}/ is taken; choose another.`] })
    expect((await get(other.token, 'rental-application-forms/')).count).toBe(0)
  })
})
