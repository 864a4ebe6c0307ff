import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, localClock } from './dates.ts'

describe('formatDate', () => {
  it('shows DD-MM-YYYY in Malaysian time', () => {
    expect(formatDate('2025-02-16T03:00:00Z')).toBe('16-02-2025')
    // 17:00 UTC is already the next day in Kuala Lumpur.
    expect(formatDate('2025-02-16T17:00:00Z')).toBe('17-02-2025')
  })
  it('keeps Gregorian years for Thailand', () => {
    expect(formatDate('2025-02-16T03:00:00Z', 'Asia/Bangkok')).toBe('16-02-2025')
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

describe('formatDateTime (docs/product/vouchers.md)', () => {
  it('writes DD-MM-YYYY and the 12-hour time in upper case, in the farmer’s zone', () => {
    expect(formatDateTime('2026-11-25T07:30:00Z')).toBe('25-11-2026 03:30 PM')
    expect(formatDateTime('2026-11-24T16:05:00Z')).toBe('25-11-2026 12:05 AM')
    expect(formatDateTime('2026-11-25T07:30:00Z', 'Asia/Bangkok')).toBe('25-11-2026 02:30 PM')
  })
})
