import { siteOrigin } from '~/api/origin'
import { DISALLOWED_PATHS } from '~/marketing/site'
import type { Route } from './+types/robots'

export function loader({ request }: Route.LoaderArgs) {
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteOrigin(request)}/sitemap.xml`, '']
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } })
}
