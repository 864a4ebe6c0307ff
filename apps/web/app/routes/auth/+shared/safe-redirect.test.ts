import { describe, expect, it } from 'vitest'
import { safeRedirectTo } from './safe-redirect.ts'

describe('safeRedirectTo', () => {
  it('keeps same-site paths under a locale', () => {
    expect(safeRedirectTo('/en/settings', 'en')).toBe('/en/settings')
    expect(safeRedirectTo('/bm/settings?tab=1', 'en')).toBe('/bm/settings?tab=1')
  })
  it('refuses other sites, odd paths and missing values', () => {
    for (const bad of [
      null,
      '',
      '/en',
      '//evil.example/en/',
      '/\\evil.example',
      'https://evil.example/en/',
      '/fr/settings',
      '/en/\tx',
      'en/settings',
    ]) {
      expect(safeRedirectTo(bad, 'th')).toBe('/th')
    }
  })
})
