import type { Page } from '@playwright/test'
import { DEMO_PASSWORD } from './api'

/** Fills the login form the way a person does. Leaves the page wherever the form sends it. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login/')
  await submitLogIn(page, email, password)
}

/** Signs in on the login page already open (one a redirect led to, remembering where to go back). */
export async function submitLogIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

export const TITLES = {
  manager: 'Property Manager Dashboard | Lintel',
  resident: 'Resident Center Dashboard | Lintel',
  technician: 'Maintenance Technician Dashboard | Lintel',
  login: 'Log in | Lintel',
} as const

/** True when the test runs in the project without JavaScript. */
export const withoutJs = (projectName: string) => projectName === 'js-off'

/**
 * Waits until React has hydrated the page and run its effects. Server-rendered
 * markup is visible (and a heading assertion passes) before that, so a test of
 * the page's own script (timers, shortcuts) must wait for this first.
 */
export async function hydrated(page: Page) {
  // The router is initialised before React hydrates; the root's effect marks the end of the hydrating commit.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'))
}
