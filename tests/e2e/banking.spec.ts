import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { registerCompany, type Company } from './support/api'
import { logIn, withoutJs } from './support/auth'

/**
 * Banking as a bookkeeper does it, with JavaScript on and off: receipts taken in
 * (journal entries into undeposited funds, made through the API) go to the bank
 * as one deposit, and a statement is reconciled to a zero difference and marked final.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })

/** The company's operating bank account (on GL 1010) and a way to post entries by account number. */
async function books(request: APIRequestContext, company: Company) {
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers: bearer(company) })).json()) as { results: { id: string; number: string }[] }
  const account = (number: string) => accounts.results.find((a) => a.number === number)!.id
  const bank = await request.post('/api/bank-accounts/', { headers: bearer(company), data: { name: 'Operating at Maple Bank', bank_account_type: 'OPERATING', gl_account_id: account('1010') } })
  expect(bank.status(), await bank.text()).toBe(201)
  const bankId = ((await bank.json()) as { id: string }).id
  const post = async (date: string, memo: string, debit: string, credit: string, amount: string) => {
    const entry = await request.post('/api/accounting/journal-entries/', {
      headers: bearer(company),
      data: { date, memo, lines: [{ account_id: account(debit), debit: amount }, { account_id: account(credit), credit: amount }] },
    })
    expect(entry.status(), await entry.text()).toBe(201)
  }
  return { post, bankId }
}

test('deposits the receipts waiting in undeposited funds as one deposit', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  const { post, bankId } = await books(request, company)
  await post('2026-03-01', 'Rent unit 101', '1100', '4000', '1200.00')
  await post('2026-03-02', 'Rent unit 102', '1100', '4000', '500.00')
  await post('2026-03-02', 'Parking March', '1100', '4100', '45.00')
  await logIn(page, company.email, company.password)

  await page.goto('/app/accounting/bank-deposits/')
  await expect(page).toHaveTitle('Bank Deposits | Lintel')
  await expect(page.getByText('No bank deposits yet')).toBeVisible()
  await page.getByRole('link', { name: 'Add Bank Deposit' }).first().click()
  await expect(page).toHaveTitle('Add Bank Deposit | Lintel')
  await expect(page.getByRole('group', { name: 'Receipts waiting in undeposited funds' })).toBeVisible()
  // A deposit is dated today unless said otherwise, in the company's time zone.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  await expect(page.getByLabel('Date')).toHaveValue(today)

  // Nothing ticked: refused, the typed values kept.
  await page.getByLabel('Date').fill('2026-03-03')
  await page.getByLabel('Memo').fill('Deposit slip 0412')
  await page.getByRole('button', { name: 'Add Bank Deposit' }).click()
  await expect(page.getByText('Choose at least one receipt to deposit.').first()).toBeVisible()
  await expect(page.getByLabel('Memo')).toHaveValue('Deposit slip 0412')
  await expect(page.getByLabel('Date')).toHaveValue('2026-03-03')

  await page.getByLabel(/Deposit entry #1, Rent unit 101/).check()
  await page.getByLabel(/Deposit entry #2, Rent unit 102/).check()
  if (!withoutJs(testInfo.project.name)) await expect(page.getByTestId('picked-total')).toHaveText(/2 ticked, total \$1,700\.00/)
  await page.getByRole('button', { name: 'Add Bank Deposit' }).click()

  await expect(page).toHaveTitle('Deposit of 2026-03-03 | Lintel')
  await expect(page.getByText('Bank Deposit 2026-03-03 created. Its receipts total 1700.00.')).toBeVisible()
  await expect(page.locator('dl > div', { has: page.getByText('Amount', { exact: true }) }).locator('dd')).toHaveText('$1,700.00')
  await expect(page.getByRole('cell', { name: 'Rent unit 102' })).toBeVisible()
  const entryLink = page.getByRole('link', { name: '#4', exact: true })
  await expect(entryLink).toHaveAttribute('href', /^\/app\/accounting\/journal\/[0-9a-f-]{36}\/$/)
  // The entry links back to the deposit that posted it.
  await entryLink.click()
  await expect(page).toHaveTitle('Journal Entry #4 | Lintel')
  await page.getByRole('link', { name: 'Bank deposit' }).click()
  await expect(page).toHaveTitle('Deposit of 2026-03-03 | Lintel')

  // Only the parking receipt is left to deposit; the register shows the deposit.
  await page.goto('/app/accounting/bank-deposits/new/')
  await expect(page.getByLabel(/Deposit entry #3, Parking March/)).toBeVisible()
  await expect(page.getByLabel(/Deposit entry #1/)).toHaveCount(0)
  // Each receipt links to the entry it came from.
  await expect(page.getByRole('group', { name: 'Receipts waiting in undeposited funds' }).getByRole('link', { name: '#3', exact: true })).toHaveAttribute('href', /^\/app\/accounting\/journal\/[0-9a-f-]{36}\/$/)
  await page.getByRole('link', { name: 'Register' }).click()
  await expect(page).toHaveTitle('Bank Register | Lintel')
  await expect(page.getByRole('row', { name: /2026-03-03.*#4.*Deposit slip 0412.*\$1,700\.00.*\$1,700\.00/ })).toBeVisible()

  // Deposited meanwhile from elsewhere (another tab, an API client): refused, and the form then offers only what still waits.
  await page.goto('/app/accounting/bank-deposits/new/')
  const parking = await page.getByLabel(/Deposit entry #3, Parking March/).getAttribute('value')
  const elsewhere = await request.post('/api/accounting/bank-deposits/', { headers: bearer(company), data: { bank_account_id: bankId, date: '2026-03-04', journal_line_ids: [parking] } })
  expect(elsewhere.status(), await elsewhere.text()).toBe(201)
  await page.getByLabel(/Deposit entry #3, Parking March/).check()
  await page.getByRole('button', { name: 'Add Bank Deposit' }).click()
  await expect(page.getByText(/already deposited/i).first()).toBeVisible()
  await expect(page.getByLabel(/Deposit entry #3, Parking March/)).toHaveCount(0)
})

test('reconciles a statement to a zero difference and marks it final', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  const { post } = await books(request, company)
  await post('2026-01-02', 'Owner contribution', '1010', '3000', '1000.00')
  await post('2026-01-15', 'Cheque 101 plumber', '5000', '1010', '250.00')
  await post('2026-01-29', 'Cheque 102 not yet cashed', '5100', '1010', '60.00')
  await logIn(page, company.email, company.password)

  await page.goto('/app/accounting/bank-reconciliations/')
  await expect(page).toHaveTitle('Bank Reconciliations | Lintel')
  await page.getByRole('link', { name: 'Add Bank Reconciliation' }).first().click()
  await expect(page).toHaveTitle('Add Bank Reconciliation | Lintel')
  // The company's one bank account is the one reconciled.
  await expect(page.getByLabel('Bank account')).toHaveValue(/.+/)
  await page.getByLabel('Statement date').fill('2026-01-31')
  await page.getByLabel('Statement ending balance').fill('750.00')
  await page.getByRole('button', { name: 'Add Bank Reconciliation' }).click()

  await expect(page).toHaveTitle('Reconciliation of 2026-01-31 | Lintel')
  await expect(page.getByTestId('difference')).toHaveText('$750.00')

  await page.getByLabel(/Cleared: entry #1/).check()
  await page.getByLabel(/Cleared: entry #2/).check()
  if (withoutJs(testInfo.project.name)) {
    await page.getByRole('button', { name: 'Save cleared items' }).click()
    await expect(page.getByText('Cleared items saved.')).toBeVisible()
  }
  await expect(page.getByTestId('cleared-total')).toHaveText('$750.00')
  await expect(page.getByTestId('difference')).toHaveText('$0.00')
  // Marking it final cannot be undone: the page asks first.
  await page.getByRole('link', { name: 'Mark as final' }).click()
  await page.getByRole('button', { name: 'Yes, mark as final' }).click()

  await expect(page.getByText('Reconciliation marked final; its items are locked.')).toBeVisible()
  await expect(page.getByText('Final', { exact: true })).toBeVisible()
  await expect(page.getByLabel(/Cleared: entry #1/)).toBeDisabled()
  await expect(page.getByLabel(/Cleared: entry #3/)).not.toBeChecked()
  await expect(page.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)

  const pdf = await page.request.get(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href').then((href) => href!))
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // The banking tabs lead back to the list, which shows the statement reconciled to nothing left over.
  await page.getByRole('navigation', { name: 'Banking' }).getByRole('link', { name: 'Reconciliations' }).click()
  await expect(page).toHaveTitle('Bank Reconciliations | Lintel')
  await expect(page.getByRole('row', { name: /2026-01-31.*Operating at Maple Bank.*\$750\.00.*\$0\.00.*Final/ })).toBeVisible()
  await page.getByRole('link', { name: '2026-01-31' }).click()

  // The cleared cheque's entry is locked now.
  await page.getByRole('link', { name: '#2' }).click()
  await expect(page).toHaveTitle('Journal Entry #2 | Lintel')
  await expect(page.getByRole('link', { name: 'Correct' })).toHaveCount(0)
})

test('imports a CSV statement once and confirms a suggested match', async ({ page, request }) => {
  const company = await registerCompany(request)
  const { post } = await books(request, company)
  await post('2026-03-11', 'Hydro March', '5100', '1010', '132.45')
  const banks = (await (await request.get('/api/bank-accounts/', { headers: bearer(company) })).json()) as { results: { id: string }[] }
  await logIn(page, company.email, company.password)

  await page.goto(`/app/accounting/transactions/?bank_account_id=${banks.results[0].id}`)
  await page.getByRole('link', { name: 'Import a statement' }).click()
  await expect(page).toHaveTitle('Statement of Operating at Maple Bank | Lintel')
  const file = { name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Description,Amount\n03/12/2026,HYDRO OTTAWA,-132.45\n03/31/2026,MONTHLY FEE,-4.95\n') }
  // A file that is not text is refused on the file's field, and nothing is imported.
  await page.getByLabel('Statement file').setInputFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]) })
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByLabel('Statement file')).toHaveAccessibleDescription('The file holds control characters; it is not a CSV or OFX text file.')
  await expect(page.getByText('No statement lines')).toBeVisible()
  await page.getByLabel('Statement file').setInputFiles(file)
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByText('2 lines imported from the CSV file.')).toBeVisible()
  await page.getByLabel('Statement file').setInputFiles(file)
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByText('0 lines imported from the CSV file; 2 were already here.')).toBeVisible()

  await expect(page.getByText('No register line of this amount within 5 days')).toBeVisible()
  await page.getByRole('button', { name: 'Match to entry #1' }).click()
  await expect(page.getByText('Matched.', { exact: true })).toBeVisible()
  await expect(page.getByRole('row', { name: /HYDRO OTTAWA.*Matched.*#1/ })).toBeVisible()
})

test('reads a French statement in the number format chosen and shows back the amounts it understood', async ({ page, request }) => {
  const company = await registerCompany(request)
  await books(request, company)
  const banks = (await (await request.get('/api/bank-accounts/', { headers: bearer(company) })).json()) as { results: { id: string }[] }
  await logIn(page, company.email, company.password)

  await page.goto(`/app/accounting/bank-accounts/${banks.results[0].id}/statement/`)
  await page.getByLabel('Amounts written').selectOption('fr')
  await page.getByLabel('Statement file').setInputFiles({ name: 'mars.csv', mimeType: 'text/csv', buffer: Buffer.from('Date;Description;Amount\n2026-03-12;Loyer;1 250,00\n2026-03-13;Frais;-4,95\n') })
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByText('Read as: 2026-03-12 Loyer $1,250.00; 2026-03-13 Frais -$4.95.')).toBeVisible()
  await expect(page.getByRole('row', { name: /Loyer/ })).toContainText('$1,250.00')
})
