import { describe, expect, it } from 'vitest'
import { resetAllowedInDemo, resolveDemoMode } from './demo-mode.ts'

const POSTGRES = 'postgres://shop@db/shop'

describe('when demo mode is on (docs/product/demo-mode.md: When it is on)', () => {
  it('auto: on only with the embedded database and the console SMS provider', () => {
    const auto = { setting: 'auto' as const }
    expect(resolveDemoMode({ ...auto, databaseUrl: undefined, smsProvider: undefined })).toBe(true)
    expect(resolveDemoMode({ ...auto, databaseUrl: undefined, smsProvider: 'console' })).toBe(true)
    expect(resolveDemoMode({ ...auto, databaseUrl: POSTGRES, smsProvider: 'console' })).toBe(false)
    expect(resolveDemoMode({ ...auto, databaseUrl: undefined, smsProvider: 'http' })).toBe(false)
  })

  it('true: on, on PostgreSQL too, but refused with a real SMS gateway', () => {
    expect(
      resolveDemoMode({ setting: 'true', databaseUrl: POSTGRES, smsProvider: 'console' }),
    ).toBe(true)
    expect(() =>
      resolveDemoMode({ setting: 'true', databaseUrl: undefined, smsProvider: 'http' }),
    ).toThrow(/real SMS provider/)
  })

  it('false: off, whatever else is set', () => {
    expect(
      resolveDemoMode({ setting: 'false', databaseUrl: undefined, smsProvider: undefined }),
    ).toBe(false)
  })
})

describe('resets in demo mode (docs/product/demo-mode.md: What it changes)', () => {
  it('lets customers reset, never the seeded back-office accounts', () => {
    expect(resetAllowedInDemo('customer')).toBe(true)
    for (const role of ['staff', 'finance', 'admin'] as const)
      expect(resetAllowedInDemo(role)).toBe(false)
  })
})
