import { z } from '@hono/zod-openapi'
import { PERMISSIONS } from '~/domain/permissions'
import { userTypes } from '~/db/schema'

export const Email = z
  .string({ error: 'Enter an e-mail address.' })
  .trim()
  .min(1, 'Enter an e-mail address.')
  .max(254, 'E-mail must be at most 254 characters.')
  .email('Enter a valid e-mail address.')
  .transform((s) => s.toLowerCase())

export const NewPassword = z
  .string({ error: 'Enter a password.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(200, 'Password must be at most 200 characters.')

export const PersonName = (label: string) =>
  z.string({ error: `Enter the ${label}.` }).trim().min(1, `Enter the ${label}.`).max(100, `The ${label} must be at most 100 characters.`)

export const OptionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .nullable()
    .transform((s) => (s ? s : null))

export const TokenPair = z.object({ access: z.string(), refresh: z.string(), user_type: z.enum(userTypes) }).openapi('TokenPair')

export const PermissionFlags = z
  .object(Object.fromEntries(PERMISSIONS.map((p) => [p.flag, z.boolean()])) as Record<(typeof PERMISSIONS)[number]['flag'], z.ZodBoolean>)
  .openapi('PermissionFlags')

export const WorkspaceSettings = z
  .object({ has_e_signature_enabled: z.boolean(), has_lintel_ai_enabled: z.boolean(), sms: z.boolean() })
  .openapi('WorkspaceSettings')

/** The workspace switches as the API states them, from a company row. */
export function workspaceSettingsOf(company: { hasESignatureEnabled: boolean; hasAiEnabled: boolean; smsEnabled: boolean }): z.infer<typeof WorkspaceSettings> {
  return { has_e_signature_enabled: company.hasESignatureEnabled, has_lintel_ai_enabled: company.hasAiEnabled, sms: company.smsEnabled }
}

export const Detail = z.object({ detail: z.string() }).openapi('Detail')

export const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) })
