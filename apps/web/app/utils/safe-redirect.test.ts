import { describe, expect, it } from 'vitest'
import { safeRedirectPath, safeRedirectTo } from './safe-redirect.ts'

const OFF_SITE = [
  '//evil.test/pwned',
  '/\\evil.test/pwned',
  '/\t/evil.test',
  '/\n/evil.test',
  '/ /evil.test',
  'https://evil.test/',
  'javascript:alert(1)',
  '\\\\evil.test',
  '/\x00/evil.test',
  'evil.test',
  '',
  null,
  42,
]

describe('safeRedirectPath (row 23)', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectPath('/', '/x')).toBe('/')
    expect(safeRedirectPath('/en/products?q=karah#top', '/x')).toBe('/en/products?q=karah#top')
  })
  it('sends anything that could leave the site to the fallback', () => {
    for (const bad of OFF_SITE) expect(safeRedirectPath(bad, '/en'), String(bad)).toBe('/en')
  })
})

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
      ...OFF_SITE,
    ]) {
      expect(safeRedirectTo(bad, 'th')).toBe('/th')
    }
  })
})
