export function NotFound() {
  return (
    <main id="main" className="p-8">
      <NotFoundContent />
    </main>
  )
}

/** The 404 page's content, for a page of its own or inside a shell. */
export function NotFoundContent() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center gap-4">
      <p className="font-mono text-sm text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <ul className="flex gap-4 text-primary underline">
        <li>
          <a href="/">Home</a>
        </li>
        <li>
          <a href="/app/">Your dashboard</a>
        </li>
      </ul>
    </div>
  )
}
