import { FEATURE_PAGES } from './features'

/** Every public page a search engine should know (the blog's posts are added from the posts themselves). */
export const PUBLIC_PATHS = [
  '/',
  '/features/',
  ...FEATURE_PAGES.map((page) => `/${page.slug}/`),
  '/pricing/',
  '/integrations/',
  '/faqs/',
  '/about/',
  '/blog/',
  '/careers/',
  '/careers/sales-director/',
  '/referral-program/',
  '/open-api/',
  '/signup/',
  '/login/',
]

/** Where crawlers are not wanted: signed-in areas, the API and one-time links. */
export const DISALLOWED_PATHS = ['/app/', '/rc/', '/mt/', '/op/', '/api/', '/reset-password/', '/accept-invitation/', '/signup/confirm/', '/logout']
