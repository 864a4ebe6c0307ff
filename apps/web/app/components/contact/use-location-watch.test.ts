import { describe, expect, it } from 'vitest'
import { GEOLOCATION_OPTIONS, INITIAL_LOCATION, locationReducer } from './use-location-watch.ts'

describe('locationReducer (docs/product/branches-and-contact.md: location state)', () => {
  it('starts with no position and no error', () => {
    expect(INITIAL_LOCATION).toMatchObject({ lat: null, lng: null, lastError: null })
  })

  it('uses the docs/product/limits.md geolocation options', () => {
    expect(GEOLOCATION_OPTIONS).toEqual({
      enableHighAccuracy: true,
      maximumAge: 300000,
      timeout: 30000,
    })
  })

  it('rounds a position to 8 decimals and clears the last error', () => {
    const failed = locationReducer(INITIAL_LOCATION, { type: 'error', code: 3, message: 'Timeout' })
    const next = locationReducer(failed, {
      type: 'position',
      latitude: 6.123456789123,
      longitude: 100.987654321987,
    })
    expect(next).toMatchObject({
      lat: 6.12345679,
      lng: 100.98765432,
      lastError: null,
      errorCode: null,
    })
  })

  it('ignores a position without both coordinates', () => {
    const located = locationReducer(INITIAL_LOCATION, {
      type: 'position',
      latitude: 6,
      longitude: 100,
    })
    expect(locationReducer(located, { type: 'position', latitude: null, longitude: 101 })).toBe(
      located,
    )
    expect(locationReducer(located, { type: 'position', latitude: 7, longitude: NaN })).toBe(
      located,
    )
  })

  it('keeps the last position on an error and stores its message', () => {
    const watching = locationReducer(INITIAL_LOCATION, { type: 'start' })
    const located = locationReducer(watching, { type: 'position', latitude: 6, longitude: 100 })
    const next = locationReducer(located, {
      type: 'error',
      code: 2,
      message: 'Position unavailable',
    })
    expect(next).toEqual({
      lat: 6,
      lng: 100,
      lastError: 'Position unavailable',
      errorCode: 2,
      watching: true,
    })
  })

  it('ends the watch when permission is refused or geolocation is missing', () => {
    const watching = locationReducer(INITIAL_LOCATION, { type: 'start' })
    expect(locationReducer(watching, { type: 'error', code: 1, message: 'denied' }).watching).toBe(
      false,
    )
    expect(locationReducer(watching, { type: 'error', code: 0, message: '' })).toMatchObject({
      watching: false,
      errorCode: 0,
      lastError: 'Geolocation error 0',
    })
  })

  it('forgets the position when the user stops', () => {
    const located = locationReducer(INITIAL_LOCATION, {
      type: 'position',
      latitude: 6,
      longitude: 100,
    })
    expect(locationReducer(located, { type: 'stop' })).toEqual(INITIAL_LOCATION)
  })
})
