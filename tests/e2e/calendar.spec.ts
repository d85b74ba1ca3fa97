import { expect, test } from './support/fixtures'
import { leasedUnit, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * The calendar (issue 15 item 8), with JavaScript on and off: a month shows the work orders, moves,
 * tasks and events of its days; the week and agenda views and the previous and next links move
 * through them; an event added through its form is on the calendar, on its maker's own.
 */

test('the calendar shows a month of work, moves and events, by month, week and agenda, and takes a new event', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const { post, property } = await leasedUnit(request, company, { start: '2031-03-03' })
  await post('work-orders/', { subject: 'Replace the lobby light', property_group_id: property.id, location: 'Lobby', priority: 'ROUTINE', due_date: '2031-03-05' })
  await post('tasks/', { subject: 'Order salt for the walks', priority: 'NORMAL', due_date: '2031-03-12' })

  await logIn(page, company.email, company.password)
  await page.goto('/app/')
  await page.getByRole('link', { name: 'Calendar' }).click()
  await expect(page).toHaveTitle('Calendar | Lintel')

  await page.goto('/app/calendar/?view=month&date=2031-03-10')
  await expect(page.getByRole('heading', { level: 2, name: 'March 2031' })).toBeVisible()
  const month = page.getByRole('table')
  await expect(month.getByRole('link', { name: /Work order: Replace the lobby light/ })).toBeVisible()
  await expect(month.getByRole('link', { name: /Move-in: 101 · Bronson Court from 2031-03-03/ })).toBeVisible()

  // The week of the 10th holds the task; the previous week the move-in and the work order.
  await page.getByRole('navigation', { name: 'Calendar views' }).getByRole('link', { name: 'Week' }).click()
  const week = page.getByRole('list', { name: 'Week' })
  await expect(week).toContainText('Order salt for the walks')
  await expect(week).not.toContainText('Replace the lobby light')
  await page.getByRole('link', { name: 'Previous' }).click()
  await expect(page.getByRole('list', { name: 'Week' })).toContainText('Replace the lobby light')

  // A new event, from its form, is on the agenda.
  await page.getByRole('link', { name: 'Add event' }).click()
  await page.getByLabel(/^Title/).fill('Owner meeting')
  await page.getByLabel(/^Day/).fill('2031-03-04')
  await page.getByLabel(/^Time/).selectOption('09:00')
  await page.getByRole('button', { name: 'Add Calendar Event' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Owner meeting' })).toBeVisible()
  await page.goto('/app/calendar/?view=agenda&date=2031-03-01&mine=true')
  const agenda = page.getByRole('list', { name: 'Agenda' })
  await expect(agenda.getByRole('link', { name: /Event: 09:00 Owner meeting/ })).toBeVisible()
  // Mine: the work order is nobody's yet, the move-in is the company's.
  await expect(agenda).not.toContainText('Replace the lobby light')
  await expect(agenda).toContainText('101 · Bronson Court from 2031-03-03')
})
