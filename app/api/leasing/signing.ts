import { createRoute, z } from '@hono/zod-openapi'
import { signingDocument, signingView, signWithLink } from '~/leasing/signatures.server'
import { downloadName } from '~/resources/engine/documents.server'
import { createRouter } from '../create-app'
import { ApiError, notFound } from '../errors'
import { clientIp, rateLimiter } from '../middleware/rate-limit'
import { errorResponses, jsonBody, jsonResponse } from '../openapi'

/*
 * The public side of e-signature (issue 17 item 7): what a signer's link reads and signs, without
 * signing in. The link's token is the only key: an unknown one is 404 "No such signing link.", a
 * canceled request's link 410, and a link that has signed, or whose turn has not come, 409 with
 * what the page tells its signer. A refused signature changes nothing.
 */

const tags = ['Leasing']

export const NO_SUCH_LINK = 'No such signing link.'

const TokenParam = z.object({ token: z.string().openapi({ description: 'The token of the link e-mailed to the signer' }) })

export const SigningView = z
  .object({
    company_name: z.string(),
    lease_label: z.string(),
    message: z.string().nullable().openapi({ description: 'What the company said to the signers' }),
    signer_name: z.string(),
    signer_email: z.string(),
    role: z.string().openapi({ description: 'What they sign as: Primary tenant, Co-tenant, Guarantor, Landlord’s representative' }),
    state: z.enum(['ready', 'signed', 'not-your-turn', 'completed', 'canceled']).openapi({ description: '`ready`: they may sign now' }),
    detail: z.string().nullable().openapi({ description: 'Why they cannot sign now, in their words' }),
    signers: z.array(z.object({ name: z.string(), role: z.string(), signed: z.boolean(), you: z.boolean() })).openapi({ description: 'Everyone who signs, in order' }),
  })
  .openapi('SigningView')

const CONSENT = 'Tick the box to agree to sign electronically.'
const NAME = 'Type your full name to sign.'
/** A drawn signature: a PNG as a data URL, at most about 300 kB. */
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/

/** What signing sends: consent to sign electronically, the full name typed, and the signature drawn (with JavaScript). */
export const SignLease = z
  .object({
    consent: z.boolean({ error: CONSENT }).refine((agreed) => agreed, CONSENT),
    typed_name: z.string({ error: NAME }).trim().min(1, NAME).max(200, 'Your name: at most 200 characters.'),
    signature_image: z
      .string()
      .max(400_000, 'The drawn signature is too large: clear it and draw it again.')
      .regex(PNG_DATA_URL, 'The drawn signature could not be read: clear it and draw it again.')
      .optional()
      .openapi({ description: 'The signature drawn, as a PNG data URL; without it the typed name is the signature' }),
  })
  .strict()
  .openapi('SignLease')

const SignResult = z.object({ detail: z.string() }).openapi('SignResult')

// A link's signer signs once; a few tries from one address is a person, hundreds is a script.
const signsPerIp = rateLimiter('signing-ip', 60, 60 * 60)

function gone(detail: string) {
  return new ApiError(410, detail)
}

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/sign/{token}',
    tags,
    summary: 'What a signing link shows its signer (no sign-in: the link is the key)',
    request: { params: TokenParam },
    responses: { 200: jsonResponse(SigningView, 'The lease to sign and where the signing stands'), ...errorResponses(404), 410: jsonResponse(z.object({ detail: z.string() }), 'The request was canceled') },
  }),
  async (c) => {
    const view = await signingView(c.req.valid('param').token)
    if (!view) throw notFound(NO_SUCH_LINK)
    if (view.state === 'canceled') throw gone(view.detail!)
    return c.json(view, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/sign/{token}/document',
    tags,
    summary: 'The lease as sent to sign, as a PDF, for the link’s signer to read',
    request: { params: TokenParam },
    responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses(404), 410: jsonResponse(z.object({ detail: z.string() }), 'The request was canceled') },
  }),
  async (c) => {
    const found = await signingDocument(c.req.valid('param').token)
    if (!found) throw notFound(NO_SUCH_LINK)
    if (found.status === 'CANCELED') throw gone('This signature request was canceled: the lease it sent is no longer to sign.')
    return c.body(found.document as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${downloadName(found.name)}"`, 'cache-control': 'private, no-store' })
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/sign/{token}',
    tags,
    summary: 'Sign the lease with a signing link: consent, the full name typed and, optionally, the signature drawn',
    description:
      'Keeps when, from which address and browser. The next signer is e-mailed their link; when the last signs, the lease is activated and everyone is sent the signed copy. 409 when the link has signed already or its turn has not come, 410 when the request was canceled; either changes nothing.',
    request: { params: TokenParam, ...jsonBody(SignLease) },
    responses: { 200: jsonResponse(SignResult, 'Signed'), ...errorResponses(400, 404, 409, 429), 410: jsonResponse(z.object({ detail: z.string() }), 'The request was canceled') },
  }),
  async (c) => {
    await signsPerIp.count(clientIp(c))
    const body = c.req.valid('json')
    const result = await signWithLink(c.req.valid('param').token, {
      typedName: body.typed_name,
      drawnSignature: body.signature_image ?? null,
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? null,
    })
    if (!result) throw notFound(NO_SUCH_LINK)
    if (result.refused === 'canceled') throw gone(result.detail)
    if (result.refused) throw new ApiError(409, result.detail)
    return c.json({ detail: result.detail }, 200)
  },
)
