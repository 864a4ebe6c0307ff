import { describe, expect, it } from 'vitest'
import { distanceKm, roundCoordinate, sortByDistance } from './distance.ts'

describe('geo', () => {
  it('rounds coordinates to 8 decimals (docs/product/branches-and-contact.md)', () => {
    expect(roundCoordinate(6.123456789123)).toBe(6.12345679)
    expect(roundCoordinate(-100.000000004)).toBe(-100)
  })
  it('measures great-circle distance', () => {
    // Alor Setar to Kota Bharu is about 210 km as the crow flies.
    const d = distanceKm({ lat: 6.1248, lng: 100.3678 }, { lat: 6.1254, lng: 102.2381 })
    expect(d).toBeGreaterThan(200)
    expect(d).toBeLessThan(215)
  })
  it('sorts nearest first and leaves the order alone without an origin', () => {
    const items = [
      { id: 'kb', lat: 6.1254, lng: 102.2381 },
      { id: 'jitra', lat: 6.2683, lng: 100.4217 },
      { id: 'sekinchan', lat: 3.503, lng: 101.1032 },
    ]
    expect(sortByDistance(items, { lat: 6.3, lng: 100.4 }).map((i) => i.id)).toEqual([
      'jitra',
      'kb',
      'sekinchan',
    ])
    expect(sortByDistance(items, null).map((i) => i.id)).toEqual(['kb', 'jitra', 'sekinchan'])
  })
})
