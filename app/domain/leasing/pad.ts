import type { Letter } from '~/domain/letter'
import { displayMoney, formatMoney, type NumberFormat } from '~/domain/money'
import { perPeriod } from './rent-increases'

/*
 * A pre-authorized debit (PAD) agreement for a rent schedule (issue: leases and rent, item 6): the
 * payor's authority for the landlord to debit their account for the rent, holding every element
 * Payments Canada's Rule H1 asks of a Payor's PAD Agreement: the payor and payee with their
 * addresses and the payee's contact details, the account to debit, the PAD category, the amount or
 * how a variable amount is set, the frequency and dates, pre-notification (10 days, or its waiver),
 * how to cancel (30 days' notice) and where to learn more, the recourse statement, and a signature
 * line with its date.
 */

export const PAD_AMOUNT_TYPES = [
  { value: 'FIXED', label: 'Fixed: the schedule’s charges each period' },
  { value: 'VARIABLE', label: 'Variable: what the lease owes on each due date' },
] as const

/** Rule H1's recourse statement, word for word as the agreement must carry it. */
export const PAD_RECOURSE =
  'You have certain recourse rights if any debit does not comply with this agreement. For example, you have the right to receive reimbursement for any debit that is not authorized or is not consistent with this PAD Agreement. To obtain more information on your recourse rights, contact your financial institution or visit www.payments.ca.'

/** The days of written notice before a debit, where the payor has not waived them (Rule H1's default). */
export const PAD_NOTICE_DAYS = 10
/** The notice a payor gives to cancel. */
export const PAD_CANCEL_DAYS = 30

export type PadAgreementInput = {
  payee: { name: string; address: string | null; phone: string | null; email: string | null }
  /** The tenants, who pay the rent. */
  payors: readonly string[]
  /** The rental unit's address: the payors' address. */
  payorAddress: string
  account: { holder: string | null; institution: string | null; transit: string | null; number: string | null }
  amountType: 'FIXED' | 'VARIABLE'
  /** Cents per period, the schedule's charges in effect: what a fixed debit is. */
  amount: number
  currency: string
  /** How the company writes amounts (1,250.00 or 1 250,00). */
  numbers: NumberFormat
  frequency: string
  frequencyLabel: string
  /** When each period falls due, in words: "on the 1st of each month". */
  dueWords: string
  firstDebit: string | null
  endDate: string | null
  waivesPreNotification: boolean
  leaseLabel: string
}

const BLANK = '____________________'

/** The agreement, with blanks to fill in by hand where the schedule holds no account details yet. */
export function padAgreement(input: PadAgreementInput): Letter {
  const money = displayMoney(formatMoney(input.amount), input.currency, input.numbers)
  const per = perPeriod(input.frequency)
  const payee = [input.payee.name, input.payee.address].filter(Boolean).join(', ')
  const contact = [input.payee.phone, input.payee.email].filter(Boolean).join(' or ') || input.payee.address || input.payee.name
  const amount =
    input.amountType === 'FIXED'
      ? `${money} ${per}: the rent and other charges of the lease ${input.leaseLabel}. A lawful change of them (a rent increase) changes the amount, notified as below.`
      : `Variable: on each due date, what the lease ${input.leaseLabel} then owes (its rent and other charges, ${money} ${per} today).`
  const notice = input.waivesPreNotification
    ? 'You waive your right to receive pre-notification of the amount and date of each debit, and agree that you do not require advance notice of a debit before it is processed.'
    : `We will give you written notice of the amount and date of each debit at least ${PAD_NOTICE_DAYS} calendar days before the first debit, and at least ${PAD_NOTICE_DAYS} calendar days before any debit whose amount or date changes.`
  return {
    letterhead: [input.payee.name, ...[input.payee.address, input.payee.phone, input.payee.email].filter((line): line is string => !!line)],
    title: 'Pre-Authorized Debit (PAD) Agreement',
    subtitle: 'Personal PAD, under Payments Canada’s Rule H1',
    sections: [
      {
        heading: 'Payor (the account holder)',
        rows: [
          ['Name', input.account.holder || input.payors.join(', ') || BLANK],
          ['Address', input.payorAddress],
        ],
      },
      {
        heading: 'Payee',
        rows: [
          ['Name', input.payee.name],
          ['Address', input.payee.address ?? BLANK],
          ['Contact', contact],
        ],
      },
      {
        heading: 'Account to debit',
        rows: [
          ['Institution number', input.account.institution || BLANK],
          ['Transit (branch) number', input.account.transit || BLANK],
          ['Account number', input.account.number || BLANK],
        ],
      },
      {
        heading: 'Amount and timing',
        rows: [
          ['Amount', amount],
          ['Frequency', `${input.frequencyLabel}, ${input.dueWords}`],
          ['First debit', input.firstDebit ?? BLANK],
          ['Until', input.endDate ?? 'This agreement is cancelled'],
        ],
        paragraphs: ['A debit falling on a day the financial institution is closed is made on its next business day.'],
      },
      {
        heading: 'Authorization',
        paragraphs: [
          `You, the payor, authorize ${payee} (the payee) and the financial institution it designates to debit the account above for the rent of ${input.payorAddress}, as this agreement sets out. This is a Personal PAD.`,
          'You confirm that everyone whose signature the account needs has signed this agreement. We may not assign this agreement to another payee without giving you at least 10 days’ written notice.',
        ],
      },
      { heading: 'Pre-notification', paragraphs: [notice] },
      {
        heading: 'Cancellation',
        paragraphs: [
          `You may cancel this agreement at any time by giving us written notice at least ${PAD_CANCEL_DAYS} days before the next debit, at ${contact}. To obtain a sample cancellation form, or more information on your right to cancel a PAD Agreement, contact your financial institution or visit www.payments.ca. Cancelling this agreement does not end the lease or what it owes.`,
        ],
      },
      { heading: 'Recourse', paragraphs: [PAD_RECOURSE] },
    ],
    signatures: ['Signature of the account holder', 'Date'],
  }
}

/** When a schedule's periods fall due, in words, from its frequency, due day and first day. */
export function dueWordsOf(schedule: { frequency: string; dueDay: number | null; startDate: string }) {
  const day = schedule.dueDay ?? 1
  const ordinal = day >= 31 ? 'the last day' : `the ${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`
  switch (schedule.frequency) {
    case 'WEEKLY':
    case 'BI_WEEKLY': {
      const weekday = new Date(`${schedule.startDate}T00:00:00Z`).toLocaleDateString('en-CA', { weekday: 'long', timeZone: 'UTC' })
      return `on ${weekday}s, from ${schedule.startDate}`
    }
    case 'SEMI_MONTHLY':
      return 'on the 1st and the 16th of each month'
    case 'MONTHLY':
      return `on ${ordinal} of each month`
    default:
      return `on ${ordinal} of the month each period starts`
  }
}
