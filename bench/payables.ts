/**
 * The payables and receivables section of `npm run bench` (issue 16 item 14): the demo company gets
 * 40 more vendors, 50,000 open bills from them over the past year (one or two lines, for the
 * company's properties and units) and 50,000 open invoices over the past year to residents, property
 * owners and other customers (some taxed), each with its lines, its history and its journal entry,
 * written as the app writes them, all by bulk INSERT … SELECT; then
 *  (a) GET /api/reporting/aged-payables/ and GET /api/reporting/aged-receivables/ as of today,
 *      each against one hand-written statement computing the same figures, mean of 5 after a
 *      warm-up, their totals checked against each other;
 *  (b) paying 1,000 of the bills with one POST /api/accounting/bills/bulk-mark-as-paid/, timed, and
 *      checked afterwards to have been one transaction.
 * BENCH_BILLS and BENCH_INVOICES change the counts (for working on this section).
 */
import { PAYMENT_TERMS, billLabel } from '~/domain/payables/bills'
import { invoiceLabel } from '~/domain/receivables/invoices'
import { ratesOn, formatRate } from '~/domain/receivables/sales-tax'
import type { Sql } from './resource-lists'

export const BILLS = Number(process.env.BENCH_BILLS ?? 50_000)
export const INVOICES = Number(process.env.BENCH_INVOICES ?? 50_000)
const VENDORS = 40
/** Residents billed by invoice (the large portfolio's, when it is there): a few invoices each. */
const INVOICED_RESIDENTS = 10_000
/** Customers who are neither residents nor owners: storage and parking renters, contractors billed back. */
const OTHER_CUSTOMERS = 300
const BULK_BILLS = 1_000
const REPORT_ROUNDS = 5

type Timings = { mean: number; max: number; n: number }
const summarize = (times: number[]): Timings => ({ mean: times.reduce((a, b) => a + b, 0) / times.length, max: Math.max(...times), n: times.length })

const TRADES = ['PLUMBING', 'ELECTRICAL', 'HVAC', 'CLEANING', 'LANDSCAPING', 'ELEVATOR', 'PEST_CONTROL', 'SUPPLIES']
const EXPENSE_ACCOUNTS = ['5000', '5100', '5200', '5300', '5500', '5600']

/**
 * The bills and invoices with everything the app writes when each is made through the API: the
 * document, its lines, its first state change, and its journal entry (numbered on from the
 * company's counter) with the lines its posting makes (`billDraft`, `invoiceDraft`): Dr each
 * expense / Cr payables for each property's share, tagged with the vendor; Dr receivables for the
 * whole / Cr each line's income and each tax, tagged with the customer (not the taxes).
 */
export async function seedPayables(sql: Sql) {
  const started = performance.now()
  const [company] = await sql<{ id: string; today: string; province: string | null }[]>`
    select id, to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today, province from companies where slug = 'maple'`
  const [manager] = await sql<{ id: string }[]>`select id from users where company_id = ${company.id} and email = 'manager@demo.test'`
  const yearAgo = new Date(Date.parse(`${company.today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10)
  // Other customers are billed on one property, one line taxed: the taxes of its province over the year.
  const [taxedPlace] = await sql<{ id: string; province: string | null }[]>`
    select id, address ->> 'province' as province from property_groups where company_id = ${company.id} order by name, id limit 1`
  const province = taxedPlace.province ?? company.province
  const rates = ratesOn(province, company.today)
  if (JSON.stringify(ratesOn(province, yearAgo)) !== JSON.stringify(rates)) throw new Error(`the sales tax rates of ${province} changed within the year: the seed taxes every invoice at today's`)
  const taxes = rates.map((r, position) => ({ position, code: r.code, label: `${r.code} ${formatRate(r.rate)}`, rate: r.rate }))
  const terms = PAYMENT_TERMS.map((t) => ({ value: t.value, days: t.days }))

  await sql.begin(async (tx) => {
    const [roles] = await tx<{ payable: string; receivable: string; salesTax: string }[]>`
      select max(account_id::text) filter (where role = 'ACCOUNTS_PAYABLE') as payable, max(account_id::text) filter (where role = 'ACCOUNTS_RECEIVABLE') as receivable,
             max(account_id::text) filter (where role = 'SALES_TAX_PAYABLE') as "salesTax"
      from default_gl_accounts where company_id = ${company.id}`
    // Where the bills are for: every property, with one of its units (when it has any) for the lines that name one.
    await tx`
      create temporary table bench_places on commit drop as
      select g.id as property_group_id,
             (select u.id from rental_units u join buildings b on b.id = u.building_id where b.property_group_id = g.id order by u.id limit 1) as rental_unit_id,
             row_number() over (order by g.name, g.id) - 1 as n
      from property_groups g where g.company_id = ${company.id}`
    await tx`analyze bench_places`
    await tx`
      insert into vendors (company_id, name, trade, email, phone, payment_terms, default_expense_account_id)
      select ${company.id}, 'Bench ' || initcap(replace(lower((${TRADES}::text[])[1 + g % ${TRADES.length}]), '_', ' ')) || ' ' || lpad(g::text, 2, '0'),
             (${TRADES}::text[])[1 + g % ${TRADES.length}], 'billing' || g || '@bench-vendor.example', '613-555-' || lpad((2000 + g)::text, 4, '0'),
             (array['NET_30', 'NET_15', 'DUE_ON_RECEIPT', 'NET_45'])[1 + g % 4], a.id
      from generate_series(1, ${VENDORS}) g
      join accounts a on a.company_id = ${company.id} and a.number = (${EXPENSE_ACCOUNTS}::text[])[1 + g % ${EXPENSE_ACCOUNTS.length}]`
    await tx`
      create temporary table bench_vendors on commit drop as
      select v.id, v.name, v.default_expense_account_id as account_id, t.days, row_number() over (order by v.name) - 1 as n
      from vendors v join jsonb_to_recordset(${JSON.stringify(terms)}::text::jsonb) as t(value text, days int) on t.value = v.payment_terms
      where v.company_id = ${company.id} and v.email like '%@bench-vendor.example'`
    await tx`analyze bench_vendors`
    // A vendor is in the palette, found by its e-mail and phone (with and without its punctuation).
    await tx`
      insert into search_entries (company_id, resource, record_id, name, keywords)
      select v.company_id, 'vendors', v.id, v.name, concat_ws(E'\\n', v.email, v.phone, regexp_replace(v.phone, '\\D', '', 'g'))
      from vendors v where v.id in (select id from bench_vendors)`

    // Bills: dated over the past year, due on their vendor's terms; one line in three has a second line for another property.
    await tx`
      create temporary table bench_bills on commit drop as
      select gen_random_uuid() as id, gen_random_uuid() as entry_id, g, v.id as vendor_id, v.name as vendor_name, v.account_id, 'BB-' || g as reference,
             d.date, d.date + v.days as due_date
      from generate_series(1, ${BILLS}) g
      join bench_vendors v on v.n = g % ${VENDORS}
      cross join lateral (select ${company.today}::date - ((g::bigint * 7919) % 365)::int as date) d`
    await tx`analyze bench_bills`
    await tx`
      create temporary table bench_bill_lines on commit drop as
      select b.id as bill_id, l.*
      from bench_bills b
      cross join lateral (
        select 0 as position, b.account_id, 'Service call ' || b.reference as description, 5000 + (b.g::bigint * 7919) % 200000 as amount,
               p.property_group_id, case when b.g % 4 = 0 then p.rental_unit_id end as rental_unit_id
        from bench_places p where p.n = b.g % (select count(*) from bench_places)
        union all
        select 1, utilities.id, null, 2500 + (b.g::bigint * 104729) % 50000, p.property_group_id, null
        from bench_places p join accounts utilities on utilities.company_id = ${company.id} and utilities.number = '5100'
        where b.g % 3 = 0 and p.n = (b.g + 1) % (select count(*) from bench_places)) l`
    await tx`analyze bench_bill_lines`
    await tx`
      insert into bills (id, company_id, vendor_id, reference, date, due_date, status, amount, paid_amount, label)
      select b.id, ${company.id}, b.vendor_id, b.reference, b.date, b.due_date, 'POSTED', t.amount, 0, 'Bill ' || b.reference || ' · ' || b.vendor_name || ' of ' || to_char(b.date, 'YYYY-MM-DD')
      from bench_bills b join (select bill_id, sum(amount) as amount from bench_bill_lines group by bill_id) t on t.bill_id = b.id`
    await tx`
      insert into bill_lines (company_id, bill_id, position, account_id, description, amount, property_group_id, rental_unit_id)
      select ${company.id}, bill_id, position, account_id, description, amount, property_group_id, rental_unit_id from bench_bill_lines`
    await tx`
      insert into state_changes (company_id, resource, record_id, to_state, user_id)
      select ${company.id}, 'bills', id, 'POSTED', ${manager.id} from bench_bills`

    // Invoices: six in ten to residents (of their unit's property), one to an owner, three to other customers (the first line taxed).
    await tx`
      create temporary table bench_customers on commit drop as
      select 'RESIDENT' as customer_type, r.id as resident_id, null::uuid as property_owner_id, concat_ws(' ', nullif(r.first_name, ''), nullif(r.last_name, '')) as name,
             r.email, b.property_group_id, r.rental_unit_id, row_number() over (order by r.id) - 1 as n
      from residents r join rental_units u on u.id = r.rental_unit_id join buildings b on b.id = u.building_id
      where r.company_id = ${company.id} and r.resident_type = 'CURRENT_RESIDENT'
      order by r.id limit ${INVOICED_RESIDENTS}`
    await tx`
      insert into bench_customers
      select 'OWNER', null, o.id, coalesce(nullif(o.company_name, ''), concat_ws(' ', nullif(o.first_name, ''), nullif(o.last_name, ''))), o.email,
             (select property_group_id from bench_places where n = 0), null, row_number() over (order by o.id) - 1
      from property_owners o where o.company_id = ${company.id}`
    await tx`
      insert into bench_customers
      select 'OTHER', null, null, 'Bench Customer ' || lpad(g::text, 3, '0'), null, ${taxedPlace.id}::uuid, null, g - 1
      from generate_series(1, ${OTHER_CUSTOMERS}) g`
    // Counted once, so that each invoice finds its customer by number without counting them again.
    await tx`analyze bench_customers`
    const customers = await tx<{ customerType: string; n: number }[]>`select customer_type as "customerType", count(*)::int as n from bench_customers group by customer_type`
    const customersOf = (type: string) => customers.find((c) => c.customerType === type)?.n ?? 0
    for (const type of ['RESIDENT', 'OWNER', 'OTHER']) if (!customersOf(type)) throw new Error(`the demo company has no ${type.toLowerCase()} customer to invoice`)
    const [numbers] = await tx<{ invoice: number; entry: number }[]>`
      select next_invoice_number as invoice, next_entry_number::int as entry from ledger_settings where company_id = ${company.id} for update`
    await tx`
      create temporary table bench_invoices on commit drop as
      select gen_random_uuid() as id, gen_random_uuid() as entry_id, g, ${numbers.invoice}::int + g - 1 as number, c.customer_type, c.resident_id, c.property_owner_id,
             c.name, c.email, c.property_group_id, c.rental_unit_id, d.date, t.value as terms, d.date + coalesce(t.days, 0) as due_date
      from generate_series(1, ${INVOICES}) g
      cross join lateral (select case when g % 10 < 6 then 'RESIDENT' when g % 10 = 6 then 'OWNER' else 'OTHER' end as kind) k
      join bench_customers c on c.customer_type = k.kind
        and c.n = g % case k.kind when 'RESIDENT' then ${customersOf('RESIDENT')}::int when 'OWNER' then ${customersOf('OWNER')}::int else ${customersOf('OTHER')}::int end
      cross join lateral (select ${company.today}::date - ((g::bigint * 104729) % 365)::int as date) d
      left join jsonb_to_recordset(${JSON.stringify(terms)}::text::jsonb) as t(value text, days int) on t.value = (array['NET_15', 'NET_30', null])[1 + g % 3]`
    await tx`analyze bench_invoices`
    await tx`
      create temporary table bench_invoice_lines on commit drop as
      select i.id as invoice_id, l.*
      from bench_invoices i
      cross join lateral (
        select 0 as position, a.id as account_id, case when i.customer_type = 'OTHER' then 'Storage locker ' else 'Repair charged back ' end || i.g as description,
               2500 + (i.g::bigint * 7919) % 60000 as amount, case when i.customer_type = 'OTHER' then 'TAXABLE' else 'EXEMPT' end as tax
        from accounts a where a.company_id = ${company.id} and a.number = case when i.customer_type = 'OTHER' then '4400' else '4500' end
        union all
        select 1, a.id, 'Administration fee', 1500, 'EXEMPT'
        from accounts a where a.company_id = ${company.id} and a.number = '4200' and i.g % 4 = 0) l`
    await tx`analyze bench_invoice_lines`
    // Each tax of the province on the taxable lines, rounded half up to the cent (`taxesOn`).
    await tx`
      create temporary table bench_invoice_taxes on commit drop as
      select i.invoice_id, t.position, t.code, t.label, t.rate, i.taxable, floor((i.taxable * t.rate + 50000) / 100000)::bigint as amount
      from (select invoice_id, sum(amount) as taxable from bench_invoice_lines where tax = 'TAXABLE' group by invoice_id) i
      cross join jsonb_to_recordset(${JSON.stringify(taxes)}::text::jsonb) as t(position int, code text, label text, rate bigint)`
    await tx`
      insert into invoices (id, company_id, number, customer_type, resident_id, property_owner_id, customer_name, customer_email, property_group_id, rental_unit_id,
                            date, terms, due_date, status, subtotal, tax_amount, amount, paid_amount, taxes, tax_province, label)
      select i.id, ${company.id}, i.number, i.customer_type, i.resident_id, i.property_owner_id, i.name, i.email, i.property_group_id, i.rental_unit_id,
             i.date, i.terms, i.due_date, 'POSTED', s.subtotal, coalesce(x.amount, 0), s.subtotal + coalesce(x.amount, 0), 0, coalesce(x.taxes, '[]'::jsonb),
             coalesce(p.address ->> 'province', ${company.province}::text), 'Invoice ' || i.number || ' · ' || i.name
      from bench_invoices i
      join (select invoice_id, sum(amount) as subtotal from bench_invoice_lines group by invoice_id) s on s.invoice_id = i.id
      join property_groups p on p.id = i.property_group_id
      left join (select invoice_id, sum(amount) as amount,
                        jsonb_agg(jsonb_build_object('code', code, 'label', label, 'rate', rate, 'taxable', taxable, 'amount', amount) order by position) as taxes
                 from bench_invoice_taxes group by invoice_id) x on x.invoice_id = i.id`
    await tx`
      insert into invoice_lines (company_id, invoice_id, position, account_id, description, amount, tax)
      select ${company.id}, invoice_id, position, account_id, description, amount, tax from bench_invoice_lines`
    await tx`
      insert into state_changes (company_id, resource, record_id, to_state, user_id)
      select ${company.id}, 'invoices', id, 'POSTED', ${manager.id} from bench_invoices`
    await tx`update ledger_settings set next_invoice_number = ${numbers.invoice + INVOICES} where company_id = ${company.id}`

    // The entries: the bills' first, then the invoices', numbered on without a gap.
    await tx`
      insert into journal_entries (id, company_id, number, date, memo, basis, source_type, source_id, purpose, created_by_id)
      select b.entry_id, ${company.id}::uuid, ${numbers.entry} + b.g - 1, b.date, bills.label, 'BOTH', 'BILL', b.id, 'BILL', ${manager.id}::uuid
      from bench_bills b join bills on bills.id = b.id
      union all
      select i.entry_id, ${company.id}::uuid, ${numbers.entry + BILLS} + i.g - 1, i.date, invoices.label, 'BOTH', 'INVOICE', i.id, 'INVOICE', ${manager.id}::uuid
      from bench_invoices i join invoices on invoices.id = i.id`
    await tx`
      insert into journal_lines (company_id, entry_id, line_number, account_id, date, basis, amount, memo, property_group_id, rental_unit_id, vendor_id)
      select ${company.id}::uuid, b.entry_id, l.position + 1, l.account_id, b.date, 'BOTH', l.amount, l.description, l.property_group_id, l.rental_unit_id, b.vendor_id
      from bench_bill_lines l join bench_bills b on b.id = l.bill_id
      union all
      select ${company.id}::uuid, b.entry_id, max(max(l.position)) over (partition by b.id) + 1 + row_number() over (partition by b.id order by min(l.position)),
             ${roles.payable}::uuid, b.date, 'BOTH', -sum(l.amount), null, l.property_group_id, null, b.vendor_id
      from bench_bill_lines l join bench_bills b on b.id = l.bill_id
      group by b.id, b.entry_id, b.date, b.vendor_id, l.property_group_id`
    await tx`
      insert into journal_lines (company_id, entry_id, line_number, account_id, date, basis, amount, memo, property_group_id, rental_unit_id, resident_id, property_owner_id)
      select ${company.id}::uuid, i.entry_id, 1, ${roles.receivable}::uuid, i.date, 'BOTH', v.amount, v.label, i.property_group_id, i.rental_unit_id, i.resident_id, i.property_owner_id
      from bench_invoices i join invoices v on v.id = i.id
      union all
      select ${company.id}::uuid, i.entry_id, l.position + 2, l.account_id, i.date, 'BOTH', -l.amount, l.description, i.property_group_id, i.rental_unit_id, i.resident_id, i.property_owner_id
      from bench_invoice_lines l join bench_invoices i on i.id = l.invoice_id
      union all
      select ${company.id}::uuid, i.entry_id, n.lines + 2 + row_number() over (partition by i.id order by t.position) - 1, ${roles.salesTax}::uuid, i.date, 'BOTH', -t.amount,
             t.label || ' · ' || v.label, i.property_group_id, i.rental_unit_id, null, null
      from bench_invoice_taxes t join bench_invoices i on i.id = t.invoice_id join invoices v on v.id = i.id
      join (select invoice_id, count(*) as lines from bench_invoice_lines group by invoice_id) n on n.invoice_id = i.id
      where t.amount > 0`
    await tx`update ledger_settings set next_entry_number = ${numbers.entry + BILLS + INVOICES} where company_id = ${company.id}`
  })
  for (const table of ['vendors', 'search_entries', 'bills', 'bill_lines', 'invoices', 'invoice_lines', 'state_changes', 'journal_entries', 'journal_lines']) await sql.unsafe(`vacuum analyze ${table}`)

  // The names are the app's own rules' (the seed writes them in SQL): one of each, checked.
  const [bill] = await sql<{ reference: string; vendor: string; date: string; label: string }[]>`
    select b.reference, v.name as vendor, b.date::text as date, b.label from bills b join vendors v on v.id = b.vendor_id
    where b.company_id = ${company.id} and b.reference = 'BB-1'`
  if (bill.label !== billLabel(bill.reference, bill.vendor, bill.date)) throw new Error(`a seeded bill is named "${bill.label}", the app names it "${billLabel(bill.reference, bill.vendor, bill.date)}"`)
  const [invoice] = await sql<{ number: number; name: string; label: string }[]>`
    select number, customer_name as name, label from invoices where company_id = ${company.id} order by number desc limit 1`
  if (invoice.label !== invoiceLabel(invoice.number, invoice.name)) throw new Error(`a seeded invoice is named "${invoice.label}", the app names it "${invoiceLabel(invoice.number, invoice.name)}"`)
  // Every entry balances, as postEntry insists.
  const [unbalanced] = await sql<{ n: number }[]>`
    select count(*)::int as n from (select l.entry_id from journal_lines l join journal_entries e on e.id = l.entry_id
    where e.company_id = ${company.id} and e.source_type in ('BILL', 'INVOICE') group by l.entry_id having sum(l.amount) <> 0) x`
  if (unbalanced.n) throw new Error(`${unbalanced.n} seeded bill or invoice entries do not balance`)

  const [counts] = await sql<{ bills: number; invoices: number; customers: number; lines: number }[]>`
    select (select count(*)::int from bills where company_id = ${company.id} and owing) as bills,
           (select count(*)::int from invoices where company_id = ${company.id} and owing) as invoices,
           (select count(distinct coalesce(resident_id::text, property_owner_id::text, lower(trim(customer_name))))::int from invoices where company_id = ${company.id} and owing) as customers,
           (select count(*)::int from journal_lines where company_id = ${company.id}) as lines`
  return { companyId: company.id, today: company.today, seconds: (performance.now() - started) / 1000, counts }
}

/**
 * Aged payables and aged receivables as of a day, by hand: one statement each, computing what the
 * report shows. Payables: each vendor's bills open that day (less payments made and credits applied
 * by then, still standing) by days past due, its credits left unapplied, and the payable accounts'
 * balance. Receivables: each lease's open charges by age and its credits, each invoice customer's
 * open invoices by days past due, and the receivable accounts' balance; each lease's row named as the
 * report names it (its label, status, unit, property and residents). The leases' figures are read
 * as someone who knows the tables would: from what each charge and payment keeps of what is paid and
 * applied, corrected by the payments received after the day or returned since (two years of
 * allocations summed afresh would make a slower baseline, not a fairer one).
 */
const handReports = {
  'aged-payables': (sql: Sql, companyId: string, asOf: string) => sql`
    with paid as materialized (
      select a.bill_id, sum(a.amount) as amount from bill_payment_allocations a join bill_payments p on p.id = a.payment_id
      where a.company_id = ${companyId} and p.status = 'PAID' and p.date <= ${asOf} group by a.bill_id),
    credited as materialized (
      select bill_id, sum(amount) as amount from vendor_credit_applications where company_id = ${companyId} and status = 'APPLIED' and date <= ${asOf} group by bill_id),
    open as materialized (
      select b.vendor_id, b.due_date, greatest(0, ${asOf}::date - b.due_date) as days, b.amount - coalesce(paid.amount, 0) - coalesce(credited.amount, 0) as open
      from bills b left join paid on paid.bill_id = b.id left join credited on credited.bill_id = b.id
      where b.company_id = ${companyId} and b.status = 'POSTED' and b.date <= ${asOf}),
    applied as materialized (
      select vendor_credit_id, sum(amount) as amount from vendor_credit_applications where company_id = ${companyId} and status = 'APPLIED' and date <= ${asOf} group by vendor_credit_id),
    unapplied as materialized (
      select c.vendor_id, sum(c.amount - coalesce(applied.amount, 0)) as left from vendor_credits c left join applied on applied.vendor_credit_id = c.id
      where c.company_id = ${companyId} and c.status = 'POSTED' and c.date <= ${asOf} group by c.vendor_id having sum(c.amount - coalesce(applied.amount, 0)) > 0),
    aged as materialized (
      select vendor_id, count(*) as bills, min(due_date) as oldest, sum(open) filter (where days <= 30) as d30, sum(open) filter (where days between 31 and 60) as d60,
             sum(open) filter (where days between 61 and 90) as d90, sum(open) filter (where days > 90) as d91, sum(open) as open
      from open where open > 0 group by vendor_id)
    select v.id, v.name, coalesce(aged.bills, 0) as bills, aged.oldest, aged.d30, aged.d60, aged.d90, aged.d91, -coalesce(unapplied.left, 0) as credits,
           coalesce(aged.open, 0) - coalesce(unapplied.left, 0) as total,
           (select -sum(jl.amount) from journal_lines jl join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_PAYABLE'
            where jl.company_id = ${companyId} and jl.date <= ${asOf}) as control
    from aged full join unapplied on unapplied.vendor_id = aged.vendor_id join vendors v on v.id = coalesce(aged.vendor_id, unapplied.vendor_id)
    order by v.name, v.id`,
  'aged-receivables': (sql: Sql, companyId: string, asOf: string) => sql`
    with moved as materialized (
      select id, returned_date is null as paying_now from rent_payments
      where company_id = ${companyId} and (date > ${asOf} and returned_date is null or date <= ${asOf} and returned_date > ${asOf})),
    correction as materialized (
      select a.charge_id, sum(case when m.paying_now then a.amount else -a.amount end) as amount
      from rent_payment_allocations a join moved m on m.id = a.payment_id group by a.charge_id),
    items as materialized (
      select c.lease_id, c.date, ${asOf}::date - c.date as days, c.amount - c.paid_amount + coalesce(k.amount, 0) as open
      from rent_charges c left join correction k on k.charge_id = c.id
      where c.company_id = ${companyId} and c.status = 'POSTED' and c.date <= ${asOf} and (c.owing or k.amount is not null)),
    later as materialized (
      select a.payment_id, sum(a.amount) as amount from rent_charges c join rent_payment_allocations a on a.company_id = c.company_id and a.charge_id = c.id
      where c.company_id = ${companyId} and c.date > ${asOf} group by a.payment_id),
    credit as materialized (
      select p.lease_id, p.amount - p.applied_amount + coalesce(l.amount, 0) as held from rent_payments p left join later l on l.payment_id = p.id
      where p.company_id = ${companyId} and p.holds_credit and p.date <= ${asOf}
      union all
      select p.lease_id, p.amount - p.applied_amount + l.amount from later l join rent_payments p on p.id = l.payment_id
      where p.company_id = ${companyId} and not p.holds_credit and p.returned_date is null and p.date <= ${asOf}
      union all
      select p.lease_id, p.amount - coalesce((select sum(a.amount) from rent_payment_allocations a join rent_charges c on c.id = a.charge_id
                                               where a.payment_id = p.id and c.status = 'POSTED' and c.date <= ${asOf}), 0)
      from rent_payments p where p.company_id = ${companyId} and p.date <= ${asOf} and p.returned_date > ${asOf}),
    leases_aged as materialized (
      select lease_id, min(date) filter (where open > 0) as oldest, sum(open) filter (where days <= 30) as d30, sum(open) filter (where days between 31 and 60) as d60,
             sum(open) filter (where days between 61 and 90) as d90, sum(open) filter (where days > 90) as d91, 0 as held from items where open <> 0 group by lease_id
      union all select lease_id, null, 0, 0, 0, 0, held from credit where held <> 0),
    received as materialized (
      select invoice_id, sum(amount) as amount from invoice_payments where company_id = ${companyId} and status = 'RECEIVED' and date <= ${asOf} group by invoice_id),
    invoiced as materialized (
      select case when i.customer_type = 'RESIDENT' and i.resident_id is not null then 'resident:' || i.resident_id
                  when i.customer_type = 'OWNER' and i.property_owner_id is not null then 'owner:' || i.property_owner_id
                  else 'customer:' || lower(trim(i.customer_name)) end as customer_key,
             i.customer_name, coalesce(i.due_date, i.date) as due_date, greatest(0, ${asOf}::date - coalesce(i.due_date, i.date)) as days, i.amount - coalesce(received.amount, 0) as open
      from invoices i left join received on received.invoice_id = i.id
      where i.company_id = ${companyId} and i.status = 'POSTED' and i.date <= ${asOf} and i.amount > coalesce(received.amount, 0)),
    control as materialized (
      select sum(jl.amount) as balance from journal_lines jl join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE'
      where jl.company_id = ${companyId} and jl.date <= ${asOf})
    select 'lease' as kind, l.id::text as key, u.label as name, l.label as lease_label, l.status as lease_status, g.name as property_label,
           (select string_agg(r.first_name || ' ' || r.last_name, ', ' order by lr.position) from lease_residents lr join residents r on r.id = lr.resident_id
            where lr.lease_id = l.id and lr.role <> 'GUARANTOR') as residents,
           x.oldest, x.d30, x.d60, x.d90, x.d91, x.credits, x.total, null::bigint as documents, control.balance as control
    from (select lease_id, min(oldest) as oldest, sum(d30) as d30, sum(d60) as d60, sum(d90) as d90, sum(d91) as d91, -sum(held) as credits,
                 sum(coalesce(d30, 0) + coalesce(d60, 0) + coalesce(d90, 0) + coalesce(d91, 0) - held) as total
          from leases_aged group by lease_id) x
    join leases l on l.id = x.lease_id join rental_units u on u.id = l.rental_unit_id join buildings b on b.id = u.building_id
    join property_groups g on g.id = b.property_group_id cross join control
    union all
    select 'invoice', customer_key, min(customer_name), null, null, null, null, min(due_date), sum(open) filter (where days <= 30), sum(open) filter (where days between 31 and 60),
           sum(open) filter (where days between 61 and 90), sum(open) filter (where days > 90), 0, sum(open), count(*), min(control.balance)
    from invoiced cross join control group by customer_key
    order by kind, property_label, name`,
} as const

export type AgedReport = keyof typeof handReports
export type AgedReportTiming = { api: Timings; hand: Timings; rows: number; total: string }

/** Whole cents of a figure the API answers as a decimal string ("-1234.50"): compared exactly, never as a float. */
const centsOf = (decimal: string) => {
  const [whole, fraction = ''] = decimal.replace('-', '').split('.')
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
  return decimal.startsWith('-') ? -cents : cents
}
const formatCents = (cents: bigint) => `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`
const sumOf = (rows: Record<string, unknown>[], key: string) => rows.reduce((sum, r) => sum + BigInt(String(r[key] ?? 0)), 0n)

type AgedPayablesBody = { rows: unknown[]; totals: { total: string }; payables_account_balance: string }
type AgedReceivablesBody = { rows: unknown[]; totals: { total: string }; invoices: { rows: unknown[]; totals: { total: string } }; receivables_account_balance: string }

/** What a report answered and what the hand-written statement computed, as (what is owed, the control account) in cents, and the rows each. */
function figures(report: AgedReport, body: unknown, rows: Record<string, unknown>[]) {
  if (report === 'aged-payables') {
    const b = body as AgedPayablesBody
    return { api: [centsOf(b.totals.total), centsOf(b.payables_account_balance)], hand: [sumOf(rows, 'total'), BigInt(String(rows[0]?.control ?? 0))], rows: b.rows.length }
  }
  const b = body as AgedReceivablesBody
  return {
    api: [centsOf(b.totals.total) + centsOf(b.invoices.totals.total), centsOf(b.receivables_account_balance)],
    hand: [sumOf(rows, 'total'), BigInt(String(rows[0]?.control ?? 0))],
    rows: b.rows.length + b.invoices.rows.length,
  }
}

/** GET reporting/aged-payables/ and aged-receivables/ as of `asOf` against their hand-written statements, alternating, after a warm-up of each; their figures must agree. */
export async function measureAgedReports(base: string, headers: Record<string, string>, sql: Sql, companyId: string, asOf: string): Promise<Record<AgedReport, AgedReportTiming>> {
  const out = {} as Record<AgedReport, AgedReportTiming>
  for (const report of Object.keys(handReports) as AgedReport[]) {
    const url = `${base}/api/reporting/${report}/?as_of=${asOf}`
    const api: number[] = []
    const hand: number[] = []
    let rows = 0
    let total = ''
    for (let round = 0; round <= REPORT_ROUNDS; round++) {
      let started = performance.now()
      const response = await fetch(url, { headers })
      const body = (await response.json()) as unknown
      const apiMs = performance.now() - started
      if (response.status !== 200) throw new Error(`${report}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`)
      started = performance.now()
      const handRows = await handReports[report](sql, companyId, asOf)
      const handMs = performance.now() - started
      if (round === 0) {
        const f = figures(report, body, handRows)
        if (f.api[0] !== f.hand[0] || f.api[1] !== f.hand[1]) {
          throw new Error(`${report} as of ${asOf}: the API owes ${formatCents(f.api[0])} against an account balance of ${formatCents(f.api[1])}; the hand-written statement ${formatCents(f.hand[0])} against ${formatCents(f.hand[1])}`)
        }
        rows = f.rows
        total = formatCents(f.api[0])
      } else {
        // The first round warms both up.
        api.push(apiMs)
        hand.push(handMs)
      }
    }
    out[report] = { api: summarize(api), hand: summarize(hand), rows, total }
  }
  return out
}

/**
 * Pays the 1,000 bench bills falling due first with one POST bills/bulk-mark-as-paid/ from the
 * operating account, timed; then checks it was one transaction: every bill paid in full, one bulk
 * payment of one payment per vendor, each posted, and every row it wrote or changed stamped with
 * the same transaction time (PostgreSQL's now() is the transaction's start).
 */
export async function measureBulkPay(base: string, headers: Record<string, string>, sql: Sql, companyId: string, today: string) {
  const chosen = (
    await sql<{ id: string }[]>`
      select id from bills where company_id = ${companyId} and owing and reference like 'BB-%' order by due_date, id limit ${BULK_BILLS}`
  ).map((b) => b.id)
  if (chosen.length !== BULK_BILLS) throw new Error(`bulk pay: only ${chosen.length} open bench bills to pay`)
  const [bank] = await sql<{ id: string }[]>`
    select b.id from bank_accounts b join default_gl_accounts d on d.company_id = b.company_id and d.role = 'OPERATING_BANK' and d.account_id = b.gl_account_id
    where b.company_id = ${companyId} order by b.name limit 1`
  const started = performance.now()
  const response = await fetch(`${base}/api/accounting/bills/bulk-mark-as-paid/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ bill_ids: chosen, date: today, bank_account_id: bank.id, method: 'CHEQUE', reference: 'Bench run' }),
  })
  const body = (await response.json()) as { bulk_bill_payment_id?: string; payments?: unknown[] }
  const ms = performance.now() - started
  if (response.status !== 201 || !body.bulk_bill_payment_id) throw new Error(`bulk pay: ${response.status} ${JSON.stringify(body).slice(0, 300)}`)
  const bulkId = body.bulk_bill_payment_id
  const [check] = await sql<{ billCount: number; paymentCount: number; vendors: number; payments: number; posted: number; paid: number; stamps: number; amount: string; owed: string }[]>`
    with bulk as (select * from bulk_bill_payments where id = ${bulkId}),
    payments as (select * from bill_payments where company_id = ${companyId} and bulk_bill_payment_id = ${bulkId}),
    chosen as (select * from bills where id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(chosen)}::text::jsonb) as x)),
    entries as (select * from journal_entries where company_id = ${companyId} and source_type = 'BILL_PAYMENT' and source_id in (select id from payments))
    select (select bill_count from bulk) as "billCount", (select payment_count from bulk) as "paymentCount",
           (select count(distinct vendor_id)::int from chosen) as vendors, (select count(*)::int from payments) as payments, (select count(*)::int from entries) as posted,
           (select count(*)::int from chosen where paid_amount = amount) as paid,
           (select count(distinct t)::int from (select created_at as t from bulk union all select created_at from payments union all select created_at from entries union all select updated_at from chosen) s) as stamps,
           (select amount::text from bulk) as amount, (select sum(amount)::text from chosen) as owed`
  const oneTransaction =
    check.billCount === BULK_BILLS && check.paid === BULK_BILLS && check.paymentCount === check.vendors && check.payments === check.vendors && check.posted === check.vendors && check.stamps === 1 && check.amount === check.owed
  if (!oneTransaction) throw new Error(`bulk pay of ${BULK_BILLS} bills was not one whole transaction: ${JSON.stringify(check)}`)
  return { ms, bills: BULK_BILLS, payments: check.payments }
}
