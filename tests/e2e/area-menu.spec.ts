import { expect, test } from './support/fixtures'
import { DEMO } from './support/api'
import { logIn } from './support/auth'

test.use({ viewport: { width: 390, height: 800 } })

test('on a phone the technician’s menu folds into a panel that lists every link', async ({ page }) => {
  await logIn(page, DEMO.technician)
  await expect(page).toHaveURL(/\/mt\/$/)
  const menu = page.getByRole('navigation', { name: 'Main (small screens)' })
  await expect(menu).toBeHidden()
  await page.getByText('Menu', { exact: true }).click()
  for (const name of ['View Work Orders', 'Add Work Order', 'Add Time Tracking Entry', 'View Time Tracking Entries', 'Change Password']) {
    await expect(menu.getByRole('link', { name })).toBeVisible()
  }
  await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible()
  await menu.getByRole('link', { name: 'Add Time Tracking Entry' }).click()
  await expect(page).toHaveTitle('Add Time Tracking Entry | Lintel')
})
