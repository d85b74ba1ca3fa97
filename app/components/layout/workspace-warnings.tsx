import { TriangleAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'

export type WorkspaceWarning = { slug: string; name: string; description: string; action_url: string | null }

export function WarningsList({ warnings }: { warnings: WorkspaceWarning[] }) {
  if (!warnings.length) return <p className="text-sm text-muted-foreground">No warnings found.</p>
  return (
    <ul className="flex flex-col gap-3">
      {warnings.map((w) => (
        <li key={w.slug} className="flex flex-col gap-1" data-warning={w.slug}>
          <p className="text-sm font-semibold">{w.name}</p>
          <p className="text-sm text-muted-foreground">{w.description}</p>
          {w.action_url ? (
            <Link to={w.action_url} className="self-start text-sm font-medium text-primary underline">
              Fix Issue
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * Closes a <details> menu on Escape (returning focus to its summary) and on a
 * press anywhere outside it. Without JavaScript the summary still closes it.
 */
function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        details.open = false
        details.querySelector('summary')?.focus()
      } else if (!details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener('keydown', close)
    document.addEventListener('pointerdown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('pointerdown', close)
    }
  }, [])
  return ref
}

/**
 * The Workspace Warnings panel of SPEC.md §2, opened from a button in the
 * header so it never sits over the page; absent when the setup has no
 * problems. A <details>, so it opens without JavaScript.
 */
export function WarningsMenu({ warnings }: { warnings: WorkspaceWarning[] }) {
  const ref = useDismissableDetails()
  if (!warnings.length) return null
  return (
    <details ref={ref} className="shrink-0" data-testid="workspace-warnings">
      <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md px-2.5 text-sm font-semibold text-amber-900 hover:bg-accent [&::-webkit-details-marker]:hidden">
        <TriangleAlert aria-hidden className="size-4 text-amber-600" />
        <span className="max-xl:sr-only">Workspace Warnings</span>
        <span aria-hidden className="xl:hidden">
          {warnings.length}
        </span>
        <span className="max-xl:sr-only"> ({warnings.length})</span>
      </summary>
      {/* Placed against the sticky header, not the button, so it stays inside a phone's screen. */}
      <div className="absolute top-full right-2 z-30 mt-1 flex max-h-[70vh] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border bg-background shadow-lg sm:right-4">
        <h2 className="border-b px-4 py-3 text-sm font-semibold">Workspace Warnings</h2>
        <div className="overflow-y-auto px-4 py-3">
          <WarningsList warnings={warnings} />
        </div>
      </div>
    </details>
  )
}
