import { describe, expect, it } from 'vitest'
import { pluralKey } from './plural.ts'

describe('pluralKey', () => {
  it('gives English its singular for 1 only', () => {
    expect(pluralKey('admin.vouchers.issue', 1, 'en')).toBe('admin.vouchers.issue.one')
    expect(pluralKey('admin.vouchers.issue', 0, 'en')).toBe('admin.vouchers.issue.other')
    expect(pluralKey('admin.vouchers.issue', 2, 'en')).toBe('admin.vouchers.issue.other')
  })
  it('gives Malay and Thai one form for every count', () => {
    for (const locale of ['bm', 'th'] as const)
      for (const n of [0, 1, 2, 21]) expect(pluralKey('k', n, locale)).toBe('k.other')
  })
})
