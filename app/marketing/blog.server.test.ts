import { describe, expect, it } from 'vitest'
import { displayDate, parsePost, POSTS } from './blog.server'

describe('blog posts from Markdown', () => {
  it('reads the front matter and renders the Markdown', () => {
    const post = parsePost('hello', '---\ntitle: Hello: world\ndate: 2026-11-20\nauthor: Ada\nsummary: A first post.\n---\n\n## A heading\n\nSome `code` and [a link](/pricing/).\n')
    expect(post).toMatchObject({ slug: 'hello', title: 'Hello: world', date: '2026-11-20', author: 'Ada', summary: 'A first post.' })
    expect(post.html).toContain('<h2>A heading</h2>')
    expect(post.html).toContain('<code>code</code>')
    expect(post.html).toContain('<a href="/pricing/">a link</a>')
  })

  it('refuses a post without front matter, a field or a proper date', () => {
    expect(() => parsePost('a', '# No front matter')).toThrow('Blog post a has no front matter block')
    expect(() => parsePost('b', '---\ntitle: T\ndate: 2026-11-20\nauthor: A\n---\nText')).toThrow('Blog post b has no summary')
    expect(() => parsePost('c', '---\ntitle: T\ndate: 20 Nov 2026\nauthor: A\nsummary: S\n---\nText')).toThrow('date must be YYYY-MM-DD')
  })

  it('keeps the repository’s posts newest first, each with a unique slug', () => {
    expect(POSTS.length).toBeGreaterThanOrEqual(3)
    expect(POSTS.map((p) => p.date)).toEqual([...POSTS.map((p) => p.date)].sort().reverse())
    expect(new Set(POSTS.map((p) => p.slug)).size).toBe(POSTS.length)
  })

  it('writes dates the same wherever the server runs', () => {
    expect(displayDate('2026-01-01')).toBe('January 1, 2026')
  })
})
