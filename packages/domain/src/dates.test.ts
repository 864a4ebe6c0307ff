import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatDay,
  isCalendarDay,
  localClock,
  marketDay,
  startOfMarketDay,
} from './dates.ts'
import { MARKET } from './markets.ts'

describe('formatDate', () => {
  it('shows DD-MM-YYYY in Malaysian time', () => {
    expect(formatDate('2025-02-16T03:00:00Z', MARKET.MY.timeZone)).toBe('16-02-2025')
    // 17:00 UTC is already the next day in Kuala Lumpur.
    expect(formatDate('2025-02-16T17:00:00Z', MARKET.MY.timeZone)).toBe('17-02-2025')
  })
  it('keeps Gregorian years for Thailand', () => {
    expect(formatDate('2025-02-16T03:00:00Z', MARKET.TH.timeZone)).toBe('16-02-2025')
  })
})

describe('localClock', () => {
  it('gives weekday and minutes in the zone', () => {
    expect(localClock(new Date('2026-11-22T01:30:00Z'), 'Asia/Kuala_Lumpur')).toEqual({
      weekday: 0,
      minutes: 9 * 60 + 30,
    })
  })
})

describe('formatDateTime (docs/product/dates-and-times.md)', () => {
  it('writes DD-MM-YYYY and the 12-hour time in upper case, in the market’s zone', () => {
    expect(formatDateTime('2026-11-25T07:30:00Z', MARKET.MY.timeZone)).toBe('25-11-2026 03:30 PM')
    expect(formatDateTime('2026-11-24T16:05:00Z', MARKET.MY.timeZone)).toBe('25-11-2026 12:05 AM')
    expect(formatDateTime('2026-11-25T07:30:00Z', MARKET.TH.timeZone)).toBe('25-11-2026 02:30 PM')
  })

  it('keeps Gregorian years and digits whatever the process’s own locale or calendar', () => {
    // A Thai reader gets the same figures: no Buddhist year (2569), no Thai digits.
    expect(formatDate('2026-11-26T15:18:00Z', MARKET.TH.timeZone)).toBe('26-11-2026')
    expect(formatDate('2026-11-26T16:30:00Z', MARKET.TH.timeZone)).toBe('26-11-2026')
    expect(formatDate('2026-11-26T16:30:00Z', MARKET.MY.timeZone)).toBe('27-11-2026')
  })
})

describe('a calendar day (docs/product/dates-and-times.md)', () => {
  it('is shown as written, DD-MM-YYYY, never moved by a zone', () => {
    expect(isCalendarDay('2026-12-06')).toBe(true)
    expect(isCalendarDay('2026-12-06T00:00:00Z')).toBe(false)
    expect(formatDay('2026-12-06')).toBe('06-12-2026')
  })
})

describe('the day in a market (docs/product/limits.md)', () => {
  it('is the calendar day in the market’s own time zone', () => {
    // 16:30 UTC on 29 June: 00:30 on 30 June in Malaysia, still 23:30 on 29 June in Thailand.
    const instant = new Date('2027-06-29T16:30:00Z')
    expect(marketDay(instant, 'MY')).toBe('2027-06-30')
    expect(marketDay(instant, 'TH')).toBe('2027-06-29')
  })
  it('begins at the market’s midnight', () => {
    expect(startOfMarketDay('2027-06-30', 'MY').toISOString()).toBe('2027-06-29T16:00:00.000Z')
    expect(startOfMarketDay('2027-06-30', 'TH').toISOString()).toBe('2027-06-29T17:00:00.000Z')
    expect(marketDay(startOfMarketDay('2027-01-01', 'TH'), 'TH')).toBe('2027-01-01')
    expect(marketDay(new Date(startOfMarketDay('2027-01-01', 'MY').getTime() - 1), 'MY')).toBe(
      '2026-12-31',
    )
  })
  it('gives the same midnight when asked again, a Date of its own each time', () => {
    const first = startOfMarketDay('2027-08-31', 'TH')
    first.setTime(0)
    expect(startOfMarketDay('2027-08-31', 'TH').toISOString()).toBe('2027-08-30T17:00:00.000Z')
    expect(startOfMarketDay('2027-08-31', 'MY').toISOString()).toBe('2027-08-30T16:00:00.000Z')
  })
  it('is shown DD-MM-YYYY', () => {
    expect(formatDay('2027-06-30')).toBe('30-06-2027')
  })
})
