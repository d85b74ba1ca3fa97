import { createRoute, z } from '@hono/zod-openapi'
import { getDb } from '~/db/client.server'
import { referralAffiliates } from '~/db/schema'
import { HONEYPOT_FIELD } from '~/components/honeypot'
import { createRouter } from '../create-app'
import { clientIp, rateLimiter } from '../middleware/rate-limit'
import { errorResponses, jsonBody, jsonResponse } from '../openapi'
import { Detail, Email, OptionalText, PersonName } from '../platform/schemas'

/*
 * The referral program's sign-up, posted by the public /referral-program/ page
 * (or anyone): no account needed, so it carries a honeypot and a rate limit.
 */

// A person applies once; a few more from one office's address is still plausible, dozens is a script.
const applicationsPerIp = rateLimiter('referral-ip', 10, 60 * 60)

export const REFERRAL_RECEIVED = 'Thank you for applying. We read every application and answer by e-mail within two business days.'

export const ReferralAffiliateBody = z
  .object({
    name: PersonName('name'),
    email: Email,
    company: OptionalText('Company', 200),
    referral_plan: z
      .string({ error: 'Tell us how you will refer property managers to Lintel.' })
      .trim()
      .min(1, 'Tell us how you will refer property managers to Lintel.')
      .max(2000, 'How you will refer must be at most 2000 characters.')
      .openapi({ description: 'How they will refer property managers: their clients, an audience, a newsletter, events…' }),
    [HONEYPOT_FIELD]: z
      .string()
      .optional()
      .openapi({ description: 'Leave out or empty. Forms hide it from people; an application that fills it is answered as usual and not kept.' }),
  })
  .openapi('ReferralAffiliateApplication')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/referral/affiliates',
    tags: ['Referral program'],
    summary: 'Apply to the referral program',
    description:
      'A second application from the same e-mail is answered the same way and the first one is kept. Limited to 10 applications an hour from one address.',
    request: jsonBody(ReferralAffiliateBody),
    responses: { 201: jsonResponse(Detail, 'Application received'), ...errorResponses(400, 429) },
  }),
  async (c) => {
    await applicationsPerIp.count(clientIp(c))
    const body = c.req.valid('json')
    if (!body[HONEYPOT_FIELD]) {
      await getDb()
        .insert(referralAffiliates)
        .values({ name: body.name, email: body.email, company: body.company, referralPlan: body.referral_plan })
        .onConflictDoNothing({ target: referralAffiliates.email })
    }
    return c.json({ detail: REFERRAL_RECEIVED }, 201)
  },
)
