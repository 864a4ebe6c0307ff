import { describe, expect, it } from 'vitest'
import { isOpenAt } from './opening-hours.ts'
import type { OpeningHours } from './schemas.ts'

const weekdays = { open: '08:30', close: '17:30' }
const hours: OpeningHours = [
  null,
  weekdays,
  weekdays,
  weekdays,
  weekdays,
  weekdays,
  { open: '08:30', close: '13:00' },
]

describe('isOpenAt', () => {
  it('is open inside the day hours in the branch time zone', () => {
    expect(isOpenAt(hours, new Date('2026-11-23T01:00:00Z'), 'Asia/Kuala_Lumpur')).toBe(true) // Mon 09:00
    expect(isOpenAt(hours, new Date('2026-11-23T00:29:00Z'), 'Asia/Kuala_Lumpur')).toBe(false) // Mon 08:29
    expect(isOpenAt(hours, new Date('2026-11-23T09:30:00Z'), 'Asia/Kuala_Lumpur')).toBe(false) // Mon 17:30
  })
  it('is closed on a closed day', () => {
    expect(isOpenAt(hours, new Date('2026-11-22T03:00:00Z'), 'Asia/Kuala_Lumpur')).toBe(false) // Sun 11:00
  })
  it('uses the zone of the branch', () => {
    // 01:15 UTC is 09:15 in Kuala Lumpur and 08:15 in Bangkok on Monday.
    const at = new Date('2026-11-23T01:15:00Z')
    const bangkok: OpeningHours = [
      null,
      { open: '08:30', close: '17:00' },
      null,
      null,
      null,
      null,
      null,
    ]
    expect(isOpenAt(bangkok, at, 'Asia/Bangkok')).toBe(false)
    expect(isOpenAt(bangkok, at, 'Asia/Kuala_Lumpur')).toBe(true)
  })
})
