import type { Executor } from '~/db/client.server'
import { rentPaymentSchedules } from '~/db/schema'
import { dueWordsOf, padAgreement } from '~/domain/leasing/pad'
import { SCHEDULE_FREQUENCIES } from '~/domain/leasing/rent'
import { parseMoney } from '~/domain/money'
import { decryptValue, maskValue } from '~/utils/crypto.server'
import { instanceSecret } from '~/utils/instance.server'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { addressees, letterhead } from './letters.server'
import { scheduleSummaries } from './rent.server'

/*
 * A rent schedule's pre-authorized debit agreement (issue: leases and rent, item 6), as a PDF for
 * its tenants to sign: the company is the payee, the tenants the payors at the unit's address, the
 * account the one kept on the schedule (its number shown by its last four digits only, as
 * everywhere), the amount each period the schedule's charges in effect, first debited on its next
 * charge. Where the schedule keeps no account yet, the agreement has blanks to fill in by hand.
 */

export async function padAgreementPdf(tx: Executor, companyId: string, schedule: typeof rentPaymentSchedules.$inferSelect) {
  const [company, to, summaries] = await Promise.all([letterhead(tx, companyId), addressees(tx, companyId, [schedule.leaseId]), scheduleSummaries(tx, companyId, [schedule.id])])
  const lease = to.get(schedule.leaseId)!
  const summary = summaries.get(schedule.id)
  const plain = schedule.padAccountNumber ? decryptValue(schedule.padAccountNumber, await instanceSecret()) : null
  const letter = padAgreement({
    payee: company,
    payors: lease.tenants,
    payorAddress: lease.unitAddress,
    account: { holder: schedule.padAccountHolder, institution: schedule.padInstitutionNumber, transit: schedule.padTransitNumber, number: plain ? maskValue(plain) : null },
    amountType: schedule.padAmountType === 'VARIABLE' ? 'VARIABLE' : 'FIXED',
    amount: parseMoney(summary?.period_total ?? '0') ?? 0,
    currency: company.currency,
    numbers: company.numbers,
    frequency: schedule.frequency,
    frequencyLabel: SCHEDULE_FREQUENCIES.find((f) => f.value === schedule.frequency)?.label ?? schedule.frequency,
    dueWords: dueWordsOf(schedule),
    firstDebit: summary?.next_charge_date ?? null,
    endDate: schedule.endDate,
    waivesPreNotification: schedule.padWaivesPreNotification,
    leaseLabel: lease.label,
  })
  return lettersPdf([letter], `${letter.title} — ${lease.label}`)
}

