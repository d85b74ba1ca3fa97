import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import { LINE_DIMENSIONS } from '~/domain/ledger/dimensions'
import { dueDates, recurringDraft, type DraftLine, type JournalDraft } from '~/domain/ledger/entries'
import { postEntry } from '~/ledger/posting.server'
import { todayIn } from '~/domain/dates'
import { bankAccountsResource } from '~/resources/accounting'
import { demoVendors, enterBill, payBill, seedDemoPurchaseOrders, seedDemoVendorCredits, type DemoBill } from './seed-payables.server'
import { seedDemoInvoices } from './seed-receivables.server'
import { billsResource } from '~/resources/payables'
import { bankDepositsResource } from '~/resources/bank-deposits'
import { journalEntriesResource } from '~/resources/journal-entries'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { leasesResource } from '~/resources/leases'
import { depositDispositionsResource, securityDepositsResource } from '~/resources/deposits'
import { rentIncreasesResource } from '~/resources/rent-increases'
import { allowedRent } from '~/domain/leasing/rent-increases'
import { rentPaymentSchedulesResource, rentPaymentsResource } from '~/resources/rent'
import type { Transaction } from './client.server'
import { accounts, buildings, journalEntries, journalLines, propertyGroups, propertyOwnerships, recurringJournalEntries, recurringJournalEntryLines, rentalUnits, rentCharges, residents, users } from './schema'
import { generator } from './seed-portfolio.server'

/*
 * The demo company's books: a year of history ending today, so the statements,
 * the register and the reconciliation have something true to show. Opening balances,
 * the rent of every occupied unit received each month into undeposited funds and
 * deposited into the operating account, the bills of each property paid from it
 * (utilities, repairs, insurance, property tax, management fees, mortgages), two
 * security deposits held in trust, a distribution to the owners each quarter and
 * the monthly depreciation as a recurring entry. Everything posts through postEntry,
 * so it balances; the amounts come from one seeded generator.
 */

type Unit = { id: string; propertyGroupId: string; rent: number; residentId: string | null; status: string }
type Property = { id: string; name: string; units: Unit[]; owners: { ownerId: string; percentage: number }[] }

/** What each property costs to run, in dollars a month (or a year where it says). */
const COSTS: Record<string, { utilities: number; insurancePerYear: number; taxPerYear: number; feePercent: number; feeMinimum: number; mortgage?: { balance: number; payment: number; rate: number }; cleaning: number; building: number }> = {
  'Bronson Court Apartments': { utilities: 5200, insurancePerYear: 38_400, taxPerYear: 96_000, feePercent: 6, feeMinimum: 0, mortgage: { balance: 3_850_000, payment: 19_450, rate: 0.0465 }, cleaning: 1450, building: 7_800_000 },
  'Jockvale Townhomes': { utilities: 650, insurancePerYear: 14_400, taxPerYear: 62_400, feePercent: 6, feeMinimum: 0, cleaning: 0, building: 8_400_000 },
  'Queen West Lofts': { utilities: 2900, insurancePerYear: 26_400, taxPerYear: 74_400, feePercent: 5, feeMinimum: 650, mortgage: { balance: 2_650_000, payment: 14_100, rate: 0.0499 }, cleaning: 900, building: 6_900_000 },
}

const REPAIRS = ['Plumbing: kitchen drain cleared', 'Furnace service call', 'Appliance repair: dishwasher', 'Door closer replaced', 'Electrical: GFCI outlets replaced', 'Painting between tenancies', 'Roof leak patched', 'Intercom repair', 'Window balance replaced', 'Locksmith: rekey after move-out']

const cents = (dollars: number) => Math.round(dollars * 100)
/** Cents as the API writes an amount: 125000 → "1250.00". */
const dollars = (amount: number) => (amount / 100).toFixed(2)
const pad = (n: number) => String(n).padStart(2, '0')
const dateOf = (year: number, month: number, day: number) => {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${pad(month)}-${pad(Math.min(day, last))}`
}
const monthName = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** Posts the demo company's year of books inside the seed's transaction; `today` in the company's time zone by default. */
export async function seedDemoLedger(tx: Transaction, companyId: string, options: { today?: string; timeZone?: string } = {}) {
  const [manager] = await tx.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.isCompanyAdmin, true))).limit(1)
  const userId = manager.id
  const today = options.today ?? todayIn(options.timeZone ?? 'America/Toronto')
  const random = generator(20_260_401)
  const chart = new Map((await tx.select({ id: accounts.id, number: accounts.number }).from(accounts).where(eq(accounts.companyId, companyId))).map((a) => [a.number, a.id]))
  const account = (number: string) => chart.get(number)!
  const post = async (draft: JournalDraft) => (await postEntry(tx, companyId, draft)).entry
  /** A manual journal entry, written through its definition as the API writes one; answers the entry it posted. */
  const manual = async (date: string, memo: string, lines: DraftLine[]) => {
    const body = {
      date,
      memo,
      lines: lines.map((l) => ({
        account_id: l.accountId,
        ...(l.amount > 0 ? { debit: dollars(l.amount) } : { credit: dollars(-l.amount) }),
        memo: l.memo ?? null,
        ...Object.fromEntries(LINE_DIMENSIONS.filter((d) => l[d.key]).map((d) => [d.name, l[d.key]])),
      })),
    }
    const created = await createRecord(tx, companyId, journalEntriesResource, parseInput(journalEntriesResource, body, 'create'))
    const [entry] = await tx
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.sourceType, 'JOURNAL_ENTRY'), eq(journalEntries.sourceId, String(created.id))))
    return entry
  }

  const properties = await portfolio(tx, companyId)

  const bankAccount = async (body: Record<string, unknown>) => {
    const created = await createRecord(tx, companyId, bankAccountsResource, parseInput(bankAccountsResource, body, 'create'))
    return { id: String(created.id) }
  }
  const operating = await bankAccount({ name: 'Operating — RBC', bank_account_type: 'OPERATING', gl_account_id: account('1010'), institution_name: 'Royal Bank of Canada', institution_number: '003', transit_number: '00012', account_number: '1004417', description: 'Rent deposits and property bills.', eft_originator_id: 'MAPLE00042', eft_data_centre: '00310', eft_short_name: 'Maple Street' })
  const vendors = await demoVendors(tx, companyId, today)
  let billNumber = 1000
  const trust = await bankAccount({ name: 'Security deposit trust — RBC', bank_account_type: 'TRUST', gl_account_id: account('1020'), institution_name: 'Royal Bank of Canada', institution_number: '003', transit_number: '00012', account_number: '1009952', description: "Residents' security deposits, held in trust." })

  /** Gathers undeposited receipts (lines of `entryIds`) into one deposit, through the bank deposit's definition as the API does. */
  const deposit = async (bank: { id: string }, date: string, memo: string, entryIds: string[]) => {
    const receipts = await tx
      .select({ id: journalLines.id })
      .from(journalLines)
      .where(and(inArray(journalLines.entryId, entryIds), eq(journalLines.accountId, account('1100')), gt(journalLines.amount, 0)))
    const body = { bank_account_id: bank.id, date, memo, journal_line_ids: receipts.map((r) => r.id) }
    await createRecord(tx, companyId, bankDepositsResource, parseInput(bankDepositsResource, body, 'create'))
  }

  // The twelve months before this one, and this one as far as today.
  const [year, month] = today.split('-').map(Number)
  const months = Array.from({ length: 13 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 13 + i, 1))
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 }
  })
  const first = months[0]
  const openingDate = new Date(Date.UTC(first.year, first.month - 1, 0)).toISOString().slice(0, 10)

  // Opening balances: cash in the operating account, the buildings and their mortgages. The deposits held in trust are the
  // leases' own, received below.
  const opening: DraftLine[] = [{ accountId: account('1010'), amount: cents(86_420.55), memo: 'Operating account balance brought forward' }]
  for (const p of properties) {
    const costs = COSTS[p.name]
    if (!costs) continue
    opening.push({ accountId: account('1500'), amount: cents(costs.building), propertyGroupId: p.id, memo: 'Building at cost' })
    if (costs.mortgage) opening.push({ accountId: account('2500'), amount: -cents(costs.mortgage.balance), propertyGroupId: p.id, memo: 'Mortgage principal outstanding' })
  }
  opening.push({ accountId: account('3200'), amount: -opening.reduce((a, l) => a + l.amount, 0), memo: 'Owners’ equity brought forward' })
  await post({ date: openingDate, memo: 'Opening balances', basis: 'BOTH', source: { type: 'OPENING_BALANCE', id: companyId, purpose: 'OPENING' }, lines: opening })

  // Every let unit's lease, charging its rent from the first month of the history (the rent run's charges).
  const leaseOf = await seedLeases(tx, companyId, userId, properties, dateOf(first.year, first.month, 1), today, random)
  // Each lease's last month's rent deposit (in Ontario, the deposit a landlord may hold), paid as it began and held in trust:
  // those of the residents here before the books began went to the trust account by then, a newcomer's with it. The lease
  // that ended lately has its own, settled by its disposition (seedMoves).
  const settledLater = [...leaseOf.values()].find((l) => l.moveOut && l.moveOut < today)
  const heldBefore: string[] = []
  for (const lease of leaseOf.values()) {
    if (lease === settledLater) continue
    const receipt = await receiveLastMonthRent(tx, companyId, lease, lease.start)
    if (lease.start <= openingDate) heldBefore.push(receipt)
    else await deposit(trust, lease.start, 'Last month’s rent deposit', [receipt])
  }
  if (heldBefore.length) await deposit(trust, openingDate, 'Last month’s rent deposits held as the books open', heldBefore)
  const mortgageBalance = new Map(properties.map((p) => [p.id, cents(COSTS[p.name]?.mortgage?.balance ?? 0)]))
  const quarterNet = new Map<string, number>()
  const addNet = (propertyId: string, amount: number) => quarterNet.set(propertyId, (quarterNet.get(propertyId) ?? 0) + amount)

  for (const [index, { year: y, month: m }] of months.entries()) {
    const on = (day: number) => dateOf(y, m, day)
    const due = (day: number) => on(day) <= today
    const label = monthName(y, m)
    for (const p of properties) {
      const costs = COSTS[p.name]
      if (!costs) continue
      const paying = p.units.filter((u) => u.residentId && u.rent > 0)
      let collected = 0
      if (due(2)) {
        // The rent, paid by each lease: most on the 1st or 2nd, a few late in the month, a couple not at all lately.
        const payments: string[] = []
        const late: string[] = []
        const bounced: { paymentId: string; leaseId: string; rent: number }[] = []
        for (const u of paying) {
          const lease = leaseOf.get(u.id)
          if (!lease) continue
          // Nothing before a lease this year began; the month of a move-out is paid by the last month's rent deposit.
          if (on(1) < lease.start.slice(0, 8) + '01' || (lease.moveOut && on(1) >= lease.moveOut.slice(0, 8) + '01')) continue
          const behind = lease.habit === 'BEHIND' && index >= months.length - 2
          const day = lease.habit === 'LATE' ? 12 : 2
          if (behind || !due(day)) continue
          const method = lease.habit === 'CHEQUE' ? 'CHEQUE' : random.chance(0.7) ? 'PAD' : 'E_TRANSFER'
          const payment = await createRecord(tx, companyId, rentPaymentsResource, parseInput(rentPaymentsResource, { lease_id: lease.id, date: on(day), amount: dollars(lease.rent), method, reference: method === 'CHEQUE' ? String(100 + index) : null }, 'create'))
          ;(day === 2 ? payments : late).push(String(payment.id))
          collected += lease.rent
          // One cheque comes back from the bank four months ago, after it was deposited, with Ontario's $20 NSF charge, and is paid again.
          if (lease.habit === 'CHEQUE' && index === months.length - 5 && due(20)) bounced.push({ paymentId: String(payment.id), leaseId: lease.id, rent: lease.rent })
        }
        const lines: DraftLine[] = []
        const parking = p.name === 'Bronson Court Apartments' ? 2125 : p.name === 'Queen West Lofts' ? 900 : 0
        if (parking) {
          lines.push({ accountId: account('1100'), amount: cents(parking), propertyGroupId: p.id }, { accountId: account('4100'), amount: -cents(parking), propertyGroupId: p.id, memo: `Parking, ${label}` })
          collected += cents(parking)
        }
        if (p.name === 'Bronson Court Apartments') {
          const laundry = random.int(380, 520)
          lines.push({ accountId: account('1100'), amount: cents(laundry), propertyGroupId: p.id }, { accountId: account('4300'), amount: -cents(laundry), propertyGroupId: p.id, memo: `Laundry machines, ${label}` })
          collected += cents(laundry)
        }
        const receipt = lines.length ? await manual(on(2), `Parking and laundry — ${p.name}, ${label}`, lines) : null
        addNet(p.id, collected)
        const receipts = async (ids: string[]) =>
          ids.length ? (await tx.select({ id: journalEntries.id }).from(journalEntries).where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.sourceType, 'RENT_PAYMENT'), inArray(journalEntries.sourceId, ids)))).map((e) => e.id) : []
        if (due(5)) await deposit(operating, on(5), `Rent deposit — ${p.name}, ${label}`, [...(receipt ? [receipt.id] : []), ...(await receipts(payments))])
        for (const cheque of bounced) {
          await runAction(tx, companyId, userId, rentPaymentsResource, cheque.paymentId, 'record-return', { returned_date: on(8), nsf_fee: '20.00', note: 'Cheque returned NSF' })
          const again = await createRecord(tx, companyId, rentPaymentsResource, parseInput(rentPaymentsResource, { lease_id: cheque.leaseId, date: on(20), amount: dollars(cheque.rent + 2000), method: 'E_TRANSFER' }, 'create'))
          late.push(String(again.id))
        }
        // What came in late goes to the bank with the month's last deposit.
        if (late.length && due(25)) await deposit(operating, on(25), `Late rent deposit — ${p.name}, ${label}`, await receipts(late))
      }

      // The bills, each from its vendor and paid from the operating account on its day; what is owed
      // to no vendor (the management fee, the mortgage with its principal) is written by hand.
      const pay = async (day: number, expense: string, amount: number, memo: string, extra: DraftLine[] = []) => {
        if (!due(day) || amount <= 0) return
        const vendorId = vendors.get(expense)
        if (vendorId && !extra.length) {
          const billId = await enterBill(tx, companyId, { vendorId, reference: `${y}${String(m).padStart(2, '0')}-${++billNumber}`, date: on(day), dueDate: on(day), accountId: account(expense), propertyGroupId: p.id, amount: dollars(amount), memo })
          await payBill(tx, companyId, userId, billId, { date: on(day), bankAccountId: operating.id, method: expense === '5000' || expense === '5600' ? 'EFT' : 'CHEQUE' })
        } else {
          await manual(on(day), memo, [{ accountId: account(expense), amount, propertyGroupId: p.id }, ...extra, { accountId: account('1010'), amount: -(amount + extra.reduce((a, l) => a + l.amount, 0)), propertyGroupId: p.id }])
        }
        addNet(p.id, -amount)
      }
      const winter = [12, 1, 2, 3].includes(m)
      await pay(12, '5100', cents(costs.utilities * (winter ? 1.35 : 0.85) * (0.95 + random.next() * 0.1)), `Hydro, gas and water — ${p.name}`)
      if (m % 3 === 1) await pay(15, '5300', cents(costs.insurancePerYear / 4), `Property insurance, quarterly premium — ${p.name}`)
      if ([2, 4, 6, 9].includes(m)) await pay(28, '5200', cents(costs.taxPerYear / 4), `Property tax instalment — ${p.name}`)
      if (costs.cleaning) await pay(20, '5600', cents(costs.cleaning), `Common-area cleaning — ${p.name}`)
      await pay(18, '5500', cents(winter ? random.int(900, 1900) : [5, 6, 7, 8, 9].includes(m) ? random.int(450, 800) : 0), winter ? `Snow removal — ${p.name}` : `Landscaping — ${p.name}`)
      for (let r = random.int(0, 2); r > 0; r--) await pay(random.int(6, 26), '5000', cents(random.int(180, 2400) + random.int(0, 99) / 100), `${random.pick(REPAIRS)} — ${p.name}`)
      await pay(7, '5400', Math.max(Math.round((collected * costs.feePercent) / 100), cents(costs.feeMinimum)), `Management fee, ${label} — ${p.name}`)
      if (costs.mortgage) {
        const balance = mortgageBalance.get(p.id)!
        const interest = Math.round((balance * costs.mortgage.rate) / 12)
        const principal = cents(costs.mortgage.payment) - interest
        if (due(1)) mortgageBalance.set(p.id, balance - principal)
        await pay(1, '6000', interest, `Mortgage payment — ${p.name}`, [{ accountId: account('2500'), amount: principal, propertyGroupId: p.id, memo: 'Principal' }])
        addNet(p.id, -principal)
      }

      // Each quarter's end: most of what the property earned goes to its owners, by their shares.
      if (m % 3 === 0 && due(28) && index > 0) {
        const net = quarterNet.get(p.id) ?? 0
        const total = Math.floor((net * 0.8) / 10_000) * 10_000
        if (total > 0) {
          const lines: DraftLine[] = []
          let left = total
          p.owners.forEach((o, i) => {
            const share = i === p.owners.length - 1 ? left : Math.round((total * o.percentage) / 10_000)
            left -= share
            lines.push({ accountId: account('3100'), amount: share, propertyGroupId: p.id, propertyOwnerId: o.ownerId })
          })
          lines.push({ accountId: account('1010'), amount: -total, propertyGroupId: p.id })
          await manual(on(28), `Owner distribution, quarter ending ${label} — ${p.name}`, lines)
        }
        quarterNet.set(p.id, 0)
      }
    }
  }

  // What is still to pay today: repairs and cleaning of the last weeks, one of them overdue and one
  // paid in part. The plumber charges HST: a cost for the apartments, claimed back for the shop at grade.
  const daysAgo = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
  const [home, second] = properties
  const mixed = properties.find((p) => p.name === 'Queen West Lofts')
  const open: DemoBill[] = [
    { vendorId: vendors.get('5000')!, reference: 'RP-2291', date: daysAgo(12), accountId: account('5000'), propertyGroupId: home.id, amount: '486.20', taxAmount: '63.21', memo: `Replace hot water tank valve — ${home.name}` },
    ...(mixed ? [{ vendorId: vendors.get('5000')!, reference: 'RP-2304', date: daysAgo(8), accountId: account('5000'), propertyGroupId: mixed.id, amount: '640.00', taxAmount: '83.20', inputTaxCredit: '83.20', memo: `Storefront drain, shop at grade — ${mixed.name}` }] : []),
    { vendorId: vendors.get('5600')!, reference: 'BW-0418', date: daysAgo(20), accountId: account('5600'), propertyGroupId: (second ?? home).id, amount: '725.00', memo: `Carpet cleaning, halls — ${(second ?? home).name}` },
    { vendorId: vendors.get('electric')!, reference: 'CE-77', date: daysAgo(5), accountId: account('5000'), propertyGroupId: home.id, amount: '1340.00', memo: `Panel upgrade, laundry room — ${home.name}` },
  ]
  const openIds: string[] = []
  for (const bill of open) openIds.push(await enterBill(tx, companyId, bill))
  await runAction(tx, companyId, userId, billsResource, openIds[open.findIndex((b) => b.reference === 'CE-77')], 'record-payment', { amount: '500.00', date: daysAgo(2), bank_account_id: operating.id, method: 'EFT', reference: 'Deposit on the panel' })
  await seedDemoInvoices(tx, companyId, userId, {
    today,
    bankAccountId: operating.id,
    account,
    places: properties.map((p) => ({ propertyGroupId: p.id, ownerId: p.owners[0]?.ownerId ?? null, residentId: p.units.find((u) => u.residentId)?.residentId ?? null })),
  })
  await seedDemoPurchaseOrders(tx, companyId, userId, { vendors, properties, account, daysAgo })
  await seedDemoVendorCredits(tx, companyId, userId, { vendors, properties, account, daysAgo, billIds: { rapid: openIds[0]! } })
  // The EFT payments of past months went to the bank in a file each month; this month's wait for the next file.
  await tx.execute(sql`
    with sent as (
      select p.id, dense_rank() over (order by date_trunc('month', p.date)) as file
      from bill_payments p where p.company_id = ${companyId} and p.method = 'EFT' and date_trunc('month', p.date) < date_trunc('month', ${today}::date))
    update bill_payments p set eft_file_number = sent.file from sent where p.id = sent.id`)
  await tx.execute(sql`
    update bank_accounts b set eft_file_number = coalesce((select max(eft_file_number) from bill_payments where company_id = ${companyId} and bank_account_id = b.id), 0)
    where b.company_id = ${companyId}`)

  await seedMoves(tx, companyId, userId, [...leaseOf.values()], { today, first: dateOf(first.year, first.month, 1), interestAccount: account('6000'), trust, deposit })

  // Depreciation, monthly, as a recurring entry: the scheduler carries it on from here.
  const lines = properties
    .filter((p) => COSTS[p.name])
    .flatMap((p) => {
      const monthly = cents(Math.round(COSTS[p.name].building / 40 / 12))
      return [
        { accountId: account('6100'), amount: monthly, propertyGroupId: p.id, rentalUnitId: null, memo: 'Straight line over 40 years' },
        { accountId: account('1510'), amount: -monthly, propertyGroupId: p.id, rentalUnitId: null },
      ]
    })
  const [schedule] = await tx
    .insert(recurringJournalEntries)
    .values({ companyId, name: 'Building depreciation', memo: 'Monthly depreciation of the buildings', frequency: 'MONTHLY', startDate: dateOf(first.year, first.month, 31) })
    .returning()
  await tx.insert(recurringJournalEntryLines).values(lines.map((line, position) => ({ ...line, companyId, recurringJournalEntryId: schedule.id, position })))
  for (const date of dueDates({ startDate: schedule.startDate, frequency: 'MONTHLY' }, today)) await post(recurringDraft({ id: schedule.id, name: schedule.name, memo: schedule.memo, lines }, date))
}

/** A lease's last month's rent deposit, a month's rent paid by cheque on `date`, as the API receives one: the entry of its receipt, to go to the bank. */
async function receiveLastMonthRent(tx: Transaction, companyId: string, lease: Pick<DemoLease, 'id' | 'rent'>, date: string) {
  const held = await createRecord(
    tx,
    companyId,
    securityDepositsResource,
    parseInput(securityDepositsResource, { lease_id: lease.id, deposit_type: 'LAST_MONTH_RENT', date, amount: dollars(lease.rent), method: 'CHEQUE', reference: 'LMR' }, 'create'),
  )
  const [receipt] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.sourceType, 'SECURITY_DEPOSIT'), eq(journalEntries.sourceId, String(held.id))))
  return receipt.id
}

/**
 * What the leases did beside paying: the lease that ended two months ago held a last month's rent
 * deposit from the start of the books, which its disposition applies to its last month with
 * Ontario's interest, refunding the interest from the trust account; and three long-standing
 * leases have a rent increase on its way at the guideline, two with their notice given today.
 * Through the definitions' own create and actions, as the API makes them.
 */
async function seedMoves(
  tx: Transaction,
  companyId: string,
  userId: string,
  leases: DemoLease[],
  options: { today: string; first: string; interestAccount: string; trust: { id: string }; deposit: (bank: { id: string }, date: string, memo: string, entryIds: string[]) => Promise<void> },
) {
  const { today } = options
  const leaving = leases.find((l) => l.moveOut && l.moveOut < today)
  if (leaving) {
    const receipt = await receiveLastMonthRent(tx, companyId, leaving, options.first)
    await options.deposit(options.trust, options.first, 'Last month’s rent deposit', [receipt])
    // The last month's rent, still owed: the deposit pays it.
    const [last] = await tx
      .select({ id: rentCharges.id, amount: rentCharges.amount })
      .from(rentCharges)
      .where(and(eq(rentCharges.companyId, companyId), eq(rentCharges.leaseId, leaving.id), eq(rentCharges.chargeType, 'RENT'), eq(rentCharges.date, `${leaving.moveOut!.slice(0, 8)}01`)))
    const settled = new Date(Date.parse(`${leaving.moveOut}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10)
    if (last && settled <= today) {
      const disposition = await createRecord(
        tx,
        companyId,
        depositDispositionsResource,
        parseInput(
          depositDispositionsResource,
          {
            lease_id: leaving.id,
            date: settled,
            interest_account_id: options.interestAccount,
            bank_account_id: options.trust.id,
            forwarding_address: '88 Fifth Avenue, Ottawa, ON K1S 2M9',
            lines: [{ charge_id: last.id, description: 'Last month’s rent', amount: dollars(last.amount) }],
          },
          'create',
        ),
      )
      await runAction(tx, companyId, userId, depositDispositionsResource, String(disposition.id), 'complete', { note: 'Deposit applied to the last month; interest refunded' })
    }
  }

  // Notice 90 days ahead at least, on the first of a month; the rent may rise a year after the move-in.
  const after = new Date(Date.parse(`${today}T00:00:00Z`) + 91 * 86_400_000)
  const effective = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)
  const raising = leases.filter((l) => !l.moveOut && !l.onNotice && l.habit === 'ON_TIME' && l.start < options.first).slice(0, 3)
  for (const [i, lease] of raising.entries()) {
    const most = allowedRent('ON', lease.rent, effective)?.maximum ?? lease.rent
    const increase = await createRecord(
      tx,
      companyId,
      rentIncreasesResource,
      parseInput(rentIncreasesResource, { lease_id: lease.id, new_rent: dollars(Math.floor(most / 100) * 100), effective_date: effective, notice_date: i < 2 ? today : null }, 'create'),
    )
    if (i < 2) await runAction(tx, companyId, userId, rentIncreasesResource, String(increase.id), 'give-notice', { notice_date: today, note: 'N1 delivered by hand' })
  }
}

/** The demo portfolio as the books need it: each property's units with their rent and current resident, and its owners' shares. */
async function portfolio(tx: Transaction, companyId: string): Promise<Property[]> {
  const groups = await tx.select({ id: propertyGroups.id, name: propertyGroups.name }).from(propertyGroups).where(eq(propertyGroups.companyId, companyId)).orderBy(asc(propertyGroups.name))
  const units = await tx
    .select({ id: rentalUnits.id, propertyGroupId: buildings.propertyGroupId, rent: rentalUnits.marketRent, status: rentalUnits.status, number: rentalUnits.unitNumber })
    .from(rentalUnits)
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .where(eq(rentalUnits.companyId, companyId))
    .orderBy(asc(buildings.name), asc(rentalUnits.unitNumber))
  const living = await tx
    .select({ id: residents.id, unitId: residents.rentalUnitId })
    .from(residents)
    .where(and(eq(residents.companyId, companyId), eq(residents.residentType, 'CURRENT_RESIDENT')))
    .orderBy(asc(residents.lastName), asc(residents.firstName), asc(residents.id))
  const residentOf = new Map<string, string>()
  for (const r of living) if (r.unitId && !residentOf.has(r.unitId)) residentOf.set(r.unitId, r.id)
  const shares = await tx.select().from(propertyOwnerships).where(eq(propertyOwnerships.companyId, companyId))
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    units: units.filter((u) => u.propertyGroupId === g.id).map((u) => ({ id: u.id, propertyGroupId: g.id, rent: (u.rent ?? 0) / 100, residentId: residentOf.get(u.id) ?? null, status: u.status })),
    owners: shares.filter((s) => s.propertyGroupId === g.id).map((s) => ({ ownerId: s.propertyOwnerId, percentage: s.percentage })),
  }))
}

type DemoLease = { id: string; rent: number; habit: 'ON_TIME' | 'LATE' | 'BEHIND' | 'CHEQUE'; start: string; moveOut: string | null; onNotice: boolean }

/**
 * A lease for every let unit, through the lease's own definition and actions: its current residents
 * on it, a month-to-month tenancy (a fixed year for the recent ones), a rent schedule charging from
 * the first month of the books' history, activated (the rent run charges every month since), and
 * notice given where the unit is on notice. Each gets a paying habit the months' payments follow.
 * Residents of long standing pay less than today's market rent (loss to lease); two leases began
 * in the last months (moves in), and one ended two months ago (a move out, its deposit settled by
 * the ledger's end).
 */
async function seedLeases(tx: Transaction, companyId: string, userId: string, properties: Property[], from: string, today: string, random: ReturnType<typeof generator>) {
  const living = await tx
    .select({ id: residents.id, unitId: residents.rentalUnitId, moveIn: residents.moveInDate })
    .from(residents)
    .where(and(eq(residents.companyId, companyId), eq(residents.residentType, 'CURRENT_RESIDENT')))
    .orderBy(asc(residents.lastName), asc(residents.firstName), asc(residents.id))
  const leaseOf = new Map<string, DemoLease>()
  let n = 0
  let arrivals = 0
  let departures = 0
  const [thisYear, thisMonth] = today.split('-').map(Number)
  for (const p of properties) {
    for (const u of p.units) {
      const people = living.filter((r) => r.unitId === u.id)
      if (!people.length || u.rent <= 0) continue
      const longStanding = (people[0].moveIn ?? from) < from
      // Two moves in this year (or the last months, early in January), and one move out at the end of the month two months ago.
      const arriving = u.status === 'OCCUPIED' && arrivals < 2 && n % 9 === 4
      const leaving = u.status === 'OCCUPIED' && !arriving && departures < 1 && longStanding && n >= 12
      const start = arriving ? dateOf(thisYear, Math.max(1, thisMonth - 2 - arrivals++), 1) : (people[0].moveIn ?? from)
      if (arriving) await tx.update(residents).set({ moveInDate: start }).where(and(eq(residents.companyId, companyId), inArray(residents.id, people.map((r) => r.id))))
      const moveOut = leaving ? (departures++, new Date(Date.UTC(thisYear, thisMonth - 2, 0)).toISOString().slice(0, 10)) : null
      const recent = start > dateOf(Number(today.slice(0, 4)) - 1, Number(today.slice(5, 7)), 1)
      const end = new Date(Date.UTC(Number(start.slice(0, 4)) + 1, Number(start.slice(5, 7)) - 1, Number(start.slice(8, 10)) - 1)).toISOString().slice(0, 10)
      // Today's market rent for those who came lately; 2 to 8 percent less for those here before the books began.
      const below = longStanding ? [0, 2, 5, 8][n % 4] : 0
      const rent = cents(Math.round((u.rent * (100 - below)) / 100 / 5) * 5)
      const lease = await createRecord(
        tx,
        companyId,
        leasesResource,
        parseInput(
          leasesResource,
          {
            rental_unit_id: u.id,
            lease_type: recent ? 'FIXED' : 'MONTH_TO_MONTH',
            // Signed one to four weeks before it starts.
            signed_on: new Date(Date.parse(`${start}T00:00:00Z`) - (7 + (n % 4) * 7) * 86_400_000).toISOString().slice(0, 10),
            start_date: start,
            end_date: recent ? end : null,
            rent: dollars(rent),
            rent_frequency: 'MONTHLY',
            last_month_rent_deposit: dollars(rent),
            lines: people.map((r, i) => ({ resident_id: r.id, role: i === 0 ? 'PRIMARY' : 'CO_TENANT' })),
          },
          'create',
        ),
      )
      const id = String(lease.id)
      await createRecord(
        tx,
        companyId,
        rentPaymentSchedulesResource,
        parseInput(rentPaymentSchedulesResource, { lease_id: id, frequency: 'MONTHLY', start_date: start > from ? start : from, end_date: moveOut, lines: [{ charge_type: 'RENT', amount: dollars(rent) }] }, 'create'),
      )
      await runAction(tx, companyId, userId, leasesResource, id, 'activate', { note: 'Lease signed' })
      if (moveOut) {
        const noticeDate = new Date(Date.UTC(thisYear, thisMonth - 6, 1)).toISOString().slice(0, 10)
        await runAction(tx, companyId, userId, leasesResource, id, 'give-notice', { notice_date: noticeDate, move_out_date: moveOut, note: 'Bought a house' })
        await runAction(tx, companyId, userId, leasesResource, id, 'end', { move_out_date: moveOut, note: 'Keys returned' })
      }
      if (u.status === 'NOTICE') {
        const [y, m] = today.split('-').map(Number)
        const endOfNextMonth = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10)
        await runAction(tx, companyId, userId, leasesResource, id, 'give-notice', { notice_date: dateOf(y, m, 1), move_out_date: endOfNextMonth, note: 'Moving out of town' })
      }
      n++
      const habit = moveOut ? 'ON_TIME' : n % 23 === 7 ? 'BEHIND' : n % 11 === 3 ? 'LATE' : n % 17 === 5 ? 'CHEQUE' : random.chance(0.1) ? 'LATE' : 'ON_TIME'
      leaseOf.set(u.id, { id, rent, habit, start, moveOut, onNotice: u.status === 'NOTICE' })
    }
  }
  await seedLeasesSignedAhead(tx, companyId, userId, properties, today)
  return leaseOf
}

/**
 * The future residents' leases, signed ahead: a unit on notice is let from the day after its
 * move-out, a vacant one from the first of next month. Activated, they leave the unit as it is
 * and their residents future residents until the lease begins (the scheduler moves them in).
 */
async function seedLeasesSignedAhead(tx: Transaction, companyId: string, userId: string, properties: Property[], today: string) {
  const coming = await tx
    .select({ id: residents.id, unitId: residents.rentalUnitId })
    .from(residents)
    .where(and(eq(residents.companyId, companyId), eq(residents.residentType, 'FUTURE_RESIDENT')))
    .orderBy(asc(residents.lastName), asc(residents.id))
  const [y, m] = today.split('-').map(Number)
  const firstOf = (monthsAhead: number) => new Date(Date.UTC(y, m - 1 + monthsAhead, 1)).toISOString().slice(0, 10)
  const units = properties.flatMap((p) => p.units)
  for (const person of coming) {
    const unit = units.find((u) => u.id === person.unitId && (u.status === 'NOTICE' || u.status === 'VACANT') && u.rent > 0)
    if (!unit) continue
    // A unit on notice is left at the end of next month (seedLeases); its next lease begins the day after.
    const start = unit.status === 'NOTICE' ? firstOf(2) : firstOf(1)
    const end = new Date(Date.UTC(Number(start.slice(0, 4)) + 1, Number(start.slice(5, 7)) - 1, 0)).toISOString().slice(0, 10)
    const lease = await createRecord(
      tx,
      companyId,
      leasesResource,
      parseInput(
        leasesResource,
        {
          rental_unit_id: unit.id,
          lease_type: 'FIXED',
          signed_on: new Date(Date.parse(`${today}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10),
          start_date: start,
          end_date: end,
          rent: dollars(cents(unit.rent)),
          rent_frequency: 'MONTHLY',
          last_month_rent_deposit: dollars(cents(unit.rent)),
          lines: [{ resident_id: person.id, role: 'PRIMARY' }],
        },
        'create',
      ),
    )
    await runAction(tx, companyId, userId, leasesResource, String(lease.id), 'activate', { note: 'Lease signed' })
  }
}
