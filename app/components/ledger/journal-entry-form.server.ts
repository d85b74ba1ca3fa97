import { data } from 'react-router'
import type { Page } from '~/api/pagination'
import { idempotencyKeyOf } from '~/utils/forms.server'
import type { Api } from '~/utils/api-client.server'
import { redirectWithToast } from '~/utils/toast.server'
import { emptyLine, LINE_ROWS, type EntryFormErrors, type EntryFormValues, type LineValues } from './journal-entry-form'

type Choice = { value: string; label: string }

/** The accounts and properties a line can name: active accounts by number, and the properties if this person may read them. */
export async function entryFormChoices(api: Api): Promise<{ accounts: Choice[]; properties: Choice[] }> {
  const [accounts, properties] = await Promise.all([
    api.get<Page<{ id: string; number: string; name: string }>>('accounting/accounts/?is_active=true&ordering=number&page_size=1000'),
    api.send<Page<{ id: string; name: string }>>('GET', 'property-groups/?ordering=name&page_size=1000'),
  ])
  return {
    accounts: accounts.results.map((a) => ({ value: a.id, label: `${a.number} · ${a.name}` })),
    properties: properties.ok ? properties.data.results.map((p) => ({ value: p.id, label: p.name })) : [],
  }
}

const LINE_FIELDS = ['account_id', 'debit', 'credit', 'memo', 'property_group_id'] as const

/** The form's values as typed: every line row, blank ones included, so the page comes back exactly as it was. */
export function entryFormValues(formData: FormData): EntryFormValues {
  const rows = Math.min(Math.max(Number(formData.get('rows')) || LINE_ROWS, 2), 500)
  const lines: LineValues[] = []
  for (let i = 0; i < rows; i++) {
    lines.push(Object.fromEntries(LINE_FIELDS.map((f) => [f, String(formData.get(`lines[${i}].${f}`) ?? '').trim()])) as LineValues)
  }
  return {
    date: String(formData.get('date') ?? '').trim(),
    memo: String(formData.get('memo') ?? '').trim(),
    reversal_date: String(formData.get('reversal_date') ?? '').trim(),
    lines,
  }
}

const isBlank = (line: LineValues) => LINE_FIELDS.every((f) => !line[f])

/**
 * Handles the entry form: "Add lines" comes back with more rows; a save sends the filled
 * rows to the API and, on an error, comes back with every value and each error at its row.
 */
export async function submitEntryForm(api: Api, formData: FormData, target: { method: 'POST' | 'PUT'; path: string }) {
  const values = entryFormValues(formData)
  if (formData.get('intent') === 'add-lines') {
    return data({ values: { ...values, lines: [...values.lines, ...Array.from({ length: 4 }, () => emptyLine())] }, errors: {} as EntryFormErrors })
  }
  // Blank rows are left out; the API's line numbers are then mapped back to the rows people see.
  const rows = values.lines.map((line, row) => ({ line, row })).filter(({ line }) => !isBlank(line))
  const body = {
    date: values.date,
    memo: values.memo || null,
    ...(target.method === 'PUT' && values.reversal_date ? { reversal_date: values.reversal_date } : {}),
    lines: rows.map(({ line }) => ({
      account_id: line.account_id,
      debit: line.debit || null,
      credit: line.credit || null,
      memo: line.memo || null,
      property_group_id: line.property_group_id || null,
    })),
  }
  const result = await api.send<{ id: string; number: number }>(target.method, target.path, body, { idempotencyKey: target.method === 'POST' ? idempotencyKeyOf(formData) : undefined })
  if (result.ok) {
    const verb = target.method === 'POST' ? 'posted' : 'corrected: the old version is reversed and this one replaces it'
    throw await redirectWithToast(`/app/accounting/journal-entries/${result.data.id}/`, { type: 'success', description: `Entry #${result.data.number} ${verb}.` })
  }
  const errors: EntryFormErrors = { form: [], fields: {}, lines: {} }
  for (const [key, messages] of Object.entries(result.error.errors ?? {})) {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(key)
    if (match) {
      const row = rows[Number(match[1])]?.row ?? 0
      ;(errors.lines![row] ??= []).push(...messages)
    } else if (key === 'date' || key === 'memo' || key === 'reversal_date') errors.fields![key] = messages
    else errors.form!.push(...messages)
  }
  if (!errors.form!.length && !Object.keys(errors.fields!).length && !Object.keys(errors.lines!).length) errors.form!.push(result.error.detail)
  return data({ values, errors }, { status: typeof result.status === 'number' ? result.status : 400 })
}
