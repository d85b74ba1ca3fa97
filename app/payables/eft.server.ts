import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { bankAccounts, billPayments, companies, vendors } from '~/db/schema'
import { conflict, invalid, notFound } from '~/domain/errors'
import { cpa005File, creditProblems, type Credit } from '~/domain/payables/cpa005'
import { formatMoney } from '~/domain/money'
import { decryptValue } from '~/utils/crypto.server'
import { instanceSecret } from '~/utils/instance.server'

/*
 * The EFT payment file (issue 16 item 3): the bill payments made by EFT from one bank account and
 * not yet sent to the bank, written as a CPA-005 credit file from the account's originator settings
 * and each vendor's bank details. A payment whose vendor's details the bank would reject is listed
 * with what is missing, never written; a payment is written in one file only.
 */

type Waiting = { id: string; label: string; date: string; amount: number; vendorId: string; vendorName: string; problems: string[]; credit: Omit<Credit, 'date'> | null }

/** The EFT payments from the bank account still to be sent, oldest first, each with what keeps it out of a file. */
export async function waitingEftPayments(tx: Executor, companyId: string, bankAccountId: string): Promise<Waiting[]> {
  const rows = await tx
    .select({
      id: billPayments.id,
      label: billPayments.label,
      date: billPayments.date,
      amount: billPayments.amount,
      vendorId: vendors.id,
      vendorName: vendors.name,
      institution: vendors.bankInstitutionNumber,
      transit: vendors.bankTransitNumber,
      account: vendors.bankAccountNumber,
    })
    .from(billPayments)
    .innerJoin(vendors, eq(vendors.id, billPayments.vendorId))
    .where(and(eq(billPayments.companyId, companyId), eq(billPayments.bankAccountId, bankAccountId), eq(billPayments.method, 'EFT'), eq(billPayments.status, 'PAID'), isNull(billPayments.eftFileNumber)))
    .orderBy(asc(billPayments.date), asc(billPayments.createdAt))
  const secret = rows.some((r) => r.account) ? await instanceSecret() : ''
  return rows.map((row) => {
    const account = row.account ? (decryptValue(row.account, secret) ?? '').replace(/[\s-]/g, '') : null
    const problems = creditProblems({ institution: row.institution, transit: row.transit, account })
    return {
      id: row.id,
      label: row.label,
      date: row.date,
      amount: row.amount,
      vendorId: row.vendorId,
      vendorName: row.vendorName,
      problems,
      credit: problems.length ? null : { amount: row.amount, institution: row.institution!, transit: row.transit!, account: account!, payeeName: row.vendorName, crossReference: row.id.replace(/-/g, '').slice(0, 19).toUpperCase() },
    }
  })
}

/** What the bank account lacks to originate EFT files, by its field: its originator ID, data centre and its own account details (returns come back to it). */
function originatorErrors(bank: typeof bankAccounts.$inferSelect, account: string | null) {
  const errors: Record<string, string[]> = {}
  if (!bank.eftOriginatorId) errors.eft_originator_id = ['Enter the originator ID your bank assigned for EFT.']
  if (!bank.eftDataCentre) errors.eft_data_centre = ['Enter the bank’s data centre for EFT files (5 digits).']
  if (!bank.institutionNumber || !/^\d{3}$/.test(bank.institutionNumber) || !bank.transitNumber || !/^\d{5}$/.test(bank.transitNumber) || !account) {
    errors.account_number = ['Enter the account’s institution, transit and account numbers: rejected payments come back to it.']
  }
  return errors
}

/**
 * Writes the chosen payments into the account's next EFT file, marks them as sent in it, and
 * answers the file. Refused (nothing marked) when the account lacks its EFT settings, or a payment
 * chosen is not waiting for this account or its vendor's details would be rejected.
 */
export async function makeEftFile(tx: Executor, companyId: string, bankAccountId: string, paymentIds: string[], today: string) {
  const [bank] = await tx
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, bankAccountId)))
    .for('update')
  if (!bank) throw invalid('Choose one of your bank accounts.', { bank_account_id: ['Choose one of your bank accounts.'] })
  const waiting = new Map((await waitingEftPayments(tx, companyId, bankAccountId)).map((p) => [p.id, p]))
  const errors: Record<string, string[]> = {}
  paymentIds.forEach((id, i) => {
    const payment = waiting.get(id)
    if (!payment) errors[`bill_payment_ids[${i}]`] = [`Payment ${i + 1} is not an EFT payment from ${bank.name} waiting to be sent.`]
    else if (payment.problems.length) errors[`bill_payment_ids[${i}]`] = [`${payment.label}: ${payment.vendorName} has ${payment.problems.join(', ')}.`]
    else if (paymentIds.indexOf(id) !== i) errors[`bill_payment_ids[${i}]`] = [`Payment ${i + 1} is chosen twice.`]
  })
  if (Object.keys(errors).length) throw invalid(`Please correct the highlighted payments: ${Object.keys(errors).join(', ')}.`, errors)
  if (!paymentIds.length) throw invalid('Choose at least one payment.', { bill_payment_ids: ['Choose at least one payment.'] })
  const own = bank.accountNumber ? (decryptValue(bank.accountNumber, await instanceSecret())?.replace(/[\s-]/g, '') ?? null) : null
  const missing = originatorErrors(bank, own)
  if (Object.keys(missing).length) throw conflict(`${bank.name} is not set up for EFT: complete its EFT settings first.`, missing)
  const [company] = await tx.select({ name: companies.name, currency: companies.currency }).from(companies).where(eq(companies.id, companyId))
  // File numbers run 1 to 9999, then start again.
  const fileNumber = (bank.eftFileNumber % 9999) + 1
  const chosen = paymentIds.map((id) => waiting.get(id)!)
  const body = cpa005File(
    {
      id: bank.eftOriginatorId!,
      dataCentre: bank.eftDataCentre!,
      fileNumber,
      shortName: bank.eftShortName || company.name,
      longName: company.name,
      returns: { institution: bank.institutionNumber!, transit: bank.transitNumber!, account: own! },
      currency: company.currency === 'USD' ? 'USD' : 'CAD',
    },
    chosen.map((p) => ({ ...p.credit!, date: p.date < today ? today : p.date })),
    today,
  )
  await tx.update(bankAccounts).set({ eftFileNumber: fileNumber, updatedAt: new Date() }).where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, bankAccountId)))
  await tx.update(billPayments).set({ eftFileNumber: fileNumber, updatedAt: new Date() }).where(and(eq(billPayments.companyId, companyId), inArray(billPayments.id, paymentIds)))
  const total = chosen.reduce((sum, p) => sum + p.amount, 0)
  return { filename: `eft-${String(fileNumber).padStart(4, '0')}-${today}.txt`, body, fileNumber, count: chosen.length, total: formatMoney(total) }
}

/** The bank account, or not found: another company's id answers as no such account. */
export async function eftBankAccount(tx: Executor, companyId: string, bankAccountId: string) {
  const [bank] = await tx
    .select({ id: bankAccounts.id, name: bankAccounts.name, fileNumber: bankAccounts.eftFileNumber })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, bankAccountId)))
  if (!bank) throw notFound('No such bank account.')
  return bank
}
