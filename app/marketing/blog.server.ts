import { marked } from 'marked'

/*
 * The blog: Markdown files in ./posts, named `{slug}.md`, each opening with
 * a front matter block (title, date as YYYY-MM-DD, author, summary). They are
 * bundled into the build and rendered once, when the server starts.
 */

export type Post = { slug: string; title: string; date: string; author: string; summary: string; html: string }

const FIELDS = ['title', 'date', 'author', 'summary'] as const

export function parsePost(slug: string, source: string): Post {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source)
  if (!match) throw new Error(`Blog post ${slug} has no front matter block`)
  const meta: Record<string, string> = {}
  for (const line of match[1].split(/\r?\n/)) {
    const field = /^(\w+):\s*(.*)$/.exec(line)
    if (field) meta[field[1]] = field[2].trim()
  }
  for (const field of FIELDS) if (!meta[field]) throw new Error(`Blog post ${slug} has no ${field}`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(meta.date)) throw new Error(`Blog post ${slug}: date must be YYYY-MM-DD, not ${meta.date}`)
  const html = marked.parse(match[2], { async: false, gfm: true })
  return { slug, title: meta.title, date: meta.date, author: meta.author, summary: meta.summary, html }
}

const sources = import.meta.glob<string>('./posts/*.md', { query: '?raw', import: 'default', eager: true })

/** Every post, newest first. */
export const POSTS: Post[] = Object.entries(sources)
  .map(([path, source]) => parsePost(path.replace(/^.*\/(.+)\.md$/, '$1'), source))
  .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))

export function postBySlug(slug: string) {
  return POSTS.find((post) => post.slug === slug)
}

/** "November 20, 2026" from "2026-11-20", the same wherever the server runs. */
export function displayDate(date: string) {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}
