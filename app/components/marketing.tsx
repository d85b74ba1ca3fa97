import { Link } from 'react-router'
import { STATUS_LABELS, type FeatureStatus, type Screenshot as Shot } from '~/marketing/features'
import { cn } from '~/utils/misc'

/** The opening of a public page: its one h1 and the sentence under it. */
export function PageIntro({ eyebrow, title, lead, children }: { eyebrow?: React.ReactNode; title: string; lead: React.ReactNode; children?: React.ReactNode }) {
  return (
    <header className="flex max-w-3xl flex-col gap-4">
      {eyebrow ? <div className="text-sm font-semibold text-primary">{eyebrow}</div> : null}
      <h1 className="text-3xl font-bold tracking-tight text-balance md:text-5xl">{title}</h1>
      <div className="text-lg text-muted-foreground">{lead}</div>
      {children}
    </header>
  )
}

export function Section({ title, id, children, className }: { title: string; id?: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id ? `${id}-heading` : undefined} id={id} className={cn('flex flex-col gap-6', className)}>
      <h2 id={id ? `${id}-heading` : undefined} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  )
}

const STATUS_TONES: Record<FeatureStatus, string> = {
  available: 'border-green-700 text-green-800',
  partial: 'border-amber-700 text-amber-900',
  coming: 'border-slate-500 text-slate-700',
}

export function StatusBadge({ status }: { status: FeatureStatus }) {
  return <span className={cn('inline-flex self-start rounded-full border bg-background px-2.5 py-0.5 text-xs font-semibold', STATUS_TONES[status])}>{STATUS_LABELS[status]}</span>
}

const SIZES = {
  desktop: { widths: [640, 1280], width: 1280, height: 800, sizes: '(min-width: 64rem) 48rem, calc(100vw - 2rem)' },
  phone: { widths: [390, 780], width: 390, height: 844, sizes: '(min-width: 40rem) 20rem, 80vw' },
} as const

/** A real screen of Lintel, captured from the demo company (see scripts/screenshots.ts). */
export function Screenshot({ shot, className }: { shot: Shot; className?: string }) {
  const size = SIZES[shot.device]
  const src = (width: number) => `/images/screens/${shot.name}-${width}.webp`
  return (
    <figure className={cn('flex flex-col gap-3', shot.device === 'phone' ? 'max-w-80' : 'max-w-3xl', className)}>
      <img
        src={src(size.widths[0])}
        srcSet={size.widths.map((w) => `${src(w)} ${w}w`).join(', ')}
        sizes={size.sizes}
        width={size.width}
        height={size.height}
        alt={shot.alt}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-lg border shadow-sm"
      />
      <figcaption className="text-sm text-muted-foreground">{shot.caption}</figcaption>
    </figure>
  )
}

export type Card = { title: string; text: React.ReactNode; status?: FeatureStatus }

/** Cards of a heading and a few sentences (links in them underlined), each with its status when it has one. */
export function CardGrid({ cards, className }: { cards: Card[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6', className)}>
      {cards.map((card) => (
        <li key={card.title} className="flex flex-col gap-3 rounded-lg border p-6">
          {card.status ? <StatusBadge status={card.status} /> : null}
          <h3 className="text-lg font-semibold">{card.title}</h3>
          <p className="text-muted-foreground [&_a]:text-primary [&_a]:underline">{card.text}</p>
        </li>
      ))}
    </ul>
  )
}

export function BulletList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn('flex list-disc flex-col gap-2 pl-5 text-muted-foreground', className)}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

export function ButtonLink({ to, children, variant = 'primary' }: { to: string; children: React.ReactNode; variant?: 'primary' | 'outline' }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center justify-center rounded-md px-5 py-3 font-medium',
        variant === 'primary' ? 'bg-primary text-primary-foreground hover:bg-primary/90' : 'border bg-background hover:bg-accent',
      )}
    >
      {children}
    </Link>
  )
}

/** The closing invitation of a marketing page. */
export function SignUpCallout({ title = 'Try Lintel with your own data' }: { title?: string }) {
  return (
    <aside aria-label="Get started" className="flex flex-col items-start gap-4 rounded-lg border bg-muted p-8">
      <p className="text-2xl font-bold tracking-tight">{title}</p>
      <p className="max-w-2xl text-muted-foreground">
        Create a company account in a minute, or run Lintel on your own server for free. Import your units, residents and owners from a spreadsheet.
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/signup/">Create a company account</ButtonLink>
        <ButtonLink to="/pricing/" variant="outline">
          See pricing
        </ButtonLink>
      </div>
    </aside>
  )
}

/** The width and padding every public page shares. */
export function PublicPage({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn('mx-auto flex max-w-6xl flex-col gap-16 px-4 py-12 md:py-16', className)}>{children}</div>
}
