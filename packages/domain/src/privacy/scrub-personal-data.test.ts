import { describe, expect, it } from 'vitest'
import { scrubText, scrubValue } from './scrub-personal-data.ts'

describe('scrubText', () => {
  it.each([
    ['login failed for +60120000001', 'login failed for [redacted]'],
    ['call 012-345 6789 now', 'call [redacted] now'],
    ['Thai +66 81 234 5678', 'Thai [redacted]'],
    ['MyKad 900101-14-5678 bad', 'MyKad [redacted] bad'],
    ['MyKad 900101145678', 'MyKad [redacted]'],
    ['Thai ID 1-1037-00123-45-6', 'Thai ID [redacted]'],
    ['Thai ID 1103700123456', 'Thai ID [redacted]'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-_x', 'token [redacted]'],
    ['Authorization: Bearer abcdefgh12345678', 'Authorization: [redacted]'],
    ['/late-repayment?token=abc123&x=1', '/late-repayment?token=[redacted]&x=1'],
    ['/en/reset?code=123456', '/en/reset?code=[redacted]'],
  ])('%s', (input, output) => expect(scrubText(input)).toBe(output))

  it('leaves ordinary words, prices, dates and order numbers alone', () => {
    const text = 'Order 1042 of RM 123.50 on 26-11-2026 at 10:30, 3 packs, 2 ha'
    expect(scrubText(text)).toBe(text)
  })
})

describe('scrubValue', () => {
  it('scrubs nested strings and drops secret-named keys, without touching the original', () => {
    const original = {
      message: 'user +60120000001',
      request: { headers: { cookie: '__session=abc', 'user-agent': 'Chrome' } },
      extra: [{ pin: '390571' }, 'nric 900101-14-5678'],
      count: 3,
    }
    expect(scrubValue(original)).toEqual({
      message: 'user [redacted]',
      request: { headers: { cookie: '[redacted]', 'user-agent': 'Chrome' } },
      extra: [{ pin: '[redacted]' }, 'nric [redacted]'],
      count: 3,
    })
    expect(original.message).toBe('user +60120000001')
  })

  it('survives cycles and stops at the depth limit', () => {
    const a: Record<string, unknown> = { name: 'a' }
    a.self = a
    expect(scrubValue(a)).toEqual({ name: 'a', self: '[redacted]' })
    expect(scrubValue({ a: { b: { c: 'deep' } } }, 2)).toEqual({ a: { b: '[redacted]' } })
  })
})
