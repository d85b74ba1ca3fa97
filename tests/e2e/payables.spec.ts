import { expect, test } from './support/fixtures'
import { createThroughApi, mailTo, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A bill from the accountant's screen (issue 16 item 2), with JavaScript on and off: entered with
 * two lines for a property (one on the vendor's default account, one with the HST the vendor charged,
 * a cost of the apartment building rather than a credit), due on the vendor's terms, paid
 * in part and then marked as paid, after which the payables list no longer shows it and its
 * payments list both payments.
 */

test('a bill is entered, paid in part, then marked as paid', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers: { authorization: `Bearer ${company.token}` } })).json()).results as { id: string; number: string }[]
  const account = (number: string) => accounts.find((a) => a.number === number)!.id
  await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  await createThroughApi(request, company, 'bank-accounts', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })
  await createThroughApi(request, company, 'vendors', { name: 'Rapid Plumbing', payment_terms: 'NET_30', default_expense_account_id: account('5000') })

  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/bills/new/')
  await page.getByLabel(/^Vendor(?!’)/).selectOption({ label: 'Rapid Plumbing' })
  await page.getByLabel(/^Vendor’s invoice number/).fill('4411')
  await page.getByLabel(/^Bill date/).fill('2026-11-02')
  await page.getByLabel('Line 1: Description').fill('Boiler service')
  await page.getByLabel('Line 1: Property').selectOption({ label: 'Bronson Court' })
  await page.getByLabel('Line 1: Amount').fill('300.00')
  await page.getByLabel('Line 1: GST/HST').fill('39.00')
  await page.getByRole('button', { name: 'Add line' }).click()
  await page.getByLabel('Line 2: Expense account').selectOption({ label: '5100 Utilities' })
  await page.getByLabel('Line 2: Description').fill('Water heater fuse')
  await page.getByLabel('Line 2: Amount').fill('20.50')
  await page.getByRole('button', { name: 'Add Bill' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bill 4411 · Rapid Plumbing of 2026-11-02')
  const details = page.getByRole('main')
  await expect(details).toContainText('2026-12-02')
  await expect(details).toContainText('359.50')
  const lines = page.getByRole('region', { name: /^Lines/ })
  await expect(lines).toContainText('5000 Repairs and Maintenance')
  // Residential rent is exempt: the tax is part of the repair's cost, not claimed back.
  await expect(lines.getByRole('row').nth(1)).toContainText('$39.00$0.00')

  // Part of it now, by cheque.
  const partly = page.getByRole('form', { name: 'Record a payment' })
  // Paid today, unless told otherwise.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  await expect(partly.getByLabel(/^Paid on/)).toHaveValue(today)
  await partly.getByLabel(/^Amount paid/).fill('120.50')
  await partly.getByLabel(/^Paid on/).fill('2026-11-10')
  await partly.getByLabel(/^Paid from/).selectOption({ label: 'Operating' })
  await partly.getByLabel(/^Method/).selectOption('CHEQUE')
  await partly.getByLabel(/^Reference/).fill('1001')
  await partly.getByRole('button', { name: /Record a payment/i }).click()
  await expect(page.getByText('Payment recorded.')).toBeVisible()
  await expect(page.getByRole('main')).toContainText('239.00')

  // The rest, by EFT.
  const rest = page.getByRole('form', { name: 'Mark as paid' })
  await rest.getByLabel(/^Paid on/).fill('2026-11-20')
  await rest.getByLabel(/^Paid from/).selectOption({ label: 'Operating' })
  await rest.getByLabel(/^Method/).selectOption('EFT')
  await rest.getByRole('button', { name: /Mark as paid/i }).click()
  await expect(page.getByText('Bill paid: a payment of what it owed is recorded.')).toBeVisible()
  const payments = page.getByRole('region', { name: /^Payments/ })
  await expect(payments.getByRole('row')).toHaveCount(3)
  await expect(payments).toContainText('1001')

  // Payables are what is still owed: nothing now.
  await page.goto('/app/accounting/bills/')
  await expect(page.getByRole('link', { name: /Rapid Plumbing/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Pay bills' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay Bills')
  await expect(page.getByText('Every bill is paid.')).toBeVisible()
})

test('bills are paid together, sent to the bank in an EFT file, and their remittance letter mailed', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers })).json()).results as { id: string; number: string }[]
  const account = (number: string) => accounts.find((a) => a.number === number)!.id
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const bank = await createThroughApi(request, company, 'bank-accounts', {
    name: 'Operating',
    bank_account_type: 'OPERATING',
    gl_account_id: account('1010'),
    institution_number: '003',
    transit_number: '00012',
    account_number: '1004417',
    eft_originator_id: 'BIRCH00001',
    eft_data_centre: '00310',
  })
  const email = `office-${company.email}`
  const rapid = await createThroughApi(request, company, 'vendors', { name: 'Rapid Plumbing', email, payment_terms: 'NET_30', default_expense_account_id: account('5000'), bank_institution_number: '004', bank_transit_number: '10442', bank_account_number: '5520184' })
  const hydro = await createThroughApi(request, company, 'vendors', { name: 'Ottawa Hydro', payment_terms: 'DUE_ON_RECEIPT', default_expense_account_id: account('5100') })
  for (const [vendor, amount] of [
    [rapid, '300.00'],
    [rapid, '20.50'],
    [hydro, '99.99'],
  ] as const)
    await createThroughApi(request, company, 'accounting/bills', { vendor_id: vendor.id, date: '2026-11-02', lines: [{ property_group_id: property.id, amount }] })

  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/bills/bulk-pay/')
  await page.getByLabel(/^Paid on/).fill('2026-11-20')
  await page.getByLabel(/^Method/).selectOption('EFT')
  for (const amount of ['300.00', '20.50', '99.99']) await page.getByRole('checkbox', { name: new RegExp(`\\$${amount.replace('.', '\\.')}$`) }).check()
  await page.getByRole('button', { name: 'Pay the bills ticked' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Bills paid 2026-11-20 · Operating/)
  const payments = page.getByRole('region', { name: /^Payments/ })
  await expect(payments.getByRole('row')).toHaveCount(3)

  // The EFT file takes Rapid Plumbing's payment; Ottawa Hydro has no bank details and is held back.
  await page.goto(`/app/reporting/generate-eft-payment-file/?bank_account_id=${bank.id}`)
  await expect(page.getByRole('region', { name: 'Held back' })).toContainText('Ottawa Hydro')
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the EFT file' }).click()])
  expect(file.suggestedFilename()).toMatch(/^eft-0001-\d{4}-\d{2}-\d{2}\.txt$/)
  const records = (await (await file.createReadStream()).toArray()).join('').split('\r\n').slice(0, -1)
  expect(records.map((r) => r[0]).join('')).toBe('ACZ')
  expect(records[1].slice(27, 37)).toBe('0000032050')

  // Rapid Plumbing's remittance letter, by e-mail.
  await page.goto(`/app/accounting/bill-payments/?vendor_id=${rapid.id}`)
  await page.getByRole('row', { name: /Rapid Plumbing/ }).getByRole('link').first().click()
  await page.getByRole('link', { name: 'Remittance letter', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Payment of 2026-11-20 · Rapid Plumbing/)
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Remittance letter (PDF)' }).click()])
  expect(pdf.suggestedFilename()).toBe('remittance-2026-11-20-Rapid-Plumbing.pdf')
  await page.getByRole('button', { name: 'E-mail to the vendor' }).click()
  await expect(page.getByText('Remittance letter e-mailed to the vendor.')).toBeVisible()
  const mail = await mailTo(email, /Remittance.advice/)
  expect(mail.text).toContain('Payment of 2026-11-20')
})
