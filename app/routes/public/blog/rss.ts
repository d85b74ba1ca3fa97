import { siteOrigin } from '~/api/origin'
import { POSTS } from '~/marketing/blog.server'
import { escapeXml } from '~/marketing/xml'
import type { Route } from './+types/rss'

/** The blog as an RSS 2.0 feed, newest first. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request)
  const items = POSTS.map((post) => {
    const url = `${origin}/blog/${post.slug}/`
    return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${url}</link>
      <guid isPermaLink="true">${url}</guid>
      <pubDate>${new Date(`${post.date}T12:00:00Z`).toUTCString()}</pubDate>
      <description>${escapeXml(post.summary)}</description>
    </item>`
  })
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>The Lintel blog</title>
    <link>${origin}/blog/</link>
    <atom:link href="${origin}/blog/rss.xml" rel="self" type="application/rss+xml" />
    <description>What Lintel shipped, what it is building next, and why.</description>
    <language>en-ca</language>
${items.join('\n')}
  </channel>
</rss>
`
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } })
}
