import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { billPaymentAllocations, billPayments, bills, vendors } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { labelOf } from '~/domain/text'
import { BILL_PAYMENT_METHODS } from '~/domain/payables/bills'
import { remittanceLetter } from '~/domain/payables/remittance'
import { letterhead } from '~/leasing/letters.server'
import { sendEmail } from '~/utils/mailer.server'
import { lettersPdf } from '~/utils/letter-pdf.server'

/*
 * Remittance letters (SPEC.md §7 remittance-letters/): one per bill payment, saying what it paid of
 * each of the vendor's invoices, as a PDF, and e-mailed to the vendor.
 */

/** A vendor's remittance address on one line. */
const oneLine = (address: { street?: string | null; city?: string | null; province?: string | null; postal_code?: string | null } | null) =>
  address ? [address.street, address.city, [address.province, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null : null

/** The payment's remittance letter as a PDF, with its file name and the vendor it goes to. */
export async function remittancePdf(tx: Executor, companyId: string, paymentId: string) {
  const [[payment], paid, company] = await Promise.all([
    tx
      .select({ payment: billPayments, vendor: { name: vendors.name, email: vendors.email, address: vendors.remittanceAddress } })
      .from(billPayments)
      .innerJoin(vendors, eq(vendors.id, billPayments.vendorId))
      .where(and(eq(billPayments.companyId, companyId), eq(billPayments.id, paymentId))),
    tx
      .select({ reference: bills.reference, date: bills.date, amount: bills.amount, paid: billPaymentAllocations.amount })
      .from(billPaymentAllocations)
      .innerJoin(bills, eq(bills.id, billPaymentAllocations.billId))
      .where(and(eq(billPaymentAllocations.companyId, companyId), eq(billPaymentAllocations.paymentId, paymentId)))
      .orderBy(asc(billPaymentAllocations.position)),
    letterhead(tx, companyId),
  ])
  const letter = remittanceLetter({
    payer: company,
    vendor: { name: payment.vendor.name, address: oneLine(payment.vendor.address) },
    payment: { date: payment.payment.date, amount: payment.payment.amount, method: labelOf(BILL_PAYMENT_METHODS, payment.payment.method), reference: payment.payment.reference, memo: payment.payment.memo },
    bills: paid,
    currency: company.currency,
    numbers: company.numbers,
  })
  const body = await lettersPdf([letter], `${letter.title} — ${payment.payment.label}`)
  return { filename: `remittance-${payment.payment.date}-${payment.vendor.name}.pdf`, body, vendor: payment.vendor, label: payment.payment.label, company: company.name }
}

/** E-mails the letter to the vendor once the transaction commits, and notes when; a vendor without an e-mail address is refused. */
export async function emailRemittance(tx: Executor, companyId: string, paymentId: string, afterCommit: (effect: () => Promise<void>) => void) {
  const letter = await remittancePdf(tx, companyId, paymentId)
  if (!letter.vendor.email) throw conflict(`${letter.vendor.name} has no e-mail address: add one to the vendor to e-mail its remittance letters.`)
  await tx
    .update(billPayments)
    .set({ remittanceSentAt: new Date() })
    .where(and(eq(billPayments.companyId, companyId), eq(billPayments.id, paymentId)))
  const to = letter.vendor.email
  afterCommit(async () => {
    await sendEmail({
      companyId,
      to,
      subject: `Remittance advice from ${letter.company}: ${letter.label}`,
      category: 'remittance_letter',
      text: `Hello,\n\n${letter.company} has paid you: ${letter.label}. The attached remittance advice lists the invoices it pays.`,
      attachments: [{ filename: letter.filename.replace(/[^\w .-]+/g, '-'), contentType: 'application/pdf', content: letter.body }],
    })
  })
}
