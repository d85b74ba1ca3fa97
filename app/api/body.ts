import type { Context, MiddlewareHandler } from 'hono'
import { hasControlCharacters } from '~/domain/text'
import type { AppEnv } from './context'
import { badRequest } from './errors'

/*
 * Every JSON body and query string passes here before any route sees it, so
 * no handler has to remember what no handler may ever receive: a key that
 * reaches an object's prototype, or a control character (PostgreSQL refuses
 * NUL outright; the others are never typed by a person).
 */

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i
/** The methods that change nothing (SPEC.md §7): no body is read, no transaction, no idempotency key, no origin check. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The first thing wrong with a parsed body, as [field path, message], or null. */
export function unsafeValue(value: unknown, path = ''): [string, string] | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? [path || '__all__', `${path || 'The body'} cannot contain control characters.`] : null
  if (typeof value !== 'object' || value === null) return null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeValue(value[i], `${path}[${i}]`)
      if (found) return found
    }
    return null
  }
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key
    if (PROTOTYPE_KEYS.has(key)) return [at, `${key} is not an allowed field name.`]
    if (hasControlCharacters(key)) return ['__all__', 'Field names cannot contain control characters.']
    const found = unsafeValue((value as Record<string, unknown>)[key], at)
    if (found) return found
  }
  return null
}

/**
 * Where an in-process caller (the UI's loaders, utils/api-client) is handed its JSON answer: the value
 * the answer was made from, beside the response made of it. The caller takes the value when the
 * response it got back is that one, instead of reading the same JSON back through the response's
 * body stream (a tenth of a staff page's time went to the streams).
 */
export type HandOver = { response?: Response; value?: unknown }

/** Has `c.json` note each JSON answer it makes, and the value it was made from, where the caller asked (HandOver). */
function handOverAnswers(c: Context<AppEnv>, handOver: HandOver) {
  const json = c.json as (value: unknown, ...rest: unknown[]) => Response
  c.json = ((value: unknown, ...rest: unknown[]) => {
    const response = json(value, ...rest)
    handOver.response = response
    handOver.value = value
    return response
  }) as typeof c.json
}

export const readInput: MiddlewareHandler<AppEnv> = async (c, next) => {
  // The answer's way back to an in-process caller is set up here too: one step on every request, not two.
  if (c.env?.handOver) handOverAnswers(c, c.env.handOver)
  const query = c.req.url.indexOf('?')
  if (query >= 0) {
    for (const [name, value] of new URLSearchParams(c.req.url.slice(query + 1))) {
      if (hasControlCharacters(name) || hasControlCharacters(value))
        throw badRequest(`${name} cannot contain control characters.`, {
          [hasControlCharacters(name) ? '__all__' : name]: ['Control characters are not allowed.'],
        })
    }
  }
  if (SAFE_METHODS.has(c.req.method) || !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    // The body the HTTP server read off the socket is what `c.req.json()` answers (Hono keeps promises in bodyCache).
    if (c.env?.body !== undefined) c.req.bodyCache.text = Promise.resolve(c.env.body) as unknown as string
    return next()
  }
  let text: string | undefined = c.env?.body
  if (text === undefined) {
    text = await c.req.raw.text()
    // Middleware further on (body limits) reads the request's own stream, so it gets a fresh one.
    c.req.raw = new Request(c.req.raw, { body: text })
  }
  c.req.bodyCache.text = Promise.resolve(text) as unknown as string
  if (text.trim() !== '') {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw badRequest('The request body is not valid JSON.')
    }
    const found = unsafeValue(body)
    if (found) throw badRequest(found[1], { [found[0]]: [found[1]] })
    // Parsed once here: the route's validator reads this instead of parsing the text again.
    c.req.bodyCache.json = Promise.resolve(body)
  }
  return next()
}
