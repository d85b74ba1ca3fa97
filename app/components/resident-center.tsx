import { ArrowLeft, FileText } from 'lucide-react'
import { Link } from 'react-router'
import type { ResidentDashboard, ResidentDocuments, ResidentLease, ResidentPayment } from '~/api/leasing/resident-center'
import type { Answer } from '~/utils/api-client.server'
import { cn } from '~/utils/misc'
import { EmptyState, Table, Td, Th } from './list'
import { useDisplayMoney } from './resource/use-currency'
import { Badge } from './ui/card'

/*
 * The resident center's pieces (SPEC.md §2 /rc/), phone first: at 390 px every row reads top to
 * bottom without sideways scrolling, and nothing needs JavaScript (links and server-rendered
 * pages only).
 */

export type LeaseSummary = Answer<typeof ResidentDashboard>['leases'][number]
type NextCharge = Answer<typeof ResidentDashboard>['next_charge']
type Payment = Answer<typeof ResidentPayment>
type LedgerLine = Answer<typeof ResidentLease>['ledger'][number]
type Document = Answer<typeof ResidentDocuments>['results'][number]

/** The way up from a resident page (breadcrumbs' small links are too small a target on a phone). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="flex min-h-11 items-center gap-1 self-start text-sm text-primary underline print:hidden">
      <ArrowLeft aria-hidden className="size-4" /> {label}
    </Link>
  )
}

/** A part of a resident page, under its heading. */
export function Panel({ id, title, children, className }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('flex flex-col gap-3', className)}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

const STATUS_TONES: Record<string, 'success' | 'warning' | 'neutral'> = { ACTIVE: 'success', NOTICE: 'warning', ENDED: 'neutral' }

export function LeaseStatus({ status, label }: { status: string; label: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{label}</Badge>
}

/** A balance as a resident reads it: what they owe, or a credit said in words (never a minus sign that could read as owing). */
export function balanceWords(money: (amount: string) => string, balance: string) {
  return balance.startsWith('-') ? `${money(balance.slice(1))} credit` : money(balance)
}

/** What the resident owes (or holds as a credit) and what is charged next. */
export function BalanceCard({ balance, nextCharge, label = 'Balance' }: { balance: string; nextCharge: NextCharge; label?: string }) {
  const money = useDisplayMoney()
  const owing = balance.startsWith('-') ? 'credit' : balance === '0.00' ? 'none' : 'owing'
  return (
    <div className="grid gap-4 rounded-lg border bg-background p-5 shadow-sm sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className={cn('text-3xl font-bold tabular-nums', owing === 'owing' && 'text-red-700')} data-testid="balance">
          {money(owing === 'credit' ? balance.slice(1) : balance)}
        </p>
        <p className="text-sm text-muted-foreground">{owing === 'owing' ? 'Owing now.' : owing === 'credit' ? 'A credit: it pays your next charges.' : 'Nothing owing. Thank you!'}</p>
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">Next charge</p>
        {nextCharge ? (
          <>
            <p className="text-3xl font-bold tabular-nums">{money(nextCharge.amount)}</p>
            <p className="text-sm text-muted-foreground">on {nextCharge.date}</p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">None coming.</p>
        )}
      </div>
    </div>
  )
}

/** How often rent is due, in words: "Monthly, on the 1st". */
export function rentTerms(lease: Pick<LeaseSummary, 'rent_frequency' | 'rent_frequency_label' | 'rent_due_day'>) {
  if (lease.rent_frequency !== 'MONTHLY') return lease.rent_frequency_label
  const day = lease.rent_due_day
  if (day >= 31) return 'Monthly, on the last day'
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'
  return `Monthly, on the ${day}${suffix}`
}

/** A lease in a list: where, its status and term, its rent and what it owes, and the way to it. */
export function LeaseCard({ lease }: { lease: LeaseSummary }) {
  const money = useDisplayMoney()
  return (
    <article aria-labelledby={`lease-${lease.id}`} className="flex flex-col gap-3 rounded-lg border bg-background p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`lease-${lease.id}`} className="font-semibold">
            {lease.unit}
          </h3>
          <p className="text-sm text-muted-foreground">{lease.unit_address}</p>
        </div>
        <LeaseStatus status={lease.status} label={lease.status_label} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Term</dt>
          <dd>
            {lease.start_date} to {lease.move_out_date ?? lease.end_date ?? 'ongoing'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Rent</dt>
          <dd className="tabular-nums">
            {money(lease.rent)} · {rentTerms(lease)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="tabular-nums">{balanceWords(money, lease.balance)}</dd>
        </div>
      </dl>
      <Link to={`/rc/leases/${lease.id}/`} className="flex min-h-11 items-center font-medium text-primary underline">
        View lease, ledger and receipts<span className="sr-only"> of {lease.unit}</span>
      </Link>
    </article>
  )
}

export function LeaseCards({ leases }: { leases: LeaseSummary[] }) {
  if (!leases.length) return <EmptyState title="No leases yet">{<p className="text-sm text-muted-foreground">Once your lease is signed, it shows here with its balance.</p>}</EmptyState>
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {leases.map((lease) => (
        <LeaseCard key={lease.id} lease={lease} />
      ))}
    </div>
  )
}

/**
 * A lease's ledger, oldest first, with the balance after each line: a table on wide screens, and
 * on a phone one line per entry (what and when, then the amount and the balance after it).
 */
export function Ledger({ lines }: { lines: LedgerLine[] }) {
  const money = useDisplayMoney()
  if (!lines.length) return <p className="text-sm text-muted-foreground">Nothing charged or paid yet.</p>
  const amountOf = (line: LedgerLine) => (line.charge ? money(line.charge) : `−${money(line.payment)}`)
  return (
    <>
      <ol aria-label="Ledger" className="flex flex-col divide-y rounded-lg border bg-background md:hidden">
        {lines.map((line, i) => (
          <li key={i} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">{line.description}</p>
              <p className="text-muted-foreground">{line.date}</p>
            </div>
            <div className="shrink-0 text-right tabular-nums">
              <p className={line.payment ? 'text-emerald-700' : undefined}>
                {line.payment ? <span className="sr-only">Payment </span> : <span className="sr-only">Charge </span>}
                {amountOf(line)}
              </p>
              <p className="text-muted-foreground">Balance {balanceWords(money, line.balance)}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="hidden md:block">
        <Table>
          <caption className="sr-only">Ledger</caption>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Description</Th>
              <Th numeric>Charge</Th>
              <Th numeric>Payment</Th>
              <Th numeric>Balance</Th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={i}>
                <Td className="whitespace-nowrap">{line.date}</Td>
                <Td>{line.description}</Td>
                <Td className="text-right tabular-nums">{line.charge ? money(line.charge) : ''}</Td>
                <Td className="text-right tabular-nums">{line.payment ? money(line.payment) : ''}</Td>
                <Td className="text-right tabular-nums">{balanceWords(money, line.balance)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  )
}

/** Payments, newest first, each with the link to its receipt. */
export function Payments({ payments, showLease }: { payments: Payment[]; showLease?: boolean }) {
  const money = useDisplayMoney()
  if (!payments.length) return <p className="text-sm text-muted-foreground">No payments yet.</p>
  return (
    <ul className="flex flex-col divide-y rounded-lg border bg-background">
      {payments.map((payment) => (
        <li key={payment.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-medium tabular-nums">
              {money(payment.amount)} <span className="font-normal text-muted-foreground">on {payment.date}</span>
            </p>
            <p className="text-muted-foreground">
              {payment.method_label}
              {payment.reference ? ` · ${payment.reference}` : ''}
              {showLease ? ` · ${payment.lease_label}` : ''}
            </p>
            {payment.status === 'RETURNED' ? <Badge tone="danger">Returned{payment.returned_date ? ` on ${payment.returned_date}` : ''}</Badge> : null}
          </div>
          <Link to={`/rc/leases/${payment.lease_id}/receipts/${payment.id}/`} className="flex min-h-11 items-center font-medium text-primary underline">
            Receipt{payment.receipt_number ? ` ${payment.receipt_number}` : ''}
            <span className="sr-only">
              {' '}
              for {payment.date}, {money(payment.amount)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

const sizeOf = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} kB`)

/** Documents shared with the resident, each a download. */
export function Documents({ documents }: { documents: Document[] }) {
  if (!documents.length)
    return (
      <EmptyState title="No documents yet">
        <p className="text-sm text-muted-foreground">Your lease, notices and other papers show here once the office shares them.</p>
      </EmptyState>
    )
  return (
    <ul className="flex flex-col divide-y rounded-lg border bg-background">
      {documents.map((document) => (
        <li key={document.id} className="flex items-start gap-3 px-4 py-3 text-sm">
          <FileText aria-hidden className="mt-3 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            <a href={`/rc/documents/download/${document.id}/`} download className="flex min-h-11 items-center font-medium break-words text-primary underline">
              {document.name}
            </a>
            <p className="text-muted-foreground">
              {document.document_type_label} · {document.about} · {document.created_at.slice(0, 10)} · {sizeOf(document.size_bytes)}
            </p>
            {document.description ? <p className="mt-1 whitespace-pre-wrap break-words">{document.description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
