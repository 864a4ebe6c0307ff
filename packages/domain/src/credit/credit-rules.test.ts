import { describe, expect, it } from 'vitest'
import { convertArea } from '../calculators/area-units.ts'
import { approvedLimitMinor, perHectareLimitMinor } from './credit-limit.ts'
import { lateFeeMinor } from './late-fee.ts'
import { oneMonthBefore } from './late-repayment-window.ts'

describe('credit rules', () => {
  it('gives RM1,438.88 for 5 relong at RM1,000 per hectare (docs/product/credit.md)', () => {
    expect(perHectareLimitMinor(convertArea(5, 'relong', 'hectare'), 100000)).toBe(143888)
    expect(perHectareLimitMinor(1.6, 100000)).toBe(160000)
    expect(perHectareLimitMinor(0, 100000)).toBe(0)
  })
  it('opens the line at the market rate per verified hectare, a Thai line at most 35,000 baht', () => {
    // Malaysia: RM1,000 per hectare, no ceiling but the hectares (at most 1,000).
    expect(approvedLimitMinor('MY', 3, 100_000)).toBe(300_000)
    expect(approvedLimitMinor('MY', 0.0001, 100_000)).toBe(10)
    expect(approvedLimitMinor('MY', 1000, 100_000)).toBe(100_000_000)
    // Thailand: the rate is a setting; the advertised 35,000 baht is the ceiling.
    expect(approvedLimitMinor('TH', 1, 3_500_000)).toBe(3_500_000)
    expect(approvedLimitMinor('TH', 0.5, 3_500_000)).toBe(1_750_000)
    expect(approvedLimitMinor('TH', 1.0001, 3_500_000)).toBe(3_500_000)
    expect(approvedLimitMinor('TH', 40, 100_000)).toBe(3_500_000)
    expect(approvedLimitMinor('TH', 34.9999, 100_000)).toBe(3_499_990)
  })
  it('charges 1.5% per month late (docs/product/limits.md)', () => {
    expect(lateFeeMinor(100000)).toBe(1500)
    expect(lateFeeMinor(100000, 3)).toBe(4500)
    expect(lateFeeMinor(333)).toBe(5)
    expect(lateFeeMinor(100000, 0)).toBe(0)
    expect(() => lateFeeMinor(-1)).toThrow(RangeError)
  })
  it('opens the late-repayment window one month before harvest (docs/product/credit.md)', () => {
    expect(oneMonthBefore('2027-01-15')).toBe('2026-12-15')
    expect(oneMonthBefore('2027-03-31')).toBe('2027-02-28')
    expect(oneMonthBefore('2028-03-30')).toBe('2028-02-29')
  })
})
