import { describe, expect, it } from 'vitest'
import { ApiError } from './api.server.ts'
import { apiFieldErrors, readRefusal } from './api-errors.server.ts'

const refusal = (statusCode: number, code: ApiError['code'], extra: Partial<ApiError> = {}) =>
  new ApiError({ statusCode, code, message: code, ...extra })

describe('readRefusal: the one mapping of API refusals for pages', () => {
  it('throws on anything that is not the API saying no', () => {
    const bug = new TypeError('x is undefined')
    expect(() => readRefusal(bug)).toThrow(bug)
  })

  it('sorts refusals by what a page does with them', () => {
    expect(readRefusal(refusal(400, 'VALIDATION_FAILED')).kind).toBe('invalid')
    // A wrong code is a 400 too, but it is not a form field problem: it has its own text.
    const code = readRefusal(refusal(400, 'OTP_INVALID', { data: { attemptsLeft: 2 } }))
    expect(code.kind).toBe('refused')
    expect(code.message).toEqual({ key: 'auth.errors.codeInvalidLeft', params: { n: 2 } })
    expect(readRefusal(refusal(404, 'NOT_FOUND')).kind).toBe('notFound')
    expect(readRefusal(refusal(401, 'INVALID_CREDENTIALS')).message).toEqual({
      key: 'auth.errors.invalidCredentials',
    })
  })

  it('a token no longer good is signedOut; a wrong number or password is not', () => {
    expect(readRefusal(refusal(401, 'TOKEN_INVALID')).kind).toBe('signedOut')
    expect(readRefusal(refusal(401, 'SESSION_REVOKED')).kind).toBe('signedOut')
    expect(readRefusal(refusal(401, 'INVALID_CREDENTIALS')).kind).toBe('refused')
  })

  it('names an answer without a code (a proxy’s page) by the general code of its status', () => {
    expect(readRefusal(refusal(413, 'INTERNAL')).code).toBe('BODY_TOO_LARGE')
    expect(readRefusal(refusal(401, 'INTERNAL')).code).toBe('UNAUTHENTICATED')
    expect(readRefusal(refusal(403, 'INTERNAL')).code).toBe('FORBIDDEN')
    // The API's own codes, and the API failing, keep theirs.
    expect(readRefusal(refusal(413, 'UPLOAD_TOO_LARGE')).code).toBe('UPLOAD_TOO_LARGE')
    expect(readRefusal(refusal(500, 'INTERNAL')).code).toBe('INTERNAL')
    expect(readRefusal(refusal(503, 'NETWORK')).code).toBe('NETWORK')
  })

  it('a failed or absent API is a 503 page, never its own status', () => {
    for (const status of [500, 502, 503, 504]) {
      const r = readRefusal(refusal(status, 'INTERNAL'))
      expect(r.kind).toBe('unavailable')
      expect(r.init).toEqual({ status: 503 })
      expect(r.message).toBeNull()
    }
  })

  it('a limit says the wait on the page and in Retry-After, the same', () => {
    const r = readRefusal(refusal(429, 'RATE_LIMITED', { retryAfter: '90' }))
    expect(r.kind).toBe('busy')
    expect(r.message).toEqual({ key: 'common.rateLimit.minutes', params: { minutes: 2 } })
    expect(new Headers(r.init.headers).get('retry-after')).toBe('120')
    // The code step's resend cool-down speaks in seconds.
    const cool = readRefusal(refusal(429, 'OTP_COOLDOWN', { retryAfter: '7' }))
    expect(cool.message).toEqual({ key: 'auth.errors.waitSeconds', params: { seconds: 7 } })
    expect(new Headers(cool.init.headers).get('retry-after')).toBe('7')
  })

  it('field errors keep catalogue keys and hide anything else', () => {
    const error = refusal(400, 'VALIDATION_FAILED', {
      errors: [
        { field: 'email', message: 'validation.emailInvalid' },
        { field: 'postcode', message: 'some raw text' },
        { field: 'unknown', message: 'validation.emailRequired' },
      ],
    })
    expect(apiFieldErrors(error, ['email', 'postcode'])).toEqual({
      email: 'validation.emailInvalid',
      postcode: 'validation.invalid',
      _form: 'validation.emailRequired',
    })
  })
})
