const GENERIC = 'Page not found.'

/** The 404 page; `detail` says what is missing when it is a record ("No such building."), not an address. */
export function NotFound({ detail }: { detail?: string }) {
  return (
    <main id="main" className="p-8">
      <NotFoundContent detail={detail} />
    </main>
  )
}

/** The 404 page's content, for a page of its own or inside a shell. */
export function NotFoundContent({ detail }: { detail?: string }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center gap-4">
      <p className="font-mono text-sm text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p>{detail && detail !== GENERIC ? detail : 'There is no page at this address. It may have moved, or the link may be mistyped.'}</p>
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
