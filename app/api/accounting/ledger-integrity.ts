import { createRoute, z } from '@hono/zod-openapi'
import { checkLedger, FINDING_KINDS, type FindingKind } from '~/ledger/integrity.server'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'

/*
 * accounting/ledger-integrity/: the ledger integrity check as an admin report. Every
 * entry balances, lines agree with their entries, reversals negate, numbers have no
 * gaps, deposits and final reconciliations tie out; otherwise each finding says where.
 */

const Finding = z
  .object({
    kind: z.enum(Object.keys(FINDING_KINDS) as [FindingKind, ...FindingKind[]]),
    kind_label: z.string(),
    message: z.string(),
    entry_id: z.string().nullable(),
    entry_number: z.number().int().nullable(),
    record_id: z.string().nullable().openapi({ description: 'The deposit or reconciliation concerned' }),
  })
  .openapi('LedgerIntegrityFinding')

export const Report = z
  .object({
    ok: z.boolean(),
    entries: z.number().int(),
    lines: z.number().int(),
    checked_at: z.string(),
    findings: z.array(Finding),
  })
  .openapi('LedgerIntegrity')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/ledger-integrity',
    tags: ['Accounting'],
    summary: 'Check the ledger: every entry balances, reversals negate, numbers have no gaps, deposits and final reconciliations tie out',
    // The company's administrators (management company permission) or its accountants.
    ...signedIn(requireStaff('management_company', 'accounting')),
    responses: { 200: jsonResponse(Report, 'What was checked and what was found'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const report = await checkLedger(t.db, t.companyId)
    return c.json(
      {
        ok: report.ok,
        entries: report.entries,
        lines: report.lines,
        checked_at: new Date().toISOString(),
        findings: report.findings.map((f) => ({ kind: f.kind, kind_label: FINDING_KINDS[f.kind], message: f.message, entry_id: f.entryId ?? null, entry_number: f.entryNumber ?? null, record_id: f.recordId ?? null })),
      },
      200,
    )
  },
)
