import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import { cn } from '~/utils/misc'

type Toast = { id?: string; type: 'success' | 'error' | 'info'; title?: string; description: string }

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info }

/**
 * The pending toast, top-right below the header (whose buttons stay in reach), gone after 5 s (SPEC.md §9). It is plain
 * markup with a CSS animation, so it shows and leaves without JavaScript too.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  if (!toast) return null
  const Icon = ICONS[toast.type]
  return (
    <div className="pointer-events-none fixed right-4 top-16 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      {/* Keyed by the toast, so a new toast on a page that showed one is a new element whose animation starts over. */}
      <div
        key={toast.id}
        role={toast.type === 'error' ? 'alert' : 'status'}
        data-testid="toast"
        className={cn(
          'toast pointer-events-auto flex items-start gap-3 rounded-lg border bg-background p-4 text-sm shadow-lg',
          toast.type === 'error' && 'border-red-300 bg-red-50 text-red-950',
          toast.type === 'success' && 'border-emerald-300 bg-emerald-50 text-emerald-950',
        )}
      >
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
        <div>
          {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
          <p>{toast.description}</p>
        </div>
      </div>
    </div>
  )
}
