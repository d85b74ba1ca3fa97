import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context'
import { userTypes } from '~/db/schema'
import { authenticate, type Gate } from './middleware/auth'
import { idempotency } from './middleware/idempotency'
import { acrossCompanies, companyScope } from './tenant'
import { ErrorBody } from './errors'

/** A JSON request body. An object body refuses fields it does not name: a misspelt field is an error, never silently dropped. */
/** A JSON body; `required: false` for one a client may leave out (an action that needs nothing). */
export const jsonBody = <T extends z.ZodType>(schema: T, description?: string, options: { required?: boolean } = {}) => ({
  body: { content: { 'application/json': { schema: strict(schema) } }, required: options.required ?? true, description },
})

function strict<T extends z.ZodType>(schema: T): T {
  if (!(schema instanceof z.ZodObject) || schema.def.catchall !== undefined) return schema
  const strictSchema = schema.strict()
  // The strict copy keeps the original's OpenAPI name and description, so the document is unchanged.
  const metadata = zodToOpenAPIRegistry.get(schema)
  if (metadata) zodToOpenAPIRegistry.add(strictSchema, metadata)
  return strictSchema as unknown as T
}

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

const ERROR_DESCRIPTIONS = {
  400: 'Invalid input; `errors` names each field',
  401: 'Missing, expired or invalid credentials',
  403: 'Signed in, but not allowed to do this',
  404: 'No such record in your company',
  409: 'Conflicts with the current state',
  429: 'Too many attempts; wait and retry',
} as const

export function errorResponses<C extends keyof typeof ERROR_DESCRIPTIONS>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, jsonResponse(ErrorBody, ERROR_DESCRIPTIONS[code])])) as Record<
    C,
    ReturnType<typeof jsonResponse<typeof ErrorBody>>
  >
}

export const bearer = [{ bearer: [] }]

/** The gate the guards make together: every user type they all let in, and the one permission rule among them. */
function gateOf(guards: MiddlewareHandler<AppEnv>[]): Gate {
  const gate: Gate = { user_types: [...userTypes], any_permission: [] }
  for (const part of guards.map((g) => (g as { gate?: Partial<Gate> }).gate)) {
    if (part?.user_types) gate.user_types = gate.user_types.filter((type) => part.user_types!.includes(type))
    if (part?.any_permission?.length) {
      // Two permission rules would both have to hold, which the gate cannot say: one guard names the permissions.
      if (gate.any_permission.length) throw new Error('An operation takes one permission guard.')
      gate.any_permission = part.any_permission
    }
  }
  return gate
}

/**
 * Spread into createRoute: marks the route as needing a bearer token in the
 * OpenAPI document and runs authentication, then any guards, then the
 * `Idempotency-Key` handling (keyed to the signed-in user) before the handler, all in one
 * transaction scoped to the caller's company (`companyScope`).
 * The guards' gate is documented on the operation as `x-lintel-gate`, so the
 * document says exactly what is enforced. Routes that are not signed in
 * (sign-in, tokens, password reset, invitations) take no key: their answers
 * hold tokens, which are never kept for a replay.
 */
export function signedIn(...guards: MiddlewareHandler<AppEnv>[]) {
  return { security: bearer, 'x-lintel-gate': gateOf(guards), middleware: [authenticate, companyScope, ...guards, idempotency] }
}

/**
 * `signedIn` for a route whose answer shows a secret once (a new API key): an
 * `Idempotency-Key` is not honoured, since a kept answer would hand the secret out again.
 */
export function signedInShowingSecret(...guards: MiddlewareHandler<AppEnv>[]) {
  return { security: bearer, 'x-lintel-gate': gateOf(guards), middleware: [authenticate, companyScope, ...guards] }
}

/**
 * Spread into createRoute for a route that is not signed in and reads or writes tenant-owned rows
 * found by what it is sent (a login's email, a token, an invitation): see `acrossCompanies`.
 */
export function beforeSignIn() {
  return { middleware: [acrossCompanies] }
}
