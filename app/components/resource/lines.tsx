import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import { Plus, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { formatMoney, parseMoney, readMoney, showDecimal, writeMoney, type NumberFormat } from '~/domain/money'
import { apiName, labelKey, totalKeys, type Field, type LinesField } from '~/resources/engine/fields'
import { decimalPlacesOf, fill, type FieldView } from '~/resources/engine/view'
import { Button } from '../ui/button'
import { ErrorList } from '../ui/field'
import { Input, Select } from '../ui/input'
import type { ReferenceChoices } from '~/resources/engine/pages.server'
import { FieldValue } from './field-value'
import { useDisplayMoney } from './use-currency'
import { ReferencePicker } from './reference-picker'

/*
 * A document's lines (ADR 013) on its page and in its form. In the form "Add line" and "Remove"
 * are submit buttons carrying conform's list intents: without JavaScript the server answers with
 * the form as sent, one line more or less; with it conform applies the same intent in place.
 */

type Line = Record<string, unknown>

/** The line's fields as the page names them (`amount`, `property_group_id` with `property_group_label`); a view's come named, with their targets' pages. */
const lineFieldViews = (field: LinesField): FieldView[] =>
  Object.entries(field.fields).map(([key, f]) => ({ ...f, name: apiName(key), labelKey: f.kind === 'reference' ? labelKey(key) : undefined, ...(f as Partial<FieldView>) }) as FieldView)

/** A record's lines as a table: one column per line field, in order. */
export function LinesView({ field, lines }: { field: LinesField; lines: Line[] | null | undefined }) {
  const columns = lineFieldViews(field).filter((c) => !field.columns || field.columns.some((key) => apiName(key) === c.name))
  if (!lines?.length) return <p className="text-sm text-muted-foreground">No {field.label.toLowerCase()}.</p>
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{field.label}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-3 font-medium">
              #
            </th>
            {columns.map((c) => (
              <th key={c.name} scope="col" className={`py-1 pr-3 font-medium ${numeric(c) ? 'text-right' : ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={String(line.id ?? i)} className="border-t">
              <td className="py-1 pr-3 tabular-nums text-muted-foreground">{i + 1}</td>
              {columns.map((c) => (
                <td key={c.name} className={`py-1 pr-3 ${numeric(c) ? 'text-right' : ''}`}>
                  <FieldValue field={c} record={line} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const numeric = (field: Field) => field.kind === 'money' || field.kind === 'percent' || field.kind === 'number'

/** The form's lines: a row of inputs per line, each named as the API names its errors (`lines[2].amount`). */
export function LinesInput({
  field,
  meta,
  form,
  numbers,
  choices,
}: {
  field: FieldView & LinesField
  meta: FieldMetadata<unknown>
  form: FormMetadata<Record<string, unknown>>
  numbers: NumberFormat
  /** The form's reference choices by input name: a line's own after a search (`lines[2].rental_unit_id`), else its column's (`lines.rental_unit_id`). */
  choices: Record<string, ReferenceChoices>
}) {
  // What domain code sets (an inspection item's work order) and what a line works out (its amount, from
  // quantity and price) are the page's, not the form's: no input a person types into only to be overwritten.
  const columns = lineFieldViews(field).filter((c) => !c.hiddenInForm && !c.readOnly)
  const rows = (meta as unknown as FieldMetadata<Line[]>).getFieldList()
  return (
    // min-w-0: a wide table scrolls inside the form instead of widening it past a phone's screen.
    <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{field.label}</legend>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 pr-2 font-medium">
                #
              </th>
              {columns.map((c) => (
                <th key={c.name} scope="col" className="py-1 pr-2 font-medium">
                  {c.label}
                  {c.required ? (
                    <span aria-hidden className="text-destructive">
                      {' '}
                      *
                    </span>
                  ) : null}
                </th>
              ))}
              <th scope="col" className="sr-only">
                Remove
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const inputs = row.getFieldset() as unknown as Record<string, FieldMetadata<unknown>>
              return (
                <tr key={row.key} className="border-t align-top">
                  <td className="py-1 pr-2 tabular-nums text-muted-foreground">
                    {i + 1}
                    {/* A stored line keeps its id through the edit, so what was made for it still points at it. */}
                    {inputs.id?.initialValue ? <input type="hidden" name={inputs.id.name} value={String(inputs.id.initialValue)} /> : null}
                  </td>
                  {columns.map((c) => (
                    <td key={c.name} className="py-1 pr-2">
                      <LineInput
                        field={c}
                        meta={inputs[c.name]}
                        line={i}
                        numbers={numbers}
                        choices={c.kind === 'reference' ? (choices[inputs[c.name].name] ?? choices[`${field.name}.${c.name}`]) : undefined}
                        current={c.labelKey ? (inputs[c.labelKey]?.initialValue as string | undefined) : undefined}
                      />
                    </td>
                  ))}
                  <td className="py-1">
                    <Button type="submit" variant="ghost" size="sm" {...form.remove.getButtonProps({ name: meta.name, index: i })} aria-label={`Remove line ${i + 1}`} formNoValidate>
                      <X className="size-4" aria-hidden />
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
          {field.balance ? <BalanceFoot field={field} columns={columns} rows={rows.length} numbers={numbers} /> : null}
        </table>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
      <ColumnNotes columns={columns} />
      <Button type="submit" variant="outline" size="sm" className="self-start" {...form.insert.getButtonProps({ name: meta.name })} formNoValidate>
        <Plus className="size-4" aria-hidden /> Add line
      </Button>
    </fieldset>
  )
}

/** What a column's help says (what an empty one means, how a tax credit is claimed), once under the table rather than on every line. */
function ColumnNotes({ columns }: { columns: FieldView[] }) {
  const notes = columns.filter((c) => c.help)
  if (!notes.length) return null
  return (
    <ul className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      {notes.map((c) => (
        <li key={c.name}>
          <span className="font-medium">{c.label}</span>: {c.help}
        </li>
      ))}
    </ul>
  )
}

/**
 * The debits and credits of lines that must balance, added up from the form's inputs as they are
 * typed. Without JavaScript nothing adds them up, so nothing says they balance: the server checks
 * them when the form is saved.
 */
function BalanceFoot({ field, columns, rows, numbers }: { field: FieldView & LinesField; columns: FieldView[]; rows: number; numbers: NumberFormat }) {
  const ref = useRef<HTMLTableSectionElement>(null)
  const [totals, setTotals] = useState<{ debit: number; credit: number } | null>(null)
  const debit = apiName(field.balance!.debit)
  const credit = apiName(field.balance!.credit)
  useEffect(() => {
    const form = ref.current?.closest('form')
    if (!form) return
    const sum = () => {
      const next = { debit: 0, credit: 0 }
      for (const input of form.querySelectorAll<HTMLInputElement>(`input[name^="${field.name}["]`)) {
        const side = input.name.endsWith(`.${debit}`) ? 'debit' : input.name.endsWith(`.${credit}`) ? 'credit' : null
        if (side && input.value.trim()) next[side] += readMoney(input.value, numbers) ?? 0
      }
      setTotals(next)
    }
    sum()
    form.addEventListener('input', sum)
    return () => form.removeEventListener('input', sum)
  }, [field.name, debit, credit, numbers, rows])
  const difference = totals ? totals.debit - totals.credit : 0
  return (
    <tfoot ref={ref} className="border-t bg-muted/30 font-medium">
      <tr>
        <td className="py-2 pr-2">Totals</td>
        {columns.map((c) => (
          <td key={c.name} className="py-2 pr-2 text-right tabular-nums" data-testid={c.name === debit ? 'total-debit' : c.name === credit ? 'total-credit' : undefined}>
            {totals && c.name === debit ? writeMoney(totals.debit, numbers) : totals && c.name === credit ? writeMoney(totals.credit, numbers) : null}
          </td>
        ))}
        <td />
      </tr>
      <tr>
        <td className="pb-2 pr-2" colSpan={columns.length + 2} aria-live="polite">
          {!totals ? (
            <span className="text-muted-foreground">Totals are checked when you save.</span>
          ) : difference === 0 ? (
            <span className="text-emerald-700">Balanced</span>
          ) : (
            <span className="text-red-700">Out of balance by {writeMoney(Math.abs(difference), numbers)}</span>
          )}
        </td>
      </tr>
    </tfoot>
  )
}

function LineInput({ field, meta, line, numbers, choices, current }: { field: FieldView; meta: FieldMetadata<unknown>; line: number; numbers: NumberFormat; choices?: ReferenceChoices; current?: string }) {
  const initial = meta.initialValue == null ? '' : String(meta.initialValue)
  const common = {
    id: meta.id,
    name: meta.name,
    'aria-label': `Line ${line + 1}: ${field.label}`,
    'aria-invalid': meta.errors?.length ? true : undefined,
    'aria-describedby': meta.errors?.length ? meta.errorId : undefined,
  }
  return (
    // Wide enough to read what is typed or chosen; the table scrolls sideways on a narrow screen.
    <div className={`flex flex-col gap-1 ${field.kind === 'reference' || field.kind === 'select' ? 'min-w-44' : numeric(field) ? 'min-w-24' : 'min-w-28'}`}>
      {field.kind === 'reference' ? (
        <ReferencePicker field={field} meta={meta} choices={choices ?? { options: [], more: false }} select={common} current={current} />
      ) : field.kind === 'select' ? (
        <Select {...common} defaultValue={initial}>
          <option value="">—</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      ) : numeric(field) ? (
        <Input {...common} inputMode="decimal" className="text-right" defaultValue={/^-?\d+(\.\d+)?$/.test(initial) ? showDecimal(initial, numbers, decimalPlacesOf(field)) : initial} />
      ) : (
        <Input {...common} type={field.kind === 'date' ? 'date' : 'text'} defaultValue={initial} />
      )}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** What conform keeps of ticked boxes sent back: one is a string, several a list. */
const tickedOf = (value: unknown) => new Set(Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])

/**
 * Lines picked from records (ADR 013 "Picks"): the records that can be picked, one box each, named
 * as the API takes their ids (`journal_line_ids`), with their fields as the lines show them. With
 * JavaScript the total of the ticked ones follows the ticks; without it the saved record shows it.
 */
export function PicksInput({ field, meta, candidates }: { field: FieldView & LinesField; meta: FieldMetadata<unknown>; candidates: Record<string, unknown>[] }) {
  const picks = field.picks!
  const columns = lineFieldViews(field).filter((c) => !field.columns || field.columns.some((key) => apiName(key) === c.name))
  const key = apiName(picks.key)
  // What was ticked when the form came back (an error), as the boxes start.
  const initial = tickedOf(meta.initialValue)
  const [ticked, setTicked] = useState(initial)
  const [live, setLive] = useState(false)
  const table = useRef<HTMLTableElement>(null)
  useEffect(() => {
    // Boxes ticked before the page's script ran count too.
    const boxes = table.current?.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked') ?? []
    setTicked(new Set(Array.from(boxes, (box) => box.value)))
    setLive(true)
  }, [])
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const money = useDisplayMoney()
  const amountKeys = field.total ? totalKeys(field.total) : []
  const total = field.total ? candidates.filter((c) => ticked.has(String(c[key]))).reduce((sum, c) => amountKeys.reduce((s, k) => s + (parseMoney(String(c[apiName(k)] ?? '0')) ?? 0), sum), 0) : null
  return (
    <fieldset id={meta.id} className="flex min-w-0 flex-col gap-2 sm:col-span-2" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{picks.candidates?.label ?? field.label}</legend>
      <ErrorList id={meta.errorId} errors={meta.errors} />
      {candidates.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm">{picks.candidates?.none ?? 'Nothing to choose from.'}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-md border">
          <table ref={table} className="w-full text-left text-sm">
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Pick</span>
                </th>
                {columns.map((c) => (
                  <th key={c.name} scope="col" className={`px-3 py-2 font-semibold ${numeric(c) ? 'text-right' : ''}`}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {candidates.map((candidate) => {
                const id = String(candidate[key])
                return (
                  <tr key={id} className="border-t">
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        name={meta.name}
                        value={id}
                        defaultChecked={initial.has(id)}
                        onChange={(e) => toggle(id, e.currentTarget.checked)}
                        aria-label={fill(picks.describe, candidate)}
                        className="size-4 accent-primary"
                      />
                    </td>
                    {columns.map((c) => (
                      <td key={c.name} className={`px-3 py-2 ${numeric(c) ? 'text-right' : ''}`}>
                        <FieldValue field={c} record={candidate} />
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {total !== null && candidates.length ? (
        <p className="text-sm" aria-live="polite" data-testid="picked-total">
          {live ? (
            <>
              {ticked.size} ticked, total <strong className="tabular-nums">{money(formatMoney(total))}</strong>
            </>
          ) : (
            'The total is the sum of those you tick.'
          )}
        </p>
      ) : null}
    </fieldset>
  )
}
