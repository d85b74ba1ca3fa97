import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from './context'
import { validationError } from './errors'

/** Every API router is made here, so validation failures answer the same way everywhere. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    // Every path answers with and without its trailing slash (DESIGN.md §2).
    strict: false,
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error)
    },
  })
}

export type Router = ReturnType<typeof createRouter>
