import { describe, expect, it } from 'vitest'
import { addMonths, lateFeeMinor, monthsPastDue, nextLateFee } from './late-fee.ts'

// A due date at midnight in Kuala Lumpur (16:00 UTC the day before).
const due = new Date('2027-01-31T00:00:00+08:00')

describe('late fees (docs/product/credit.md: Late fees)', () => {
  it('is 1.5% of what is owed per month, rounded to the minor unit', () => {
    expect(lateFeeMinor(100_000)).toBe(1_500)
    expect(lateFeeMinor(33_333)).toBe(500)
    expect(lateFeeMinor(0)).toBe(0)
  })

  it('counts months in the farmer calendar, the 31st moving to a shorter month end', () => {
    expect(addMonths(due, 1, 'MYR').toISOString()).toBe(
      new Date('2027-02-28T00:00:00+08:00').toISOString(),
    )
    expect(addMonths(due, 2, 'MYR').toISOString()).toBe(
      new Date('2027-03-31T00:00:00+08:00').toISOString(),
    )
    const bangkok = new Date('2027-12-15T00:00:00+07:00')
    expect(addMonths(bangkok, 1, 'THB').toISOString()).toBe(
      new Date('2028-01-15T00:00:00+07:00').toISOString(),
    )
  })

  it('keeps the time of day, and counts the month end in the farmer’s own zone', () => {
    // 23:30 on 31 January in Bangkok is already 1 February in Kuala Lumpur: a Thai line's month
    // ends on the last day of February, told in Thailand's time.
    const lateEvening = new Date('2027-01-31T23:30:00+07:00')
    expect(addMonths(lateEvening, 1, 'THB').toISOString()).toBe(
      new Date('2027-02-28T23:30:00+07:00').toISOString(),
    )
    expect(addMonths(new Date('2027-01-31T09:15:00+08:00'), 13, 'MYR').toISOString()).toBe(
      new Date('2028-02-29T09:15:00+08:00').toISOString(),
    )
  })

  it('adds a month only once it is complete', () => {
    expect(monthsPastDue(due, new Date('2027-01-30T00:00:00+08:00'), 'MYR')).toBe(0)
    expect(monthsPastDue(due, new Date('2027-02-27T23:59:59+08:00'), 'MYR')).toBe(0)
    expect(monthsPastDue(due, new Date('2027-02-28T00:00:00+08:00'), 'MYR')).toBe(1)
    expect(monthsPastDue(due, new Date('2027-05-01T00:00:00+08:00'), 'MYR')).toBe(3)
  })

  it('previews the next fee on principal and interest, not on earlier fees', () => {
    const line = {
      dueAt: due,
      utilisedMinor: 80_000,
      interestMinor: 20_000,
      currency: 'MYR' as const,
    }
    const before = nextLateFee(line, new Date('2027-01-10T00:00:00+08:00'))
    expect(before).toEqual({ at: new Date('2027-02-28T00:00:00+08:00'), feeMinor: 1_500 })
    const later = nextLateFee(line, new Date('2027-03-01T00:00:00+08:00'))
    expect(later?.at).toEqual(new Date('2027-03-31T00:00:00+08:00'))
    expect(nextLateFee({ ...line, utilisedMinor: 0, interestMinor: 0 }, due)).toBeNull()
    expect(nextLateFee({ ...line, dueAt: null }, due)).toBeNull()
  })
})
