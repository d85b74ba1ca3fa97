import { FEATURE_PAGES } from './features'

/*
 * A company's public page lives at /{its address}/ (its listings), beside the site's own pages: an
 * address one of them uses would never reach the company. These first segments are the site's; a
 * test checks every fixed first segment of app/routes.ts is among them.
 */
export const RESERVED_ADDRESSES: ReadonlySet<string> = new Set([
  'app',
  'rc',
  'mt',
  'api',
  'assets',
  'images',
  'resources',
  'logout',
  'login',
  'signup',
  'reset-password',
  'accept-invitation',
  'listings',
  'apply',
  'sign',
  'features',
  'pricing',
  'integrations',
  'faqs',
  'about',
  'blog',
  'careers',
  'referral-program',
  'open-api',
  'robots.txt',
  'sitemap.xml',
  ...FEATURE_PAGES.map((page) => page.slug),
])
