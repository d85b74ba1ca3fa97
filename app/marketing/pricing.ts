import { displayMoney, formatMoney } from '~/domain/money'

/**
 * Hosted plans by the number of units a company manages. Amounts are cents
 * (DESIGN.md §3); self-hosting is free and not a plan here.
 */
export type Plan = {
  id: 'starter' | 'growth' | 'portfolio'
  name: string
  minUnits: number
  /** Null when the plan has no upper bound. */
  maxUnits: number | null
  /** A flat monthly price, or a price per unit per month with a monthly minimum. */
  price: { flatCents: number } | { perUnitCents: number; minimumCents: number }
  includes: string[]
}

export const PLANS: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    minUnits: 1,
    maxUnits: 50,
    price: { flatCents: 4900 },
    includes: ['Every feature of Lintel, for your whole team', 'Hosting in Canada, daily backups kept 30 days', 'E-mail support within one business day'],
  },
  {
    id: 'growth',
    name: 'Growth',
    minUnits: 51,
    maxUnits: 500,
    price: { perUnitCents: 100, minimumCents: 4900 },
    includes: ['Everything in Starter', 'Help importing your units, residents and owners from your current system', 'Phone support on business days'],
  },
  {
    id: 'portfolio',
    name: 'Portfolio',
    minUnits: 501,
    maxUnits: null,
    price: { perUnitCents: 80, minimumCents: 50000 },
    includes: ['Everything in Growth', 'A named contact for onboarding', 'Training sessions for your whole team'],
  },
]

/** The largest number of units the calculator prices (it says so beyond that). */
export const MAX_UNITS = 1_000_000

export function planFor(units: number): Plan {
  return PLANS.find((plan) => units >= plan.minUnits && (plan.maxUnits === null || units <= plan.maxUnits)) ?? PLANS[0]
}

/** The monthly price in cents of a hosted workspace managing `units` units. */
export function monthlyPriceCents(units: number): number {
  if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`Not a number of units: ${units}`)
  const { price } = planFor(units)
  if ('flatCents' in price) return price.flatCents
  return Math.max(price.minimumCents, units * price.perUnitCents)
}

/** "$49" or "$0.80" (Canadian dollars): whole dollars without cents, otherwise two places. */
export function displayPrice(cents: number) {
  const text = displayMoney(formatMoney(cents), 'CAD')
  return text.endsWith('.00') ? text.slice(0, -3) : text
}

/** Reads the calculator's `units` field: a whole number from 1 to MAX_UNITS, or a message naming the field. */
export function parseUnits(input: string | null): { units: number } | { error: string } | null {
  if (input === null || input.trim() === '') return null
  const cleaned = input.trim().replace(/[,\s]/g, '')
  if (!/^\d+$/.test(cleaned)) return { error: 'Number of units must be a whole number, such as 120.' }
  const units = Number(cleaned)
  if (units < 1) return { error: 'Number of units must be at least 1.' }
  if (units > MAX_UNITS) return { error: `Number of units must be at most ${MAX_UNITS.toLocaleString('en-CA')}.` }
  return { units }
}
