import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../utils/api.server.ts'
import { counterRefusal, smsRefusal } from './counter-refusal.server.ts'

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

  it('says the cash to collect the server worked out when the clerk was shown another', () => {
    const r = counterRefusal(
      refusal(409, 'COUNTER_CASH_CHANGED', {
        data: {
          code: 'COUNTER_CASH_CHANGED',
          cash: { amount_minor: 12_345, currency: 'THB' },
        },
      }),
    )
    expect(r.message).toEqual({ key: 'counter.errors.cashChanged', params: { cash: '฿123.45' } })
    expect(r.init).toEqual({ status: 409 })
  })

  it('says a voucher of another market is for that market', () => {
    expect(counterRefusal(refusal(422, 'VOUCHER_OTHER_MARKET')).message.key).toBe(
      'counter.errors.otherMarket',
    )
  })

  it('keeps the counter’s other texts, and a generic one for anything else', () => {
    expect(counterRefusal(refusal(404, 'QR_NOT_FOUND')).message.key).toBe('counter.errors.notFound')
    expect(counterRefusal(refusal(410, 'QR_EXPIRED')).init).toEqual({ status: 410 })
    expect(counterRefusal(refusal(403, 'FORBIDDEN')).message.key).toBe('counter.errors.failed')
  })
})

describe('what the counter shows when a code by SMS is not sent (docs/product/vouchers.md)', () => {
  it('says under the number when it cannot be read or is of another country', () => {
    const unreadable = smsRefusal(
      refusal(400, 'VALIDATION_FAILED', {
        errors: [{ field: 'mobile', message: 'validation.mobileInvalid' }],
      }),
    )
    expect(unreadable).toEqual({ field: 'counter.sms.errors.mobileInvalid', init: { status: 400 } })
    const empty = smsRefusal(
      refusal(400, 'VALIDATION_FAILED', {
        errors: [{ field: 'mobile', message: 'validation.mobileRequired' }],
      }),
    )
    expect(empty.field).toBe('counter.sms.errors.mobileRequired')
    expect(smsRefusal(refusal(422, 'COUNTER_SMS_WRONG_MARKET'))).toEqual({
      field: 'counter.sms.errors.market',
      init: { status: 422 },
    })
  })

  it('says how long to wait, the same as Retry-After: seconds for the cool-down, minutes for the limits', () => {
    const soon = smsRefusal(refusal(429, 'OTP_COOLDOWN', { data: { retryAfterSeconds: 42 } }))
    expect(soon.message).toEqual({ key: 'counter.sms.errors.cooldown', params: { seconds: 42 } })
    expect(new Headers(soon.init.headers).get('retry-after')).toBe('42')
    const cases = [
      ['staff', 'counter.sms.errors.limitedStaff'],
      ['branch', 'counter.sms.errors.limitedBranch'],
      ['number', 'counter.sms.errors.limitedNumber'],
    ] as const
    for (const [limit, key] of cases) {
      const later = smsRefusal(
        refusal(429, 'COUNTER_SMS_LIMITED', {
          retryAfter: '3478',
          data: { retryAfterSeconds: 3478, limit },
        }),
      )
      expect(later.message).toEqual({ key, params: { minutes: 58 } })
      expect(new Headers(later.init.headers).get('retry-after')).toBe('3480')
    }
    expect(smsRefusal(refusal(429, 'OTP_SEND_LIMIT', { retryAfter: '120' })).message).toEqual({
      key: 'counter.sms.errors.limitedNumber',
      params: { minutes: 2 },
    })
  })

  it('anything else as the counter’s other refusals', () => {
    expect(smsRefusal(refusal(403, 'FORBIDDEN')).message?.key).toBe('counter.errors.failed')
  })
})
