import { describe, expect, it } from 'vitest'
import { LOCALES } from '../i18n/locales.ts'
import { OTP_PURPOSES, OTP_TTL_MS } from './rules.ts'
import { otpSmsText } from './sms-text.ts'

describe('the SMS that carries a one-time code (docs/product/accounts.md: One-time codes)', () => {
  it('names the shop and the code, for every purpose in every language', () => {
    for (const locale of LOCALES)
      for (const purpose of OTP_PURPOSES) {
        const text = otpSmsText(locale, purpose, '482913', 'SawahMart')
        expect(text.startsWith('SawahMart: ')).toBe(true)
        expect(text).toContain('482913')
        expect(text).not.toMatch(/[{}]/)
      }
  })

  it('says the code lasts as long as it does: 10 minutes', () => {
    const minutes = String(OTP_TTL_MS / 60_000)
    for (const locale of LOCALES)
      for (const purpose of OTP_PURPOSES)
        expect(otpSmsText(locale, purpose, '482913', 'SawahMart')).toContain(`${minutes} `)
  })

  it('is in the farmer’s language', () => {
    expect(otpSmsText('en', 'signup', '1', 'S')).toContain('sign-up code')
    expect(otpSmsText('bm', 'signup', '1', 'S')).toContain('kod pendaftaran')
    expect(otpSmsText('th', 'signup', '1', 'S')).toContain('รหัสสมัครสมาชิก')
  })
})
