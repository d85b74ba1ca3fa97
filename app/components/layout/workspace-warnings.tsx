import { TriangleAlert } from 'lucide-react'
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

/** The floating panel of SPEC.md §2; absent when the setup has no problems. A <details>, so it opens without JavaScript. */
export function WarningsPanel({ warnings }: { warnings: WorkspaceWarning[] }) {
  if (!warnings.length) return null
  return (
    <details className="group fixed bottom-5 left-5 z-30 max-w-sm rounded-lg border bg-background shadow-lg wide:left-[17.25rem]" data-testid="workspace-warnings">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-sm font-semibold text-amber-900 [&::-webkit-details-marker]:hidden">
        <TriangleAlert aria-hidden className="size-4 text-amber-600" />
        Workspace Warnings ({warnings.length})
      </summary>
      <div className="max-h-[60vh] overflow-y-auto border-t px-4 py-3">
        <WarningsList warnings={warnings} />
      </div>
    </details>
  )
}
