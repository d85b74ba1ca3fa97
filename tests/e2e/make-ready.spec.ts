import { expect, test } from './support/fixtures'
import { leasedUnit, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A unit's turn on the make-ready board (issue 15 item 7), with JavaScript on and off: notice given
 * on its lease puts the unit on the board; the office opens the work orders for its repairs, works
 * through the tasks and marks the unit ready, and it leaves the board.
 */

test('notice puts a unit on the make-ready board; its repairs become work orders and it is marked ready', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const { post, lease } = await leasedUnit(request, company, { unitNumber: '204' })
  await post(`leases/${lease.id}/give-notice/`, { notice_date: '2031-04-01', move_out_date: '2031-06-30' })

  await logIn(page, company.email, company.password)
  await page.goto('/app/make-ready/')
  const row = page.getByRole('row', { name: /204 · Bronson Court/ })
  await expect(row).toContainText('2031-06-30')
  await expect(row).toContainText('0 of 7')
  await row.getByRole('link', { name: 'Turn of 204 · Bronson Court from 2031-06-30' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn of 204 · Bronson Court from 2031-06-30')

  await page.getByRole('button', { name: 'Open work orders' }).click()
  await expect(page.getByText('Work orders opened for its repairs').first()).toBeVisible()
  const tasks = page.getByRole('region', { name: /^Tasks/ })
  await expect(tasks.getByRole('link', { name: 'Repairs from the move-out inspection' })).toBeVisible()
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByText('Make-ready started.').first()).toBeVisible()

  // Not ready while tasks are still to do.
  await page.getByRole('button', { name: 'Mark ready' }).click()
  await expect(page.getByText(/Some tasks are still to do/).first()).toBeVisible()

  await page.getByRole('link', { name: 'Edit' }).click()
  for (let line = 1; line <= 7; line++) await page.getByLabel(`Line ${line}: Status`).selectOption(line === 7 ? 'SKIPPED' : 'DONE')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn of 204 · Bronson Court from 2031-06-30')
  await page.getByRole('button', { name: 'Mark ready' }).click()
  await expect(page.getByText('The unit is ready.').first()).toBeVisible()

  await page.goto('/app/make-ready/')
  await expect(page.getByRole('row', { name: /204 · Bronson Court/ })).toHaveCount(0)
})
