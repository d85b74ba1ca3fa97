import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/** `{Page} | Lintel`, the title of every page (SPEC.md §2). */
export function title(page?: string) {
  return page ? `${page} | Lintel` : 'Lintel'
}

export function fullName(person: { first_name: string; last_name: string }) {
  return `${person.first_name} ${person.last_name}`.trim()
}

