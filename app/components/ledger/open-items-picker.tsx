import type { ReactNode } from 'react'
import { EmptyState, Table, Td, Th } from '~/components/list'
import { ErrorList } from '~/components/ui/field'

/*
 * The open items (rent charges, bills) a form pays together, each ticked by a checkbox named for
 * the API's list of ids: the rent "Mark charges as paid" page and the "Pay Bills" page. A plain
 * fieldset: ticking works the same without JavaScript, and what was ticked stays ticked when the
 * form comes back with errors.
 */

export type OpenItemRow = {
  id: string
  /** What the checkbox says it ticks: `Pay: Bill 4411 · Rapid Plumbing of 2026-11-02, $300.00`. */
  tick: string
  cells: ReactNode[]
}

export function OpenItemsPicker(props: {
  /** The field of the API's body the ticked ids go to (`bill_ids`), as conform names it. */
  field: { name: string; errorId: string; errors?: string[]; initialValue?: unknown }
  legend: string
  columns: readonly { label: string; numeric?: boolean }[]
  rows: readonly OpenItemRow[]
  /** More are open than shown (the oldest come first). */
  more: boolean
  empty: { title: string; body: string }
}) {
  const { field, rows } = props
  if (!rows.length) return <EmptyState title={props.empty.title}>{props.empty.body}</EmptyState>
  const ticked = new Set((field.initialValue as string[] | string | undefined) ?? [])
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{props.legend}</legend>
      <Table>
        <thead>
          <tr>
            <Th>
              <span className="sr-only">Paid</span>
            </Th>
            {props.columns.map((column) => (
              <Th key={column.label} numeric={column.numeric}>
                {column.label}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t">
              <Td>
                <input type="checkbox" name={field.name} value={row.id} defaultChecked={ticked.has(row.id)} aria-label={row.tick} className="size-4 accent-primary" />
              </Td>
              {row.cells.map((cell, i) => (
                <Td key={props.columns[i].label} className={props.columns[i].numeric ? 'text-right tabular-nums' : undefined}>
                  {cell}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <ErrorList id={field.errorId} errors={field.errors} />
      {props.more ? <p className="text-sm text-muted-foreground">The 500 oldest are shown; pay these first to see the rest.</p> : null}
    </fieldset>
  )
}
