import { describe, expect, it } from 'vitest'
import { answerText, checkAnswers, peopleErrors, yearTermEnd, type Question } from './applications'

const q = (id: string, kind: string, required = true, choices: string | null = null): Question => ({ id, section: 'S', label: `Q${id}`, kind, required, choices })

describe('an application’s answers', () => {
  it('are checked by their question’s kind, amounts kept to the cent, files by whether one came', () => {
    const questions = [q('1', 'DATE'), q('2', 'CHOICE', true, 'Rent\nOwn'), q('3', 'MONEY'), q('4', 'YES_NO'), q('5', 'FILE'), q('6', 'TEXT', false)]
    const good = checkAnswers(questions, { '1': '1990-12-10', '2': 'Own', '3': '$7,400', '4': 'NO' }, new Set(['5']))
    expect(good.errors).toEqual({})
    expect(good.answers.map((a) => answerText(a, a.kind === 'FILE' ? 'stub.pdf' : null))).toEqual(['1990-12-10', 'Own', '$7,400.00', 'No', 'stub.pdf', '—'])
    const bad = checkAnswers(questions, { '1': '1990-02-30', '2': 'Castle', '3': 'lots', '4': 'maybe' }, new Set())
    expect(bad.errors).toEqual({
      'answers.1': ['Q1: a date like 2031-05-01.'],
      'answers.2': ['Q2: choose one of the answers given.'],
      'answers.3': ['Q3: an amount like 4250.00.'],
      'answers.4': ['Q4: answer yes or no.'],
      'answers.5': ['Q5: choose a file.'],
    })
  })
})

describe('the people on an application', () => {
  it('need the applicant named with an e-mail, and each other place filled in a role, a name and (unless an occupant) an e-mail', () => {
    expect(peopleErrors([])).toEqual({
      'applicants[0].first_name': ['Enter your first name.'],
      'applicants[0].last_name': ['Enter your last name.'],
      'applicants[0].email': ['Enter your e-mail address: your receipt goes there.'],
    })
    const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' }
    expect(peopleErrors([ada, { first_name: '', last_name: '' }, { role: 'OCCUPANT', first_name: 'Byron', last_name: 'L' }])).toEqual({})
    expect(peopleErrors([ada, { first_name: 'Charles' }, undefined, { role: 'GUARANTOR', first_name: 'Anne', last_name: 'M' }])).toEqual({
      'applicants[1].last_name': ['Enter their last name.'],
      'applicants[1].role': ['Choose a role: co-applicant, guarantor or occupant.'],
      'applicants[3].email': ['Enter their e-mail address: co-applicants and guarantors sign the lease.'],
    })
  })
})

it('a year’s term ends the day before the anniversary, a leap day too', () => {
  expect(yearTermEnd('2031-05-01')).toBe('2032-04-30')
  expect(yearTermEnd('2032-02-29')).toBe('2033-02-28')
})
