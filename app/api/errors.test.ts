import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { conflict, forbidden, invalid, notFound } from '~/domain/errors'
import { handleError } from './errors'

/** What a client gets when a handler meets `error`. */
async function answerTo(error: Error) {
  const app = new Hono()
  app.get('/', () => {
    throw error
  })
  app.onError(handleError)
  const response = await app.request('/')
  return { status: response.status, body: await response.text() }
}

describe('the API answering a domain refusal', () => {
  it('says each kind with its status and the one error body, field messages as they were', async () => {
    expect(await answerTo(invalid('Choose 2026-06-01 or later.', { date: ['Choose 2026-06-01 or later.'] }))).toEqual({
      status: 400,
      body: '{"detail":"Choose 2026-06-01 or later.","errors":{"date":["Choose 2026-06-01 or later."]}}',
    })
    expect(await answerTo(conflict('The books are closed through 2026-01-31.', { 'lines[3].amount': ['Too late.'] }))).toEqual({
      status: 409,
      body: '{"detail":"The books are closed through 2026-01-31.","errors":{"lines[3].amount":["Too late."]}}',
    })
    expect(await answerTo(notFound('No such bank deposit.'))).toEqual({ status: 404, body: '{"detail":"No such bank deposit."}' })
    expect(await answerTo(forbidden())).toEqual({ status: 403, body: '{"detail":"You do not have permission to perform this action."}' })
  })
})
