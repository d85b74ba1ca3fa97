import { describe, expect, it } from 'vitest'
import { letterText } from '~/domain/letter'
import { certificateLetter, instantIn, instantUtc, nextToSign, planSigners, refusalFor, reminderDue, type LeaseParty } from './signatures'

const party = (name: string, role: string, position: number, email: string | null = `${name.toLowerCase()}@example.test`): LeaseParty => ({ residentId: `r-${name}`, name, email, role, position })

describe('who signs a lease, in order', () => {
  it('puts the primary tenant first, then co-tenants and guarantors in the lease’s order, leaves occupants out and the company last', () => {
    const plan = planSigners([party('Grace', 'CO_TENANT', 0), party('Kid', 'OCCUPANT', 1, null), party('Gus', 'GUARANTOR', 2), party('Ada', 'PRIMARY', 3), party('Alan', 'CO_TENANT', 4)], {
      userId: 'u1',
      name: 'Morgan Lee',
      email: 'Morgan@Example.test',
    })
    expect('signers' in plan && plan.signers.map((s) => [s.position, s.name, s.role])).toEqual([
      [1, 'Ada', 'PRIMARY'],
      [2, 'Grace', 'CO_TENANT'],
      [3, 'Alan', 'CO_TENANT'],
      [4, 'Gus', 'GUARANTOR'],
      [5, 'Morgan Lee', 'COMPANY'],
    ])
    expect('signers' in plan && plan.signers.at(-1)!.email).toBe('morgan@example.test')
  })

  it('refuses a lease where no one who signs has an e-mail, or where one of them lacks one, naming them', () => {
    expect(planSigners([party('Ada', 'PRIMARY', 0, null), party('Kid', 'OCCUPANT', 1)], null)).toEqual({
      error: 'No resident on this lease has an e-mail address: add one to the tenant’s record to send it to sign.',
    })
    expect(planSigners([party('Ada', 'PRIMARY', 0), party('Grace', 'CO_TENANT', 1, ' ')], null)).toEqual({
      error: 'Grace must sign but has no e-mail address: add one to send the lease to sign.',
    })
  })
})

describe('whose turn it is', () => {
  const signers = [
    { id: 'a', position: 1, status: 'SIGNED' },
    { id: 'b', position: 2, status: 'NOTIFIED' },
    { id: 'c', position: 3, status: 'WAITING' },
  ]

  it('is the first in order who has not signed', () => {
    expect(nextToSign(signers)?.id).toBe('b')
    expect(nextToSign(signers.map((s) => ({ ...s, status: 'SIGNED' })))).toBeUndefined()
  })

  it('refuses a link that signed, a canceled or completed request, and a signer whose turn has not come', () => {
    expect(refusalFor('SENT', signers[1]!, signers)).toBeNull()
    expect(refusalFor('SENT', signers[0]!, signers)).toBe('signed')
    expect(refusalFor('SENT', signers[2]!, signers)).toBe('not-your-turn')
    expect(refusalFor('CANCELED', signers[1]!, signers)).toBe('canceled')
    // Who signed before the cancel is told so, not that it was canceled.
    expect(refusalFor('CANCELED', signers[0]!, signers)).toBe('signed')
    expect(refusalFor('COMPLETED', signers[1]!, signers)).toBe('completed')
  })
})

describe('reminders', () => {
  const sent = new Date('2031-03-01T12:00:00Z')
  const at = (days: number) => new Date(sent.getTime() + days * 24 * 60 * 60 * 1000)
  const signer = { status: 'NOTIFIED', notifiedAt: sent, lastRemindedAt: null, remindersSent: 0 }

  it('are due an interval after the link or the last reminder', () => {
    expect(reminderDue(signer, 3, at(2.9))).toBe(false)
    expect(reminderDue(signer, 3, at(3))).toBe(true)
    expect(reminderDue({ ...signer, lastRemindedAt: at(3), remindersSent: 1 }, 3, at(5))).toBe(false)
    expect(reminderDue({ ...signer, lastRemindedAt: at(3), remindersSent: 1 }, 3, at(6))).toBe(true)
  })

  it('stop after three, and never go to one who signed or is still waiting', () => {
    expect(reminderDue({ ...signer, remindersSent: 3, lastRemindedAt: at(9) }, 3, at(30))).toBe(false)
    expect(reminderDue({ ...signer, status: 'SIGNED' }, 3, at(30))).toBe(false)
    expect(reminderDue({ ...signer, status: 'WAITING', notifiedAt: null }, 3, at(30))).toBe(false)
  })
})

describe('the certificate', () => {
  it('names the document’s SHA-256 and each signer with what they typed, when (company time and UTC), from where', () => {
    const signedAt = new Date('2031-03-02T15:04:05Z')
    const text = letterText(
      certificateLetter({
        company: 'Maple Street Properties',
        leaseLabel: '204 · Bronson Court from 2031-05-01',
        documentName: 'lease-204.pdf',
        sha256: 'ab'.repeat(32),
        requestId: 'req-1',
        sentAt: new Date('2031-03-01T12:00:00Z'),
        completedAt: signedAt,
        timeZone: 'America/Toronto',
        signers: [
          { name: 'Ada Lovelace', email: 'ada@example.test', role: 'PRIMARY', typedName: 'Ada Lovelace', signedAt, ip: '198.51.100.7', userAgent: 'Phone/1.0', drew: true },
          { name: 'Grace Hopper', email: 'grace@example.test', role: 'CO_TENANT', typedName: null, signedAt: null, ip: null, userAgent: null, drew: false },
        ],
        history: [{ at: signedAt, what: 'Signed by Ada Lovelace' }],
        outcome: 'Signed by everyone: the lease was activated.',
      }),
    )
    expect(text).toContain('ab'.repeat(32))
    expect(text).toContain('Signer 1: Ada Lovelace')
    expect(text).toContain('Signed: 2031-03-02 10:04:05 EST (2031-03-02 15:04:05 UTC)')
    expect(text).toContain('IP address: 198.51.100.7')
    expect(text).toContain('Signature: Drawn (shown after this page) and typed name')
    expect(text).toContain('Signer 2: Grace Hopper')
    expect(text).toContain('Signed: Not signed')
    expect(text).toContain('2031-03-02 15:04:05 UTC: Signed by Ada Lovelace')
  })

  it('reads instants on the company’s clock', () => {
    expect(instantIn(new Date('2031-07-01T03:30:00Z'), 'America/Vancouver')).toBe('2031-06-30 20:30:00 PDT')
    expect(instantUtc(new Date('2031-07-01T03:30:00.123Z'))).toBe('2031-07-01 03:30:00 UTC')
  })
})
