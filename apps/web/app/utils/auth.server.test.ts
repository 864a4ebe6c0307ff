import { describe, expect, it } from 'vitest'
import { ApiError } from './api.server.ts'
import { isSuspension, SUSPENDED_FLASH, TOO_MANY_FLASH, withUserToken } from './auth.server.ts'
import { WebSession } from './session.server.ts'

const loggedIn = () =>
  new WebSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    user: {
      id: 1,
      fullName: 'A',
      role: 'customer',
      kycStatus: null,
      isPinSet: false,
      market: 'MY',
    },
  })
const fail =
  (statusCode: number, message: string, code = 'INTERNAL') =>
  async () => {
    throw new ApiError({ statusCode, code: code as 'INTERNAL', message })
  }

describe('docs/product/errors.md transport rules for calls with the user token', () => {
  it('a 401 clears all state and goes to /login', async () => {
    const session = loggedIn()
    const thrown = await withUserToken({ session, locale: 'bm' }, fail(401, 'Session ended')).catch(
      (e) => e,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('/bm/login')
    expect(session.data).toEqual({})
  })

  it('except where the caller keeps it (the place-order call, /forgot-pin)', async () => {
    const session = loggedIn()
    const thrown = await withUserToken({ session, locale: 'en' }, fail(401, 'x'), {
      on401: 'throw',
    }).catch((e) => e)
    expect(thrown).toBeInstanceOf(ApiError)
    expect(session.isLoggedIn).toBe(true)
  })

  it("a 403 whose message says 'suspended' shows the toast and the access-forbidden page", async () => {
    const session = loggedIn()
    const thrown = await withUserToken(
      { session, locale: 'th' },
      fail(403, 'Your account is suspended'),
    ).catch((e) => e)
    expect((thrown as Response).headers.get('location')).toBe('/th/security/access-forbidden')
    expect(session.data).toEqual({ flash: SUSPENDED_FLASH })
  })

  it('row 55: the problem+json suspension is told apart from a 403 of another kind', async () => {
    const suspended = new ApiError({
      statusCode: 403,
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account is suspended',
      data: {
        type: 'urn:sawahmart:problem:account-suspended',
        status: 403,
        code: 'ACCOUNT_SUSPENDED',
        message: 'Your account is suspended',
      },
    })
    const forbidden = new ApiError({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'You are not allowed to do this',
      data: { code: 'FORBIDDEN' },
    })
    expect(isSuspension(suspended)).toBe(true)
    expect(isSuspension(forbidden)).toBe(false)
    expect(
      isSuspension(new ApiError({ statusCode: 429, code: 'RATE_LIMITED', message: 'x' })),
    ).toBe(false)
  })

  it('another 403 is handed back to the page', async () => {
    const session = loggedIn()
    const thrown = await withUserToken(
      { session, locale: 'en' },
      fail(403, 'You are not allowed to do this'),
    ).catch((e) => e)
    expect(thrown).toBeInstanceOf(ApiError)
    expect(session.isLoggedIn).toBe(true)
  })

  it('a 429 raises the rate-limit toast and is handed back with its Retry-After', async () => {
    const session = loggedIn()
    const call = async () => {
      throw new ApiError({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: 'Too many requests',
        retryAfter: '30',
      })
    }
    const thrown = await withUserToken({ session, locale: 'en' }, call).catch((e) => e)
    expect(thrown).toBeInstanceOf(ApiError)
    expect((thrown as ApiError).retryAfter).toBe('30')
    expect(session.data.flash).toEqual(TOO_MANY_FLASH)
    expect(session.isLoggedIn).toBe(true)
  })
})
