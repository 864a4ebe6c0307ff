import { describe, expect, it } from 'vitest'
import { kycPurgeDue } from './kyc-retention.ts'

const at = (iso: string) => new Date(`${iso}T00:00:00Z`)

describe('keeping KYC data (docs/product/credit.md: Keeping KYC data)', () => {
  it('keeps what is still needed, whatever its age', () => {
    expect(
      kycPurgeDue({ approved: true, closedAt: null, legalHoldAt: null, now: at('2099-01-01') }),
    ).toBe(false)
  })

  it('removes an application that never became credit a year after it closed', () => {
    const closed = at('2027-01-01')
    expect(
      kycPurgeDue({ approved: false, closedAt: closed, legalHoldAt: null, now: at('2027-12-31') }),
    ).toBe(false)
    expect(
      kycPurgeDue({ approved: false, closedAt: closed, legalHoldAt: null, now: at('2028-01-02') }),
    ).toBe(true)
  })

  it('keeps a customer’s six years after the relationship ends', () => {
    const closed = at('2027-01-01')
    expect(
      kycPurgeDue({ approved: true, closedAt: closed, legalHoldAt: null, now: at('2032-12-30') }),
    ).toBe(false)
    expect(
      kycPurgeDue({ approved: true, closedAt: closed, legalHoldAt: null, now: at('2033-01-02') }),
    ).toBe(true)
  })

  it('keeps anything under a legal hold for six years from the hold, then lets it go', () => {
    const closed = at('2020-01-01')
    const hold = at('2026-06-01')
    expect(
      kycPurgeDue({ approved: false, closedAt: closed, legalHoldAt: hold, now: at('2032-05-30') }),
    ).toBe(false)
    expect(
      kycPurgeDue({ approved: false, closedAt: closed, legalHoldAt: hold, now: at('2032-06-02') }),
    ).toBe(true)
  })
})
