import type { Letter } from '../letter'
import { displayMoney, formatMoney, type NumberFormat } from '../money'

/*
 * A remittance letter (remittance advice): what a payment to a vendor paid, bill by bill, so the
 * vendor can apply it to their invoices. Pure: the server reads the payment and renders the PDF.
 */

export type RemittanceInput = {
  payer: { name: string; address: string | null; phone: string | null; email: string | null }
  vendor: { name: string; address: string | null }
  payment: { date: string; amount: number; method: string; reference: string | null; memo: string | null }
  /** What it paid of each bill: the vendor's invoice number, its date, its total and what this payment paid of it. */
  bills: readonly { reference: string | null; date: string; amount: number; paid: number }[]
  currency: string
  numbers: NumberFormat
}

export function remittanceLetter(input: RemittanceInput): Letter {
  const money = (cents: number) => displayMoney(formatMoney(cents), input.currency, input.numbers)
  return {
    letterhead: [input.payer.name, ...[input.payer.address, input.payer.phone, input.payer.email].filter((line): line is string => !!line)],
    title: 'Remittance Advice',
    subtitle: `Payment of ${input.payment.date} to ${input.vendor.name}`,
    sections: [
      { heading: 'To', rows: [['Vendor', input.vendor.name], ...(input.vendor.address ? [['Address', input.vendor.address] as const] : [])] },
      {
        heading: 'Payment',
        rows: [
          ['Date', input.payment.date],
          ['Amount', money(input.payment.amount)],
          ['Method', input.payment.method],
          ...(input.payment.reference ? [['Reference', input.payment.reference] as const] : []),
          ...(input.payment.memo ? [['Memo', input.payment.memo] as const] : []),
        ],
      },
      {
        heading: 'Invoices paid',
        rows: input.bills.map((bill) => [`${bill.reference ? `Invoice ${bill.reference}` : 'Invoice'} of ${bill.date}`, bill.paid === bill.amount ? money(bill.paid) : `${money(bill.paid)} of ${money(bill.amount)}`] as const),
      },
      { paragraphs: [`Please apply this payment of ${money(input.payment.amount)} to the invoices above. Questions: ${[input.payer.phone, input.payer.email].filter(Boolean).join(' or ') || input.payer.name}.`] },
    ],
    signatures: [],
  }
}
