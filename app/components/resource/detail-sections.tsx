import { writableIn } from '~/resources/engine/fields'
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Plus } from 'lucide-react'
import { Fragment } from 'react'
import { Form, Link, useFetcher, useNavigation } from 'react-router'
import { Instant } from '~/components/instant'
import type { Page } from '~/api/pagination'
import type { HistoryItem, JournalItem, Record_, ReferenceChoices } from '~/resources/engine/pages.server'
import type { ChecklistSection as Checklist, FiguresSection as Figures, TableColumn, TableSection as Table_ } from '~/resources/engine/define'
import { fill, type ActionView, type RelatedView, type ResourceView } from '~/resources/engine/view'
import { parseMoney } from '~/domain/money'
import { cn } from '~/utils/misc'
import { IdempotencyKey } from '../idempotency-key'
import { Table, Td, Th } from '../list'
import { Button, buttonVariants } from '../ui/button'
import { Badge, Card, CardContent } from '../ui/card'
import { ErrorSummary } from '../ui/field'
import { photoPath } from './attachments'
import { FieldValue } from './field-value'
import { FieldInput } from './resource-form'
import { LinesView } from './lines'
import { useCurrency, useDisplayMoney, useNumberFormat } from './use-currency'
import { useCompanyToday } from '../use-company-today'

/*
 * The sections a record's page is composed of (ADR 013): the generic detail route lays them out
 * in the order of the resource's view. Each renders nothing when it has nothing to show.
 */

type OnNavigate = React.MouseEventHandler

function Section({ id, title, count, actions, children }: { id: string; title: string; count?: number; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-20 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title} {count !== undefined ? <span className="text-sm font-normal text-muted-foreground">({count})</span> : null}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  )
}

/** A group of the record's fields: the unnamed first card, or a named one. */
/** A document's lines (ADR 013 "Lines"), as a table under their label. */
export function LinesSection({ view, record }: { view: ResourceView; record: Record_ }) {
  const field = view.fields.find((f) => f.kind === 'lines')
  if (!field || field.kind !== 'lines') return null
  return (
    <Section id="lines" title={field.label} count={Array.isArray(record[field.name]) ? (record[field.name] as unknown[]).length : undefined}>
      <Card>
        <CardContent className="pt-6">
          <LinesView field={field} lines={record[field.name] as Record<string, unknown>[] | null} />
        </CardContent>
      </Card>
    </Section>
  )
}

export function FieldsSection({ view, record, names, label, onNavigate }: { view: ResourceView; record: Record_; names: string[]; label?: string; onNavigate: OnNavigate }) {
  const fields = names.flatMap((name) => view.fields.filter((f) => f.name === name))
  const card = (
    <Card>
      <CardContent className="pt-6">
        {/* Its references are plain anchors (FieldValue), navigated client-side from here. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the clicks are the links' own (Enter on a link clicks it) */}
        <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2" onClick={onNavigate}>
          {fields.map((field) => (
            <div key={field.name} className={field.kind === 'address' || field.kind === 'longText' ? 'sm:col-span-2' : undefined}>
              <dt className="text-sm font-medium text-muted-foreground">{field.label}</dt>
              <dd className="mt-1">
                <FieldValue field={field} record={record} />
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
  if (!label) return card
  const id = `fields-${label.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Section id={id} title={label}>
      {card}
    </Section>
  )
}

export type RelatedList = RelatedView & {
  view: ResourceView
  page: Page<Record_> | null
}

/** Another resource's records that point at this one, the first page of them, with "View all" and "Add". */
export function RelatedSection({ list, recordId, onNavigate }: { list: RelatedList; recordId: string; onNavigate: OnNavigate }) {
  const columns = list.view.columns.map((n) => list.view.fields.find((f) => f.name === n)!).filter((f) => f.name !== list.field)
  // "Add" makes a new record already pointing here: only where that reference is one a new record takes
  // (a work order's charges and duplicates are made by its actions, never typed).
  const pointer = list.view.fields.find((f) => f.name === list.field)
  const canAdd = list.view.methods.includes('create') && !!pointer && writableIn(pointer, 'create')
  return (
    <Section
      id={`related-${list.name}-${list.field}`}
      title={list.label}
      count={list.page?.count}
      actions={
        <div className="flex gap-2">
          {list.page && list.page.count > list.page.results.length ? (
            <Link to={`${list.path}?${list.field}=${recordId}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              View all {list.page.count}
            </Link>
          ) : null}
          {canAdd ? (
            <Link to={`${list.path}new/?${list.field}=${recordId}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Plus aria-hidden /> {list.addLabel}
            </Link>
          ) : null}
        </div>
      }
    >
      {!list.page ? (
        <p className="text-sm text-muted-foreground">You do not have access to {list.plural.toLowerCase()}.</p>
      ) : list.page.results.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">None yet.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              {columns.map((f) => (
                <Th key={f.name}>{f.label}</Th>
              ))}
            </tr>
          </thead>
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the clicks are the links' own (Enter on a link clicks it) */}
          <tbody onClick={onNavigate}>
            {list.page.results.map((row) => (
              <tr key={row.id}>
                {columns.map((f, i) => (
                  <Td key={f.name}>
                    {i === 0 ? (
                      <a href={`${list.path}${row.id}/`} className="font-medium text-primary underline">
                        <FieldValue field={f.kind === 'reference' ? { ...f, targetPath: undefined } : f} record={row} />
                      </a>
                    ) : (
                      <FieldValue field={f} record={row} />
                    )}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  )
}

/** What the detail page's action answers when an action's input is refused: that form's field errors (other refusals are the page's `error`). */
export type ActionReply = { action?: string; result?: SubmissionResult<string[]> } | undefined

export const yes = (label: string) => `Yes, ${label.charAt(0).toLowerCase()}${label.slice(1)}`

/** The small form of an action: its inputs and a note, sent as the action's intent; on the confirmation step it says "Yes, …". */
function ActionForm({
  action,
  choices,
  lastResult,
  confirming,
  cancel,
}: {
  action: ActionView
  choices: Record<string, ReferenceChoices>
  lastResult?: SubmissionResult<string[]>
  confirming?: boolean
  cancel?: string
}) {
  const navigation = useNavigation()
  const currency = useCurrency()
  const numbers = useNumberFormat()
  const today = useCompanyToday()
  const formId = `action-${action.name}`
  const [form, fields] = useForm<Record<string, unknown>>({
    id: formId,
    lastResult,
    // Its dates that start at today (the day a bill is paid) do, as a new record's do.
    defaultValue: Object.fromEntries(action.input.flatMap((field) => (field.kind === 'date' && field.startsToday ? [[field.name, today]] : []))),
    shouldValidate: 'onSubmit',
  })
  const intent = `run:${action.name}`
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  return (
    <Form method="post" {...getFormProps(form)} aria-label={action.label} className={action.input.length || confirming ? 'flex flex-col gap-4 rounded-lg border bg-background p-4' : undefined}>
      {action.input.length && !confirming ? <h3 className="font-semibold">{action.label}</h3> : null}
      {confirming ? <p className="font-medium">{action.confirm}</p> : null}
      <ErrorSummary form={form} />
      <IdempotencyKey form={formId} />
      {action.input.length ? (
        <>
          {/* The server reads amounts in the format they were shown and typed in. */}
          <input type="hidden" name="number_format" value={numbers} />
          <div className="grid gap-4 sm:grid-cols-2">
            {action.input.map((field) => (
              <FieldInput key={field.name} field={field} meta={(fields as unknown as Record<string, FieldMetadata<unknown>>)[field.name]} choices={choices[field.name]} currency={currency} numbers={numbers} />
            ))}
          </div>
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value={intent} disabled={sending} variant={confirming ? 'destructive' : 'default'}>
          {confirming ? yes(action.label) : action.label}
        </Button>
        {cancel ? (
          <Link to={cancel} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

/**
 * The actions open to this person from the record's state: a button, a small form when the action
 * asks for something, and for one that cannot be undone a link to its confirmation step
 * (`?confirm={action}`), which the same section then shows in their place.
 */
export function ActionsSection({
  view,
  recordId,
  actions,
  choices,
  confirming,
  reply,
}: {
  view: ResourceView
  recordId: string
  actions: ActionView[]
  choices: Record<string, Record<string, ReferenceChoices>>
  confirming: string | null
  reply: ActionReply
}) {
  if (!actions.length) return null
  const here = `${view.path}${recordId}/`
  const lastResult = (name: string) => (reply?.action === name ? reply.result : undefined)
  const confirm = actions.find((a) => a.name === confirming)
  return (
    <Section id="actions" title="Actions">
      {confirm ? (
        <ActionForm action={confirm} choices={choices[confirm.name] ?? {}} lastResult={lastResult(confirm.name)} confirming cancel={here} />
      ) : (
        <>
          <div className="flex flex-wrap items-start gap-3">
            {actions
              .filter((a) => a.confirm || !a.input.length)
              .map((a) =>
                a.confirm ? (
                  <Link key={a.name} to={`${here}?confirm=${a.name}#actions`} preventScrollReset className={buttonVariants()}>
                    {a.label}
                  </Link>
                ) : (
                  <ActionForm key={a.name} action={a} choices={{}} lastResult={lastResult(a.name)} />
                ),
              )}
          </div>
          {actions
            .filter((a) => !a.confirm && a.input.length)
            .map((a) => (
              <ActionForm key={a.name} action={a} choices={choices[a.name] ?? {}} lastResult={lastResult(a.name)} />
            ))}
        </>
      )}
    </Section>
  )
}

/** The journal entries the record posted, each linking to its page. */
export function JournalSection({ journal }: { journal: Page<JournalItem> | null | undefined }) {
  const money = useDisplayMoney()
  if (journal === undefined || journal?.count === 0) return null
  return (
    <Section id="journal" title="Journal entries" count={journal?.count}>
      {!journal ? (
        <p className="text-sm text-muted-foreground">You do not have access to the journal.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Entry</Th>
              <Th>Date</Th>
              <Th>Memo</Th>
              <Th numeric>Total</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {journal.results.map((entry) => (
              <tr key={entry.id}>
                <Td>
                  <Link to={`/app/accounting/journal/${entry.id}/`} className="font-medium text-primary underline">
                    #{entry.number}
                  </Link>
                </Td>
                <Td>{entry.date}</Td>
                <Td>{entry.memo ?? ''}</Td>
                <Td className="text-right tabular-nums">{money(entry.total)}</Td>
                <Td>{entry.status === 'REVERSED' ? <Badge tone="warning">Reversed</Badge> : entry.kind === 'REVERSAL' ? <Badge>Reversal</Badge> : <Badge tone="success">Posted</Badge>}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  )
}

/** The record's changes of state, newest first: when, who, the action, from and to, the note. */
export function HistorySection({ history }: { history: HistoryItem[] | undefined }) {
  if (!history) return null
  return (
    <Section id="history" title="History">
      <Table>
        <thead>
          <tr>
            <Th>When</Th>
            <Th>Who</Th>
            <Th>What</Th>
            <Th>Change</Th>
            <Th>Note</Th>
          </tr>
        </thead>
        <tbody>
          {history.map((change, i) => (
            <tr key={`${change.created_at}-${i}`}>
              <Td>
                <Instant at={change.created_at} />
              </Td>
              <Td>{change.user_name ?? '—'}</Td>
              <Td>{change.action_label ?? 'Created'}</Td>
              <Td>{change.from_label === null ? change.to_label : `${change.from_label} → ${change.to_label}`}</Td>
              <Td>{change.note ?? ''}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Section>
  )
}

const amount = 'text-right tabular-nums'

/** Amounts of the record, one a line; a strong one is bold, green at zero and red otherwise (a difference that must come to zero). */
export function FiguresSection({ section, record }: { section: Figures; record: Record_ }) {
  const money = useDisplayMoney()
  const list = (
    <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" aria-live="polite">
      {section.figures.map((figure) => {
        const value = String(record[figure.key] ?? '0.00')
        return (
          <Fragment key={figure.key}>
            <dt className={figure.strong ? 'font-semibold' : undefined}>{fill(figure.label, record)}</dt>
            <dd data-testid={figure.key.replaceAll('_', '-')} className={cn(amount, figure.strong && 'font-semibold', figure.strong && (parseMoney(value) === 0 ? 'text-emerald-700' : 'text-destructive'))}>
              {money(value)}
            </dd>
          </Fragment>
        )
      })}
    </dl>
  )
  if (!section.label) return list
  return (
    <Section id={`figures-${section.label.toLowerCase().replace(/\W+/g, '-')}`} title={section.label}>
      {list}
    </Section>
  )
}

/**
 * One row's box. With JavaScript a tick is saved as it is made, by the row's own fetcher sending
 * that row alone, so ticks made in quick succession neither cancel nor undo each other.
 */
function TickBox({ id, intent, checked, disabled, label }: { id: string; intent: string; checked: boolean; disabled: boolean; label: string }) {
  const fetcher = useFetcher()
  const save = (event: React.ChangeEvent<HTMLInputElement>) => {
    const data = new FormData()
    data.set('intent', intent)
    data.set('live', 'true')
    data.set('shown', id)
    if (event.currentTarget.checked) data.set('checked', id)
    void fetcher.submit(data, { method: 'post' })
  }
  return <input type="checkbox" name="checked" value={id} defaultChecked={checked} disabled={disabled} onChange={save} aria-label={label} className="size-4 accent-primary" />
}

/**
 * Rows of the record people tick (a reconciliation's cleared items). Without JavaScript the ticks
 * are saved by the section's button; with it each tick is saved as it is made, and the page's
 * figures follow.
 */
/** Whether a row has every value a template names (a link to a work order only where there is one). */
const hasAll = (template: string, row: Record<string, unknown>) => [...template.matchAll(/\{(\w+)\}/g)].every(([, key]) => row[key] !== null && row[key] !== undefined && row[key] !== '')

/** One cell of a table of the record's output: money, text, a link, or the photos a row lists. */
function Cell({ column, row }: { column: TableColumn; row: Record<string, unknown> }) {
  const money = useDisplayMoney()
  const value = row[column.key]
  if (column.photos) {
    const photos = (value as { id: string; name: string }[] | null) ?? []
    return (
      <td className="px-3 py-2">
        {photos.length ? (
          <ul className="flex flex-wrap gap-1">
            {photos.map((photo) => (
              <li key={photo.id}>
                <a href={photoPath(photo.id)} className="block overflow-hidden rounded border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  <img src={photoPath(photo.id)} alt={photo.name} loading="lazy" className="size-12 object-cover" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </td>
    )
  }
  if (column.href && !hasAll(column.href, row)) return <td className="px-3 py-2" />
  const shown = column.money ? money(String(value)) : column.text ? fill(column.text, row) : String(value ?? '')
  return (
    <td className={cn('px-3 py-2', column.money && amount)}>
      {column.href ? (
        <Link to={fill(column.href, row)} className="text-primary underline">
          {shown}
        </Link>
      ) : (
        shown
      )}
    </td>
  )
}

/**
 * Rows of the record's output as a table: a cell per column, and first, where given, a column of the
 * caller's (a checklist's ticks); `empty` says there are none.
 */
function OutputTable({ columns, rows, empty, rowKey, lead }: { columns: readonly TableColumn[]; rows: Record<string, unknown>[]; empty: string; rowKey: (row: Record<string, unknown>, i: number) => string; lead?: { heading: string; cell: (row: Record<string, unknown>) => React.ReactNode } }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-background">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/60">
          <tr>
            {lead ? (
              <th scope="col" className="px-3 py-2 font-semibold">
                {lead.heading}
              </th>
            ) : null}
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn('px-3 py-2 font-semibold', c.money && amount)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (lead ? 1 : 0)} className="px-3 py-6 text-center">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} className="border-t align-top">
              {lead ? <td className="px-3 py-2">{lead.cell(row)}</td> : null}
              {columns.map((c) => (
                <Cell key={c.key} column={c} row={row} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Rows of the record's output as a read-only table; a column none of whose rows has a value is left out where it is optional. */
export function TableSection({ section, record }: { section: Table_; record: Record_ }) {
  const rows = record[section.items] as Record<string, unknown>[] | null | undefined
  if (!rows) return null
  const has = (key: string) => rows.some((row) => {
    const v = row[key]
    return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)
  })
  return (
    <Section id={`table-${section.items}`} title={section.label} count={rows.length}>
      <OutputTable columns={section.columns.filter((c) => !c.optional || has(c.key))} rows={rows} empty={fill(section.empty, record)} rowKey={(row, i) => String(row.id ?? i)} />
    </Section>
  )
}

export function ChecklistSection({ section, view, record }: { section: Checklist; view: ResourceView; record: Record_ }) {
  const navigation = useNavigation()
  const rows = (record[section.items] as Record<string, unknown>[] | undefined) ?? []
  const open = !view.state || section.openIn.includes(String(record[view.state]))
  const intent = `checklist:${section.save.path}`
  return (
    <Section id={`checklist-${section.items}`} title={section.label}>
      <Form method="post" className="flex flex-col gap-4">
        <OutputTable
          columns={section.columns}
          rows={rows}
          empty={fill(section.empty, record)}
          rowKey={(row) => String(row[section.id])}
          lead={{
            heading: section.tick,
            cell: (row) => {
              const id = String(row[section.id])
              return (
                <>
                  {open ? <input type="hidden" name="shown" value={id} /> : null}
                  <TickBox id={id} intent={intent} checked={row[section.checked] === true} disabled={!open} label={fill(section.describe, row)} />
                </>
              )
            },
          }}
        />
        {open && rows.length ? (
          <Button type="submit" name="intent" value={intent} variant="secondary" className="self-start" disabled={navigation.state !== 'idle'}>
            {section.save.label}
          </Button>
        ) : null}
      </Form>
    </Section>
  )
}
