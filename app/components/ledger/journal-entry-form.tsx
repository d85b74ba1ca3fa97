import { Plus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { IdempotencyKey } from '~/components/idempotency-key'
import { Button } from '~/components/ui/button'
import { ErrorList, FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { useNumberFormat } from '~/components/resource/use-currency'
import { LINE_DIMENSIONS, type DimensionLabelName, type DimensionName } from '~/domain/ledger/dimensions'
import { decimalHint, readMoney, showDecimal, writeMoney, type NumberFormat } from '~/domain/money'

/*
 * The journal entry form: date, memo and a grid of lines (account, debit, credit,
 * memo, property, unit). It is a plain form: without JavaScript "Add lines" asks the server
 * for more rows and every value comes back; with it the totals follow the typing.
 */

export const LINE_ROWS = 4

/**
 * What a person types on a line. The unit is typed as its number ("204"; "204 · North Tower" where
 * the number is used in more than one building) and found by the server on save (resolveLineUnits).
 */
export const LINE_FIELDS = ['account_id', 'debit', 'credit', 'memo', 'property_group_id', 'unit'] as const
/**
 * A line's dimensions held in hidden fields: the unit found for what was typed, and the others
 * (lease, resident, vendor, owner), set by the API or a document and not offered on the grid, with
 * their names shown on the row, so correcting an entry never strips them.
 */
export const CARRIED_DIMENSIONS = LINE_DIMENSIONS.map((d) => d.name).filter((name): name is Exclude<DimensionName, 'property_group_id'> => name !== 'property_group_id')

// The carried dimensions named on the row's "Also tagged"; the unit has its own column.
const TAGGED = LINE_DIMENSIONS.filter((d) => d.name !== 'property_group_id' && d.name !== 'rental_unit_id')

export type LineValues = Record<(typeof LINE_FIELDS)[number] | (typeof CARRIED_DIMENSIONS)[number], string> & {
  /** The other carried dimensions' names, as shown on the row ("Jane Doe · Vendor"). */
  tags: string
  /** The unit's number as the line was given (with `rental_unit_id`): while `unit` still reads so, the unit is kept as it is. */
  unit_label: string
}
export type EntryFormValues = { date: string; memo: string; reversal_date?: string; lines: LineValues[] }
export type EntryFormErrors = { form?: string[]; fields?: Record<string, string[]>; lines?: Record<number, string[]> }
type Choice = { value: string; label: string }

export const emptyLine = (): LineValues => ({
  ...(Object.fromEntries([...LINE_FIELDS, ...CARRIED_DIMENSIONS].map((f) => [f, ''])) as Omit<LineValues, 'tags' | 'unit_label'>),
  tags: '',
  unit_label: '',
})

/** A line as the API answers it, as the grid's values: amounts written in the company's `numbers` format. */
export function lineValuesFromApi(
  line: { account_id: string; debit: string | null; credit: string | null; memo: string | null; property_group_id: string | null } & Partial<Record<DimensionName | DimensionLabelName, string | null>>,
  numbers: NumberFormat,
): LineValues {
  const unit = line.rental_unit_id ? (line.rental_unit_label ?? '') : ''
  const tags = TAGGED.map((d) => (line[d.name] ? (line[d.labelName] ?? d.label) : null))
  return {
    account_id: line.account_id,
    debit: line.debit ? showDecimal(line.debit, numbers) : '',
    credit: line.credit ? showDecimal(line.credit, numbers) : '',
    memo: line.memo ?? '',
    property_group_id: line.property_group_id ?? '',
    ...(Object.fromEntries(CARRIED_DIMENSIONS.map((name) => [name, line[name] ?? ''])) as Record<(typeof CARRIED_DIMENSIONS)[number], string>),
    unit,
    unit_label: unit,
    tags: tags.filter(Boolean).join(' · '),
  }
}

/** The lines' debits and credits added up as the person wrote them; an amount the format cannot read counts as nothing (saving names it). */
function totalsOf(lines: Pick<LineValues, 'debit' | 'credit'>[], numbers: NumberFormat) {
  let debit = 0
  let credit = 0
  for (const line of lines) {
    debit += readMoney(line.debit || '0', numbers) ?? 0
    credit += readMoney(line.credit || '0', numbers) ?? 0
  }
  return { debit, credit }
}

function totalsFromForm(form: HTMLFormElement, numbers: NumberFormat) {
  const data = new FormData(form)
  const rows = Number(data.get('rows')) || 0
  return totalsOf(
    Array.from({ length: rows }, (_, i) => ({ debit: String(data.get(`lines[${i}].debit`) ?? ''), credit: String(data.get(`lines[${i}].credit`) ?? '') })),
    numbers,
  )
}

/** The summary of an entry form's errors: each about a field or a line links to it; a field's control has the id `{form id}-{field}`. */
function EntryErrorSummary({ id, errors }: { id: string; errors?: EntryFormErrors }) {
  const fields = Object.fromEntries(Object.entries(errors?.fields ?? {}).map(([name, messages]) => [`${id}-${name}`, messages]))
  for (const [row, messages] of Object.entries(errors?.lines ?? {})) {
    // Most line errors already name their line ("Line 2: …"); the others get it here.
    const line = `Line ${Number(row) + 1}`
    fields[`${id}-line-${row}-account`] = messages.map((m) => (m.startsWith(`${line}:`) ? m : `${line}: ${m}`))
  }
  return <FormErrors errors={errors?.form} fields={fields} />
}

export function JournalEntryForm({
  id,
  values,
  errors,
  choices,
  submitLabel,
  correcting,
}: {
  id: string
  values: EntryFormValues
  errors?: EntryFormErrors
  choices: { accounts: Choice[]; properties: Choice[] }
  submitLabel: string
  /** Editing a posted entry: say what will happen and offer a date for the reversal. */
  correcting?: { number: number; date: string }
}) {
  return (
    <Form method="post" id={id} className="flex flex-col gap-5" noValidate>
      <IdempotencyKey form={id} />
      <EntryErrorSummary id={id} errors={errors} />
      {correcting ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Saving posts a reversal of entry #{correcting.number} and a new entry with these lines. Both stay in the journal, so the books show what changed and when.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-date`} className="text-sm font-medium">
            Date <span aria-hidden>*</span>
          </label>
          <Input id={`${id}-date`} type="date" name="date" required defaultValue={values.date} aria-invalid={errors?.fields?.date ? true : undefined} aria-describedby={`${id}-date-error`} />
          <ErrorList id={`${id}-date-error`} errors={errors?.fields?.date} />
        </div>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={`${id}-memo`} className="text-sm font-medium">
            Memo
          </label>
          <Input id={`${id}-memo`} name="memo" maxLength={1000} defaultValue={values.memo} placeholder="What this entry records" />
          <ErrorList errors={errors?.fields?.memo} />
        </div>
        {correcting ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reversal_date`} className="text-sm font-medium">
              Reverse entry #{correcting.number} on
            </label>
            <Input id={`${id}-reversal_date`} type="date" name="reversal_date" defaultValue={values.reversal_date || correcting.date} aria-describedby={`${id}-reversal-help`} />
            <p id={`${id}-reversal-help`} className="text-xs text-muted-foreground">
              Its own date by default; choose a date in an open period if that one is closed.
            </p>
            <ErrorList errors={errors?.fields?.reversal_date} />
          </div>
        ) : null}
      </div>
      <LineGrid id={id} lines={values.lines} errors={errors?.lines} choices={choices} />
      <LineFormActions submitLabel={submitLabel} />
    </Form>
  )
}

/** Save, and "Add lines" (the same form back with more rows, no validation): the buttons under every line grid. */
function LineFormActions({ submitLabel }: { submitLabel: string }) {
  const navigation = useNavigation()
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" name="intent" value="save" disabled={navigation.state === 'submitting'}>
        {submitLabel}
      </Button>
      <Button type="submit" name="intent" value="add-lines" variant="outline" formNoValidate>
        <Plus aria-hidden /> Add lines
      </Button>
    </div>
  )
}

/**
 * The lines of an entry: account, debit, credit, memo, property and unit on each row, with
 * the totals. A `rows` field says how many rows the form has, so the server can give
 * every row back (blank ones too) and put each line's error at its row.
 */
function LineGrid({ id, lines, errors, choices }: { id: string; lines: LineValues[]; errors?: Record<number, string[]>; choices: { accounts: Choice[]; properties: Choice[] } }) {
  const numbers = useNumberFormat()
  const [totals, setTotals] = useState(() => totalsOf(lines, numbers))
  // Without JavaScript the totals are the server's sums of the lines it was sent; before any were sent there is nothing added up to call balanced.
  const [live, setLive] = useState(false)
  const grid = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const form = grid.current?.form
    if (form) setTotals(totalsFromForm(form, numbers))
    setLive(true)
  }, [numbers])
  const summed = live || lines.some((line) => line.debit || line.credit)
  const difference = totals.debit - totals.credit
  return (
    <div
      className="contents"
      onInput={(e) => {
        const form = (e.target as HTMLElement).closest('form')
        if (form) setTotals(totalsFromForm(form, numbers))
      }}
    >
      <input ref={grid} type="hidden" name="rows" value={lines.length} />
      {/* The server reads the amounts in the format they were shown and typed in. */}
      <input type="hidden" name="number_format" value={numbers} />
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <caption className="sr-only">Lines: each has a debit or a credit; debits must equal credits.</caption>
          <thead className="bg-muted/60 text-left">
            <tr>
              <th scope="col" className="px-2 py-2 font-semibold">
                #
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Account
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Debit
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Credit
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Memo
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Property
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Unit
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => {
              const lineErrors = errors?.[i]
              const label = (what: string) => `Line ${i + 1} ${what}`
              return (
                // Keyed by its property too: a line given its unit's property by the server is drawn afresh to show it.
                <tr key={`${i}-${line.property_group_id}`} className="border-t align-top">
                  <td className="px-2 py-2 text-muted-foreground">{i + 1}</td>
                  <td className="min-w-56 px-2 py-2">
                    <Select id={`${id}-line-${i}-account`} name={`lines[${i}].account_id`} defaultValue={line.account_id} aria-label={label('account')} aria-invalid={lineErrors ? true : undefined} aria-describedby={lineErrors ? `${id}-line-${i}-error` : undefined}>
                      <option value="">Choose an account</option>
                      {choices.accounts.map((a) => (
                        <option key={a.value} value={a.value}>
                          {a.label}
                        </option>
                      ))}
                    </Select>
                    <ErrorList id={`${id}-line-${i}-error`} errors={lineErrors} />
                  </td>
                  <td className="w-32 px-2 py-2">
                    <Input name={`lines[${i}].debit`} inputMode="decimal" defaultValue={line.debit} aria-label={label('debit')} aria-describedby={`${id}-amount-help`} className="text-right" />
                  </td>
                  <td className="w-32 px-2 py-2">
                    <Input name={`lines[${i}].credit`} inputMode="decimal" defaultValue={line.credit} aria-label={label('credit')} aria-describedby={`${id}-amount-help`} className="text-right" />
                  </td>
                  <td className="min-w-40 px-2 py-2">
                    <Input name={`lines[${i}].memo`} maxLength={500} defaultValue={line.memo} aria-label={label('memo')} />
                  </td>
                  <td className="min-w-40 px-2 py-2">
                    <Select
                      name={`lines[${i}].property_group_id`}
                      defaultValue={line.property_group_id}
                      aria-label={label('property')}
                      aria-describedby={line.tags ? `${id}-line-${i}-tags` : undefined}
                    >
                      <option value="">None</option>
                      {choices.properties.map((p) => (
                        <option key={p.value} value={p.value}>
                          {p.label}
                        </option>
                      ))}
                    </Select>
                    {line.tags ? (
                      <>
                        <input type="hidden" name={`lines[${i}].tags`} value={line.tags} />
                        <p id={`${id}-line-${i}-tags`} className="mt-1 text-xs text-muted-foreground">
                          Also tagged: {line.tags}
                        </p>
                      </>
                    ) : null}
                  </td>
                  <td className="w-36 px-2 py-2">
                    <Input name={`lines[${i}].unit`} maxLength={200} defaultValue={line.unit} aria-label={label('unit')} placeholder="None" />
                    {CARRIED_DIMENSIONS.map((d) => (line[d] ? <input key={d} type="hidden" name={`lines[${i}].${d}`} value={line[d]} /> : null))}
                    {line.unit_label ? <input type="hidden" name={`lines[${i}].unit_label`} value={line.unit_label} /> : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
          <tfoot className="border-t bg-muted/30 font-medium">
            <tr>
              <td className="px-2 py-2" colSpan={2}>
                Totals
              </td>
              <td className="px-2 py-2 text-right tabular-nums" data-testid="total-debit">
                {writeMoney(totals.debit, numbers)}
              </td>
              <td className="px-2 py-2 text-right tabular-nums" data-testid="total-credit">
                {writeMoney(totals.credit, numbers)}
              </td>
              <td className="px-2 py-2" colSpan={3} aria-live="polite">
                {!summed ? (
                  <span className="text-muted-foreground">Totals are checked when you save.</span>
                ) : difference === 0 ? (
                  <span className="text-emerald-700">Balanced</span>
                ) : (
                  <span className="text-red-700">Out of balance by {writeMoney(Math.abs(difference), numbers)}</span>
                )}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p id={`${id}-amount-help`} className="text-xs text-muted-foreground">
        Debits and credits are written the company’s way ({decimalHint(numbers)}).
      </p>
    </div>
  )
}
