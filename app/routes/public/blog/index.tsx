import { Link } from 'react-router'
import { PageIntro, PublicPage } from '~/components/marketing'
import { displayDate, POSTS } from '~/marketing/blog.server'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/index'

export function loader() {
  return { posts: POSTS.map(({ html: _html, ...post }) => ({ ...post, displayDate: displayDate(post.date) })) }
}

export const meta: Route.MetaFunction = (args) => [
  ...publicMeta(args, { title: 'Blog', description: 'News from Lintel: what we shipped, what we are building next, and how we build property management software.' }),
  { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'Lintel blog', href: '/blog/rss.xml' },
]

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <PublicPage>
      <PageIntro
        title="The Lintel blog"
        lead={
          <>
            What we shipped, what we are building next, and why. Follow it with the{' '}
            <a href="/blog/rss.xml" className="text-primary underline">
              RSS feed
            </a>
            .
          </>
        }
      />
      <ol className="flex max-w-3xl flex-col gap-10">
        {loaderData.posts.map((post) => (
          <li key={post.slug}>
            <article className="flex flex-col gap-2">
              <time dateTime={post.date} className="text-sm text-muted-foreground">
                {post.displayDate}
              </time>
              <h2 className="text-2xl font-bold tracking-tight">
                <Link to={`/blog/${post.slug}/`} className="text-primary underline-offset-4 hover:underline">
                  {post.title}
                </Link>
              </h2>
              <p className="text-muted-foreground">{post.summary}</p>
            </article>
          </li>
        ))}
      </ol>
    </PublicPage>
  )
}
