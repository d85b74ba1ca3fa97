import { Link } from 'react-router'
import { cn } from '~/utils/misc'

/** A report's or page's headline figures in a row of small boxes, each a label over its value (and, where it has one, a link to what makes it up). */
export function SummaryFigures({ figures, className }: { figures: readonly { label: string; value: string; href?: string }[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6', className)}>
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg border bg-background p-3">
          <dt className="text-xs text-muted-foreground">{figure.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {figure.href ? (
              <Link to={figure.href} className="text-primary underline-offset-2 hover:underline">
                {figure.value}
              </Link>
            ) : (
              figure.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}
