import { cn } from '~/utils/misc'

/*
 * A bar chart drawn on the server as SVG, so it shows with JavaScript off, with its accessible
 * alternative beside it: the SVG is an image named by the chart's title and a sentence saying what
 * it shows, and the same figures are a table under a disclosure anyone can open.
 */

export type ChartSeries = { label: string; /** The bars' fill (`fill-primary`) and the legend's swatch (`bg-primary`). */ fill: string; swatch: string }
/** One group of bars: its name in full ("Mar 2026") and under the axis ("Mar"), its values (one per series) and how each reads ("$1,250.00"). */
export type ChartPoint = { key: string; label: string; short: string; values: number[]; shown: string[] }

const GROUP = 10
const GAP = 2

export function BarChart({ id, title, summary, series, points, top }: { id: string; title: string; summary: string; series: ChartSeries[]; points: ChartPoint[]; /** How the tallest value reads, at the top of the scale. */ top: string }) {
  const max = Math.max(0, ...points.flatMap((p) => p.values))
  const bar = (GROUP - GAP) / series.length
  return (
    <figure aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3 rounded-lg border bg-background p-4">
      <figcaption className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="font-semibold">
          {title}
        </h2>
        <p id={`${id}-summary`} className="text-sm text-muted-foreground">
          {summary}
        </p>
      </figcaption>
      {series.length > 1 ? (
        <ul aria-hidden className="flex flex-wrap gap-4 text-xs">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span className={cn('size-3 rounded-sm', s.swatch)} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="min-w-0">
        <p aria-hidden className="text-[11px] tabular-nums text-muted-foreground">{max ? top : 'None'}</p>
        <svg role="img" aria-labelledby={`${id}-title ${id}-summary`} viewBox={`0 0 ${points.length * GROUP} 100`} preserveAspectRatio="none" className="block h-40 w-full border-b border-l border-border">
          {points.flatMap((point, i) =>
            point.values.map((value, j) => {
              const height = max ? (value / max) * 98 : 0
              return (
                <rect key={`${point.key}-${j}`} className={series[j].fill} x={i * GROUP + GAP / 2 + j * bar} y={100 - height} width={bar * 0.9} height={height}>
                  <title>{`${point.label}, ${series[j].label}: ${point.shown[j]}`}</title>
                </rect>
              )
            }),
          )}
        </svg>
        <div aria-hidden className="flex text-[11px] text-muted-foreground">
          {points.map((point) => (
            <span key={point.key} className="flex-1 truncate text-center">
              {point.short}
            </span>
          ))}
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary underline-offset-2 hover:underline">The figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b px-2 py-1 font-semibold">
                  Month
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="border-b px-2 py-1 text-right font-semibold">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.key}>
                  <th scope="row" className="border-b px-2 py-1 font-normal">
                    {point.label}
                  </th>
                  {point.shown.map((value, j) => (
                    <td key={series[j].label} className="border-b px-2 py-1 text-right tabular-nums">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
