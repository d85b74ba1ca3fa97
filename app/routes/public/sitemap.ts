import { siteOrigin } from '~/api/origin'
import { publishedListingPaths } from '~/leasing/listings.server'
import { POSTS } from '~/marketing/blog.server'
import { PUBLIC_PATHS } from '~/marketing/site'
import type { Route } from './+types/sitemap'

export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request)
  const urls = [
    ...PUBLIC_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`),
    ...POSTS.map((post) => `  <url><loc>${origin}/blog/${post.slug}/</loc><lastmod>${post.date}</lastmod></url>`),
    // The companies' published listings and their pages: what people search for.
    ...(await publishedListingPaths()).map(({ path, lastmod }) => `  <url><loc>${origin}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } })
}
