import { describe, expect, it } from 'vitest'
import { lateRepaymentWindow, oneMonthBefore } from './late-repayment-window.ts'

describe('the late-repayment window (docs/product/credit.md: Late repayment)', () => {
  it('opens one month before the harvest date, not a day sooner', () => {
    expect(lateRepaymentWindow('2027-03-15', '2027-02-14')).toEqual({
      status: 'too_early',
      opensOn: '2027-02-15',
    })
    expect(lateRepaymentWindow('2027-03-15', '2027-02-15')).toEqual({
      status: 'open',
      daysLeft: 28,
    })
  })
  it('is open on the harvest date itself, with no day left, and expired the day after', () => {
    expect(lateRepaymentWindow('2027-03-15', '2027-03-14')).toEqual({ status: 'open', daysLeft: 1 })
    expect(lateRepaymentWindow('2027-03-15', '2027-03-15')).toEqual({ status: 'open', daysLeft: 0 })
    expect(lateRepaymentWindow('2027-03-15', '2027-03-16')).toEqual({ status: 'expired' })
  })
  it('takes a month back to the last day of a shorter month, across a year', () => {
    expect(oneMonthBefore('2027-03-31')).toBe('2027-02-28')
    expect(oneMonthBefore('2028-03-31')).toBe('2028-02-29')
    expect(oneMonthBefore('2027-01-10')).toBe('2026-12-10')
    expect(lateRepaymentWindow('2027-01-10', '2026-12-09').status).toBe('too_early')
    expect(lateRepaymentWindow('2027-01-10', '2026-12-10')).toEqual({
      status: 'open',
      daysLeft: 31,
    })
  })
})
