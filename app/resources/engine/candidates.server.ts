import { createRoute, z } from '@hono/zod-openapi'
import type { createRouter } from '~/api/create-app'
import { requireStaff } from '~/api/middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '~/api/openapi'
import { tenant } from '~/api/tenant'
import { formatDecimal } from '~/domain/money'
import { checkReferences } from './api.server'
import type { AnyResource } from './define'
import { apiName, totalKeys } from './fields'
import { lineJson } from './lines.server'
import { outputShape } from './validation'

/*
 * What a document's lines can pick now (ADR 013 "Picks"): `GET {resource}/{candidates.path}/`, the
 * records its form offers to tick, each as a picked line reads, with their total where the
 * document keeps one. Another company's record named in `by` is refused as it is in a body.
 */

export function addCandidatesRoute(router: ReturnType<typeof createRouter>, resource: AnyResource, path: string, hide: boolean) {
  const lines = resource.lines
  const picks = lines?.picks
  const candidates = picks?.candidates
  if (!lines || !picks || !candidates?.load) return
  const load = candidates.load
  const by = candidates.by ? { key: candidates.by, name: apiName(candidates.by), field: resource.fields[candidates.by] } : undefined
  if (by && by.field?.kind !== 'reference') throw new Error(`${resource.name}: candidates.by must name a reference field`)
  const schemaName = resource.singular.replace(/\W/g, '')
  const Candidate = z.object({ [apiName(picks.key)]: z.uuid(), ...outputShape(Object.entries(lines.fields)) })
  router.openapi(
    createRoute({
      hide,
      method: 'get',
      path: `${path}/${candidates.path}`,
      tags: [resource.group],
      summary: `${candidates.label}: what a new ${resource.singular.toLowerCase()} can pick${by ? `, narrowed by \`${by.name}\`` : ''}`,
      ...signedIn(requireStaff(resource.permission)),
      request: { query: z.object(by ? { [by.name]: z.uuid({ error: `${by.field!.label}: must be an id.` }).optional() } : {}) },
      responses: {
        200: jsonResponse(
          z.object({ results: z.array(Candidate), ...(lines.total ? { total: z.string().openapi({ description: 'The sum of their amounts' }) } : {}) }).openapi(`${schemaName}Candidates`),
          candidates.label,
        ),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const t = tenant(c)
      const chosen = by ? (c.req.valid('query') as Record<string, string | undefined>)[by.name] : undefined
      // The same check as the field gets in a body, with the same words.
      if (by && chosen) await checkReferences(t.db, t.companyId, resource, { [by.key]: chosen })
      const rows = await load({ tx: t.db, companyId: t.companyId, by: chosen })
      // A candidate is not a line yet: it has no line id.
      const results = rows.map((row) => Object.fromEntries(Object.entries(lineJson(lines, row)).filter(([key]) => key !== 'id')))
      const keys = lines.total ? totalKeys(lines.total) : []
      const total = lines.total ? { total: formatDecimal(rows.reduce((sum, row) => keys.reduce((s, key) => s + Number(row[key] ?? 0), sum), 0)) } : {}
      return c.json({ results, ...total }, 200)
    },
  )
}
