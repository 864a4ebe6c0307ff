import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../utils/api.server.ts'
import { counterRefusal } from './counter-refusal.server.ts'

const refusal = (statusCode: number, code: ApiError['code'], extra: Partial<ApiError> = {}) =>
  new ApiError({ statusCode, code, message: code, ...extra })

describe('what the branch counter shows for a refusal (docs/product/vouchers.md)', () => {
  it('tells the clerk the customer’s account is suspended, without ending the clerk’s session (row 60)', () => {
    const r = counterRefusal(refusal(409, 'COUNTER_CUSTOMER_SUSPENDED'))
    expect(r.message).toEqual({ key: 'counter.errors.suspended' })
    expect(r.init).toEqual({ status: 409 })
  })

  it('after too many unknown codes says how long to wait, the same as Retry-After (row 61)', () => {
    const soon = counterRefusal(
      refusal(429, 'QR_LOOKUP_LIMITED', { retryAfter: '42', data: { retryAfterSeconds: 42 } }),
    )
    expect(soon.message).toEqual({ key: 'counter.errors.limitedSeconds', params: { seconds: 42 } })
    expect(new Headers(soon.init.headers).get('retry-after')).toBe('42')
    expect(soon.init.status).toBe(429)
    // A longer window (a setting) speaks in whole minutes, and the header agrees.
    const later = counterRefusal(refusal(429, 'QR_LOOKUP_LIMITED', { retryAfter: '250' }))
    expect(later.message).toEqual({ key: 'counter.errors.limitedMinutes', params: { minutes: 5 } })
    expect(new Headers(later.init.headers).get('retry-after')).toBe('300')
  })

  it('keeps the counter’s other texts, and a generic one for anything else', () => {
    expect(counterRefusal(refusal(404, 'QR_NOT_FOUND')).message.key).toBe('counter.errors.notFound')
    expect(counterRefusal(refusal(410, 'QR_EXPIRED')).init).toEqual({ status: 410 })
    expect(counterRefusal(refusal(403, 'FORBIDDEN')).message.key).toBe('counter.errors.failed')
  })
})
