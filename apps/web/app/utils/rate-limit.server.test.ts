import { describe, expect, it } from 'vitest'
import { ApiError } from './api.server.ts'
import { answerInit, rateLimitWait } from './rate-limit.server.ts'

const limited = (retryAfter: string | null, data: unknown = null) =>
  new ApiError({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many', retryAfter, data })

describe('rate-limit answers (rows 2 and 55)', () => {
  it('says the same wait on the page and in Retry-After', () => {
    expect(rateLimitWait(limited('30'))).toEqual({
      seconds: 60,
      message: { key: 'common.rateLimit.oneMinute' },
    })
    expect(rateLimitWait(limited('1790'))).toEqual({
      seconds: 1800,
      message: { key: 'common.rateLimit.minutes', params: { minutes: 30 } },
    })
    expect(rateLimitWait(limited(null, { retryAfterSeconds: 125 })).seconds).toBe(180)
    // The API gave no wait: one minute, said the same in both places.
    expect(rateLimitWait(limited(null)).seconds).toBe(60)
  })

  it('every 429 answer carries Retry-After; others keep their status', () => {
    const init = answerInit(limited('90'))
    expect(init.status).toBe(429)
    expect(new Headers(init.headers).get('retry-after')).toBe('120')
    expect(answerInit(limited('5'), 5).headers).toEqual({ 'Retry-After': '5' })
    const down = new ApiError({ statusCode: 502, code: 'INTERNAL', message: 'x' })
    expect(answerInit(down)).toEqual({ status: 503 })
  })
})
