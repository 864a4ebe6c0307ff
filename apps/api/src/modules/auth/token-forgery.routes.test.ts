import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SignJWT, UnsecuredJWT } from 'jose'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens, signupPayload } from '../../../test/auth-helpers.ts'

describe('forged tokens and smuggled fields (rows 19 and 22)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '1000' })
  })
  afterAll(() => t.close())
  const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) })

  it('refuses alg:none, another key, another audience and the wrong token type (row 19)', async () => {
    const real = await loginTokens(t.app, '+60120000005')
    const claims = JSON.parse(Buffer.from(real.access_token.split('.')[1]!, 'base64url').toString())
    const { iat: _iat, exp: _exp, ...rest } = claims
    const sign = (key: string, overrides: Record<string, unknown> = {}) =>
      new SignJWT({ ...rest, ...overrides })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(key))
    const forged = [
      new UnsecuredJWT({ ...rest }).setIssuedAt().setExpirationTime('10m').encode(),
      await sign('a-different-secret-that-is-long-enough-0123456789'),
      await sign(t.config.jwtSecret, { aud: 'someone-else' }),
      await sign(t.config.jwtSecret, { typ: 'preauth' }),
      await sign(t.config.jwtSecret, { role: 'admin', sub: '1' }), // right key, other user's id
      real.access_token.slice(0, -2) + (real.access_token.endsWith('A') ? 'BB' : 'AA'),
    ]
    expect((await me(real.access_token)).statusCode).toBe(200)
    for (const token of forged) {
      const res = await me(token)
      expect(res.statusCode, token.slice(0, 40)).toBe(401)
    }
  })

  it('sign-up ignores role, status and KYC fields sent in the body (row 22)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        ...signupPayload('+60123458803'),
        role: 'admin',
        status: 'active',
        kyc_status: 'APPROVED',
        staff_branch_id: 1,
      },
    })
    expect(res.statusCode).toBe(201)
    const [user] = await t.db.db.select().from(users).where(eq(users.mobile, '+60123458803'))
    expect(user).toMatchObject({ role: 'customer', status: 'pending', kycStatus: null })
    expect(user?.staffBranchId).toBeNull()
  })
})
