import { describe, expect, it } from 'vitest'
import { dayOf, startOfDay } from './farmer-calendar.ts'

const HOUR = 3_600_000

describe('the farmer’s calendar (docs/product/dates-and-times.md: Which clock)', () => {
  it('is the calendar of the line’s market: the same instant can be two days', () => {
    // 16:30 UTC on 29 June: 00:30 on 30 June in Malaysia, still 23:30 on 29 June in Thailand.
    const instant = new Date('2027-06-29T16:30:00Z')
    expect(dayOf(instant, 'MYR')).toBe('2027-06-30')
    expect(dayOf(instant, 'THB')).toBe('2027-06-29')
  })

  it('starts a day at midnight in the market’s zone', () => {
    expect(startOfDay('2027-06-30', 'MYR').toISOString()).toBe('2027-06-29T16:00:00.000Z')
    expect(startOfDay('2027-06-30', 'THB').toISOString()).toBe('2027-06-29T17:00:00.000Z')
    // A year's first day: the instant is still in the old year in UTC.
    expect(startOfDay('2028-01-01', 'MYR').toISOString()).toBe('2027-12-31T16:00:00.000Z')
  })

  it('puts a day’s first and last instants on that day, and the one before on the day before', () => {
    for (const currency of ['MYR', 'THB'] as const) {
      const start = startOfDay('2028-02-29', currency)
      expect(dayOf(start, currency)).toBe('2028-02-29')
      expect(dayOf(new Date(start.getTime() + 24 * HOUR - 1), currency)).toBe('2028-02-29')
      expect(dayOf(new Date(start.getTime() - 1), currency)).toBe('2028-02-28')
    }
  })

  it('agrees with the clock the farmers live by, UTC+8 and UTC+7 all year (no summer time)', () => {
    // docs/product/limits.md names the zones; neither moves its clocks, so every hour of a year
    // must fall on the same day as the plain offset says.
    const offsets = { MYR: 8, THB: 7 } as const
    for (const [currency, offset] of Object.entries(offsets) as ['MYR' | 'THB', number][]) {
      for (
        let t = Date.parse('2027-01-01T00:00:00Z');
        t < Date.parse('2028-01-01T00:00:00Z');
        t += HOUR
      ) {
        const expected = new Date(t + offset * HOUR).toISOString().slice(0, 10)
        expect(dayOf(new Date(t), currency)).toBe(expected)
      }
      expect(startOfDay('2027-11-25', currency).getTime()).toBe(
        Date.parse('2027-11-25T00:00:00Z') - offset * HOUR,
      )
    }
  })
})
