import { expect, test } from './support/fixtures'
import { registerCompany, type Company } from './support/api'
import { logIn, withoutJs } from './support/auth'

/**
 * A document's actions on its page (ADR 013), with JavaScript on and off, on a bank
 * reconciliation made through the API: the action open from its state, the confirmation step
 * for what cannot be undone (and its Cancel), a refusal shown on the page with nothing changed,
 * then the action done, the state moved and the history showing who did what, newest first.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })

test('marks a document final from its page through the confirmation step, and shows its history', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers: bearer(company) })).json()) as { results: { id: string; number: string }[] }
  const account = (number: string) => accounts.results.find((a) => a.number === number)!.id
  const bank = await request.post('/api/bank-accounts/', { headers: bearer(company), data: { name: 'Operating at Maple Bank', bank_account_type: 'OPERATING', gl_account_id: account('1010') } })
  expect(bank.status(), await bank.text()).toBe(201)
  const entry = await request.post('/api/accounting/journal-entries/', {
    headers: bearer(company),
    data: { date: '2026-01-02', memo: 'Owner contribution', lines: [{ account_id: account('1010'), debit: '500.00' }, { account_id: account('3000'), credit: '500.00' }] },
  })
  expect(entry.status(), await entry.text()).toBe(201)
  const made = await request.post('/api/accounting/bank-reconciliations/', { headers: bearer(company), data: { bank_account_id: (await bank.json()).id, statement_date: '2026-01-31', statement_ending_balance: '500.00' } })
  expect(made.status(), await made.text()).toBe(201)
  const reconciliation = (await made.json()) as { id: string; items: { journal_line_id: string }[] }
  const here = `/app/accounting/bank-reconciliations/${reconciliation.id}/`

  await logIn(page, company.email, company.password)
  await page.goto(here)
  await expect(page).toHaveTitle('Reconciliation of 2026-01-31 | Lintel')
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByRole('row')).toHaveCount(2)
  await expect(history.getByRole('row').nth(1)).toContainText('Created')
  await expect(history.getByRole('row').nth(1)).toContainText('Draft')

  // With JavaScript the confirmation step comes without loading a new document.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true))
  await page.getByRole('link', { name: 'Mark as final' }).click()
  await expect(page).toHaveURL(/\?confirm=mark-as-final/)
  const actions = page.getByRole('region', { name: 'Actions' })
  await expect(actions.getByText('Marking it final locks its cleared items')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true)).toBe(!withoutJs(testInfo.project.name))
  await actions.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'Yes, mark as final' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Mark as final' })).toBeVisible()

  // Nothing ticked yet: the difference is not zero, so the action is refused on the page and nothing moves.
  await page.getByRole('link', { name: 'Mark as final' }).click()
  await page.getByRole('button', { name: 'Yes, mark as final' }).click()
  await expect(page.getByText(/differ by/).first()).toBeVisible()
  await expect(history.getByRole('row')).toHaveCount(2)

  const ticked = await request.post(`/api/accounting/bank-reconciliations/${reconciliation.id}/cleared-items/`, {
    headers: bearer(company),
    data: { journal_line_ids: reconciliation.items.map((i) => i.journal_line_id), cleared: true },
  })
  expect(ticked.status(), await ticked.text()).toBe(200)
  await page.goto(here)
  await page.getByRole('link', { name: 'Mark as final' }).click()
  await page.getByRole('button', { name: 'Yes, mark as final' }).click()

  await expect(page.getByText('Reconciliation marked final; its items are locked.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${here}$`))
  // Final: no action is open from it any more, and the history shows the move first.
  await expect(page.getByRole('region', { name: 'Actions' })).toHaveCount(0)
  await expect(history.getByRole('row')).toHaveCount(3)
  await expect(history.getByRole('row').nth(1)).toContainText('Mark as final')
  await expect(history.getByRole('row').nth(1)).toContainText('Draft → Final')
  await expect(history.getByRole('row').nth(1)).toContainText('Avery Admin')
})

test('deletes a draft document from its page only after asking, and Cancel keeps it', async ({ page, request }) => {
  const company = await registerCompany(request)
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers: bearer(company) })).json()) as { results: { id: string; number: string }[] }
  const bank = await request.post('/api/bank-accounts/', { headers: bearer(company), data: { name: 'Operating at Maple Bank', bank_account_type: 'OPERATING', gl_account_id: accounts.results.find((a) => a.number === '1010')!.id } })
  expect(bank.status(), await bank.text()).toBe(201)
  const made = await request.post('/api/accounting/bank-reconciliations/', { headers: bearer(company), data: { bank_account_id: (await bank.json()).id, statement_date: '2026-02-28', statement_ending_balance: '0.00' } })
  expect(made.status(), await made.text()).toBe(201)
  const { id } = (await made.json()) as { id: string }
  const here = `/app/accounting/bank-reconciliations/${id}/`

  await logIn(page, company.email, company.password)
  await page.goto(here)
  // One click on Delete removes nothing: it asks first.
  await page.getByRole('link', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\?confirm=delete/)
  const asking = page.getByRole('form', { name: 'Delete bank reconciliation' })
  await expect(asking).toContainText('Delete Reconciliation of 2026-02-28? This cannot be undone.')
  await asking.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'Yes, delete' })).toHaveCount(0)
  expect((await request.get(`/api/accounting/bank-reconciliations/${id}/`, { headers: bearer(company) })).status()).toBe(200)

  await page.getByRole('link', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Bank Reconciliation deleted.')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/accounting\/bank-reconciliations\/$/)
  expect((await request.get(`/api/accounting/bank-reconciliations/${id}/`, { headers: bearer(company) })).status()).toBe(404)
})
