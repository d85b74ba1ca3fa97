import { data, Link } from 'react-router'
import { PublicPage } from '~/components/marketing'
import { displayDate, postBySlug } from '~/marketing/blog.server'
import { publicMeta } from '~/marketing/meta'
import type { Route } from './+types/post'

export function loader({ params }: Route.LoaderArgs) {
  const post = postBySlug(params.slug)
  if (!post) throw data({ detail: 'Page not found.' }, { status: 404 })
  return { post: { ...post, displayDate: displayDate(post.date) } }
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? [
        ...publicMeta(args, { title: args.loaderData.post.title, description: args.loaderData.post.summary, type: 'article' }),
        { property: 'article:published_time', content: args.loaderData.post.date },
        { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'Lintel blog', href: '/blog/rss.xml' },
      ]
    : []

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  return (
    <PublicPage>
      <article className="flex max-w-3xl flex-col gap-8">
        <header className="flex flex-col gap-3">
          <Link to="/blog/" className="text-sm font-semibold text-primary underline">
            The Lintel blog
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{post.title}</h1>
          <p className="text-sm text-muted-foreground">
            <time dateTime={post.date}>{post.displayDate}</time> · {post.author}
          </p>
        </header>
        {/* Written in this repository (app/marketing/posts), not by visitors. */}
        <div className="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
    </PublicPage>
  )
}
