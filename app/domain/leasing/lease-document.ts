import type { Letter, LetterSection } from '../letter'
import { displayMoney, formatMoney, type NumberFormat } from '../money'

/*
 * A lease as a document to sign (issue 17 item 6): its parties, unit, term, rent, deposits and
 * charges, the law's terms, and a line for each to sign. Where the unit is in Ontario it follows
 * the sections of Ontario's Standard Form of Lease (form 2229E, required by O. Reg. 9/18 for most
 * residential tenancies since April 30, 2018), in their order and with their numbers; elsewhere it is
 * the same facts under plain headings. Pure: the server reads the lease.
 */

export type LeaseDocumentInput = {
  /** Who manages it and takes the notices: the company, as the owners' agent. */
  agent: { name: string; address: string | null; phone: string | null; email: string | null }
  /** The landlords in law: the property's owners (the company itself when none is recorded). */
  owners: string[]
  tenants: string[]
  unitAddress: string
  province: string | null
  leaseLabel: string
  leaseTypeLabel: string
  fixedTerm: boolean
  startDate: string
  endDate: string | null
  /** Cents a rent period. */
  rent: number
  frequencyLabel: string
  dueDay: number | null
  /** The charges besides the rent a period (parking, storage…), cents. */
  charges: { label: string; amount: number }[]
  lastMonthDeposit: number | null
  securityDeposit: number | null
  keyDeposit: number | null
  currency: string
  numbers: NumberFormat
  /** The company's own terms (its lease template's Additional Terms), a paragraph a line; null: none. */
  additionalTerms: string | null
}

const BLANK = '________________'

export function leaseDocument(input: LeaseDocumentInput): Letter {
  const money = (cents: number) => displayMoney(formatMoney(cents), input.currency, input.numbers)
  const ontario = input.province?.toUpperCase() === 'ON'
  const landlords = input.owners.length ? input.owners : [input.agent.name]
  const total = input.rent + input.charges.reduce((sum, c) => sum + c.amount, 0)
  const due = input.dueDay ? (input.dueDay >= 31 ? 'the last day' : `day ${input.dueDay}`) : 'the first day'
  const term = input.fixedTerm && input.endDate ? `A fixed term from ${input.startDate} to ${input.endDate}.` : `${input.leaseTypeLabel}, beginning on ${input.startDate}.`
  const contact = [input.agent.address, input.agent.phone, input.agent.email].filter(Boolean).join(' · ') || BLANK
  const section = (number: number, heading: string, rest: Omit<LetterSection, 'heading'>): LetterSection => ({ heading: ontario ? `${number}. ${heading}` : heading, ...rest })
  const sections: LetterSection[] = [
    section(1, 'Parties to the Agreement', {
      rows: [
        ['Landlord', landlords.join(', ')],
        ...input.tenants.map((name, i) => [`Tenant ${i + 1}`, name] as const),
      ],
    }),
    section(2, 'Rental Unit', { rows: [['Address', input.unitAddress]] }),
    section(3, 'Contact Information', {
      rows: [['Notices and documents to the landlord', `${input.agent.name}, as agent: ${contact}`]],
      paragraphs: ['The tenant may also be given notices and documents by e-mail where both agree to it in writing.'],
    }),
    section(4, 'Term of Tenancy Agreement', {
      paragraphs: [term, ...(input.fixedTerm ? ['At the end of the term the tenancy continues month to month unless it is ended as the law allows; a new lease is not needed.'] : [])],
    }),
    section(5, 'Rent', {
      rows: [
        ['Rent is due on', `${due} of each period (${input.frequencyLabel.toLowerCase()})`],
        ['Base rent for the rental unit', money(input.rent)],
        ...input.charges.map((c) => [c.label, money(c.amount)] as const),
        ['Total rent (lawful rent)', money(total)],
        ['Rent is payable to', input.agent.name],
      ],
      paragraphs: ['If the first rental period is a partial period, the tenant pays a prorated rent for it, by the number of its days.'],
    }),
    section(6, 'Services and Utilities', { paragraphs: ['What the rent includes and what the tenant pays for are as listed with the charges above; anything not listed is the tenant’s to arrange.'] }),
    ...(ontario ? [section(7, 'Rent Discounts', { paragraphs: ['There is no rent discount.'] })] : []),
    section(8, 'Rent Deposit', {
      rows: [['Last month’s rent deposit', input.lastMonthDeposit ? money(input.lastMonthDeposit) : 'None']],
      paragraphs: ontario
        ? ['This deposit can only be applied to the rent for the last rental period of the tenancy, and the landlord pays the tenant interest on it each year at the rent increase guideline (Residential Tenancies Act, 2006, ss. 106 and 105).']
        : [],
    }),
    section(9, 'Key Deposit', {
      rows: [['Key deposit', input.keyDeposit ? money(input.keyDeposit) : 'None']],
      paragraphs: ontario ? ['Refunded when the keys are returned at the end of the tenancy; it cannot be more than what replacing the keys costs.'] : [],
    }),
    ...(!ontario && input.securityDeposit ? [{ heading: 'Security Deposit', rows: [['Security deposit', money(input.securityDeposit)] as const] }] : []),
    section(10, 'Smoking', { paragraphs: ['Smoking is governed by the law and by the building’s rules given to the tenant.'] }),
    section(11, 'Tenant’s Insurance', { paragraphs: ['The tenant must carry liability insurance for the tenancy and give the landlord proof of it on request.'] }),
    section(12, 'Changes to the Rental Unit', { paragraphs: ['The tenant may install decorative items, but may not make other changes to the rental unit without the landlord’s permission.'] }),
    section(13, 'Maintenance and Repairs', {
      paragraphs: ['The landlord keeps the rental unit and the building in a good state of repair and fit for habitation; the tenant keeps the unit clean and repairs damage caused by the tenant or their guests.'],
    }),
    section(14, 'Assignment and Subletting', { paragraphs: ['The tenant may assign or sublet the rental unit only with the landlord’s consent, which the landlord may not withhold arbitrarily.'] }),
    section(15, 'Additional Terms', { paragraphs: additionalTermsOf(input.additionalTerms) }),
    section(16, 'Changes to this Agreement', { paragraphs: ['This agreement can only be changed in writing, signed by the landlord and the tenant.'] }),
    {
      heading: ontario ? '17. Signatures' : 'Signatures',
      paragraphs: [
        ontario
          ? 'This agreement is on the Standard Form of Lease for Ontario. The Residential Tenancies Act, 2006 applies to it: a term that is inconsistent with the Act, or that the Act voids, cannot be enforced. By signing, the landlord and the tenant agree to it; the landlord gives the tenant a copy within 21 days.'
          : `The residential tenancy law of ${input.province ?? 'the province or state where the unit is'} applies: a term inconsistent with it cannot be enforced. By signing, the landlord and the tenant agree to it.`,
      ],
    },
  ]
  return {
    letterhead: [input.agent.name, ...[input.agent.address, input.agent.phone, input.agent.email].filter((line): line is string => !!line)],
    title: ontario ? 'Residential Tenancy Agreement (Standard Form of Lease)' : 'Residential Lease',
    subtitle: input.leaseLabel,
    sections,
    signatures: [`Landlord or agent (${input.agent.name})`, ...input.tenants.map((name) => `Tenant: ${name}`), 'Date'],
  }
}

/** The company's additional terms as paragraphs: one a line, blank lines dropped; "None." when there are none. */
export function additionalTermsOf(text: string | null) {
  const paragraphs = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  return paragraphs.length ? paragraphs : ['None.']
}
