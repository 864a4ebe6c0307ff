import { describe, expect, it } from 'vitest'
import { renewalBlocks } from './renewal.ts'

const now = new Date('2027-04-01T03:00:00Z')
/** Every condition met: nothing due, credit suspended, active user, contract approved. */
const ready = {
  totalDueMinor: 0,
  creditSuspended: true,
  userActive: true,
  contractStatus: 'APPROVED' as const,
  canResubmitAt: null,
  now,
}

describe('renewal eligibility (docs/product/credit.md: Renewal), each condition alone', () => {
  it('allows a renewal when every condition holds, for approved, incomplete or no contract', () => {
    expect(renewalBlocks(ready)).toEqual([])
    expect(renewalBlocks({ ...ready, contractStatus: 'INCOMPLETE' })).toEqual([])
    expect(renewalBlocks({ ...ready, contractStatus: null })).toEqual([])
  })
  it('refuses while anything is due, even one sen', () => {
    expect(renewalBlocks({ ...ready, totalDueMinor: 1 })).toEqual(['amount_due'])
  })
  it('refuses while the credit is not suspended', () => {
    expect(renewalBlocks({ ...ready, creditSuspended: false })).toEqual(['credit_not_suspended'])
  })
  it('refuses an inactive user', () => {
    expect(renewalBlocks({ ...ready, userActive: false })).toEqual(['user_inactive'])
  })
  it('after a rejection, refuses before the resubmission date and allows from it', () => {
    const rejected = { ...ready, contractStatus: 'REJECTED' as const }
    expect(renewalBlocks({ ...rejected, canResubmitAt: new Date(now.getTime() + 1) })).toEqual([
      'resubmit_later',
    ])
    expect(renewalBlocks({ ...rejected, canResubmitAt: now })).toEqual([])
    expect(renewalBlocks({ ...rejected, canResubmitAt: new Date(now.getTime() - 1) })).toEqual([])
    // Rejected with no date set: at once, as with a KYC application.
    expect(renewalBlocks({ ...rejected, canResubmitAt: null })).toEqual([])
  })
  it('names every condition that fails at once', () => {
    expect(
      renewalBlocks({
        ...ready,
        totalDueMinor: 500,
        creditSuspended: false,
        userActive: false,
        contractStatus: 'REJECTED',
        canResubmitAt: new Date(now.getTime() + 86_400_000),
      }),
    ).toEqual(['amount_due', 'credit_not_suspended', 'user_inactive', 'resubmit_later'])
  })
})
