import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  allocateRepayment,
  availableMinor,
  isSpendable,
  shortfallMinor,
  totalDueMinor,
  type CreditLineBalances,
} from './credit-line.ts'

const line: CreditLineBalances = {
  currency: 'MYR',
  approvedMinor: 500_000,
  utilisedMinor: 120_000,
  interestMinor: 3_000,
  lateFeeMinor: 1_800,
  state: 'active',
  expiresAt: new Date('2027-06-30T16:00:00Z'),
  dueAt: new Date('2027-03-31T16:00:00Z'),
}

describe('credit line (docs/product/credit.md)', () => {
  it('has available = approved - utilised', () => {
    expect(availableMinor(line)).toBe(380_000)
  })
  it('is spendable only while active and before its expiry', () => {
    const now = new Date('2027-01-01T00:00:00Z')
    expect(isSpendable(line, now)).toBe(true)
    expect(isSpendable({ ...line, state: 'suspended' }, now)).toBe(false)
    expect(isSpendable({ ...line, state: 'expired' }, now)).toBe(false)
    expect(isSpendable(line, new Date('2027-06-30T16:00:00Z'))).toBe(false)
  })
  it('says how much more an order needs', () => {
    expect(shortfallMinor(line, 380_000)).toBe(0)
    expect(shortfallMinor(line, 380_001)).toBe(1)
    expect(shortfallMinor(line, 400_050)).toBe(20_050)
  })
  it('counts everything owed as due once the due date has passed', () => {
    expect(totalDueMinor(line, new Date('2027-03-31T15:59:59Z'))).toBe(0)
    expect(totalDueMinor(line, new Date('2027-03-31T16:00:00Z'))).toBe(124_800)
    expect(totalDueMinor({ ...line, dueAt: null }, new Date('2030-01-01'))).toBe(0)
  })
  it('pays the late fee, then interest, then principal', () => {
    expect(allocateRepayment(line, 1_000)).toEqual({
      lateFeeMinor: -1_000,
      interestMinor: 0,
      principalMinor: 0,
    })
    expect(allocateRepayment(line, 10_000)).toEqual({
      lateFeeMinor: -1_800,
      interestMinor: -3_000,
      principalMinor: -5_200,
    })
    expect(() => allocateRepayment(line, 124_801)).toThrow(RangeError)
    expect(() => allocateRepayment(line, 0)).toThrow(RangeError)
  })
  it('never leaves a part below zero and always sums to the amount', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(50_000),
        fc.nat(50_000),
        fc.integer({ min: 1, max: 1_100_000 }),
        (utilised, interest, lateFee, amount) => {
          const owed = utilised + interest + lateFee
          fc.pre(amount <= owed)
          const d = allocateRepayment(
            { utilisedMinor: utilised, interestMinor: interest, lateFeeMinor: lateFee },
            amount,
          )
          expect(d.principalMinor + d.interestMinor + d.lateFeeMinor).toBe(-amount)
          expect(utilised + d.principalMinor).toBeGreaterThanOrEqual(0)
          expect(interest + d.interestMinor).toBeGreaterThanOrEqual(0)
          expect(lateFee + d.lateFeeMinor).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})
