import { describe, expect, it } from 'vitest'
import { conflict, DomainError, forbidden, invalid, invalidFields, notFound } from './errors'

describe('domain errors', () => {
  it('say their kind, message and field messages', () => {
    const error = invalid('Choose the bank account.', { bank_account_id: ['Choose the bank account.'] })
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ kind: 'invalid', message: 'Choose the bank account.', errors: { bank_account_id: ['Choose the bank account.'] } })
    expect(conflict('The books are closed.')).toMatchObject({ kind: 'conflict', message: 'The books are closed.', errors: undefined })
  })

  it('not found and forbidden have the messages a client is used to', () => {
    expect(notFound()).toMatchObject({ kind: 'notFound', message: 'Not found.' })
    expect(notFound('No such bank deposit.').message).toBe('No such bank deposit.')
    expect(forbidden()).toMatchObject({ kind: 'forbidden', message: 'You do not have permission to perform this action.' })
  })

  it('summarise several field errors by the first one, nested paths as they are', () => {
    const errors = { 'lines[3].amount': ['Line 4: enter an amount.'], date: ['Choose a date.'] }
    expect(invalidFields(errors, 'Cannot post.')).toMatchObject({ kind: 'invalid', message: 'Line 4: enter an amount.', errors })
    expect(invalidFields({}, 'Cannot post.').message).toBe('Cannot post.')
  })
})
