import { describe, expect, it } from 'vitest'
import { prefetchAllowed } from './prefetch.ts'

describe('prefetching another page', () => {
  it('is skipped when the farmer saves data, whatever the network', () => {
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false)
  })
  it('is skipped on 2G and slower', () => {
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false)
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false)
  })
  it('goes ahead on 3G and 4G, and where the browser says nothing', () => {
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true)
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true)
    expect(prefetchAllowed({})).toBe(true)
    expect(prefetchAllowed(undefined)).toBe(true)
  })
})
