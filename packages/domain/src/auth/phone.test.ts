import { describe, expect, it } from 'vitest'
import { normaliseMobile } from './phone.ts'
import { MobileSchema, PasswordSchema, SignupSchema } from './schemas.ts'

describe('mobile numbers (docs/product/accounts.md)', () => {
  it('normalises Malaysian and Thai numbers to E.164', () => {
    expect(normaliseMobile('012-345 6789')).toBe('+60123456789')
    expect(normaliseMobile('+60 12-000 0001')).toBe('+60120000001')
    expect(normaliseMobile('081 234 5678', 'TH')).toBe('+66812345678')
    expect(normaliseMobile('+66 80 000 0001')).toBe('+66800000001')
    // A Thai local number typed on a Malaysian default still works.
    expect(normaliseMobile('0812345678')).toBe('+66812345678')
  })
  it('refuses other countries, junk and over-long input', () => {
    expect(normaliseMobile('+6591234567')).toBeNull()
    expect(normaliseMobile('12345')).toBeNull()
    expect(normaliseMobile('abc')).toBeNull()
    expect(MobileSchema.safeParse('+60 12 345 6789 0000 0000').success).toBe(false)
  })
})

describe('passwords (docs/product/accounts.md)', () => {
  it('need 8 characters with letters and digits', () => {
    expect(PasswordSchema.safeParse('demo2026').success).toBe(true)
    expect(PasswordSchema.safeParse('short1').error?.issues[0]?.message).toBe(
      'validation.passwordTooShort',
    )
    expect(PasswordSchema.safeParse('onlyletters').error?.issues[0]?.message).toBe(
      'validation.passwordLettersDigits',
    )
    expect(PasswordSchema.safeParse('12345678').error?.issues[0]?.message).toBe(
      'validation.passwordLettersDigits',
    )
  })
})

describe('sign-up payload (docs/product/accounts.md)', () => {
  it('converts preferred_branch to a number and the mobile to E.164', () => {
    const parsed = SignupSchema.parse({
      mobile: '0123456789',
      password: 'padi2026',
      full_name: 'Ali',
      email: '',
      postcode: '06000',
      area: 'Jitra',
      district: 'Kubang Pasu',
      preferred_branch: '2',
    })
    expect(parsed).toMatchObject({ mobile: '+60123456789', preferred_branch: 2, email: null })
  })
})
