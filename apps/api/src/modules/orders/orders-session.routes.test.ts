import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { creditLines } from '@padi/db/schema/credit'
import { idempotencyKeys, orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { packsAtOneBranch } from '../../../test/order-fixtures.ts'

/**
 * POST /orders checks the session inside the order's own statement (ADR 040), not in the guard
 * every other route uses. It must refuse exactly what that guard refuses, and write nothing.
 */
describe('placing an order with a session that no longer holds', () => {
  let t: TestApp
  let branchId: number
  let pack: { id: number; priceMy: number }
  let keys = 0
  const MOBILE = '+60120000001'
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', LOGIN_RATE_LIMIT_MAX: '1000' })
    const found = await packsAtOneBranch(t.db.db, 5)
    branchId = found.branchId
    pack = found.packs[0]!
  })
  afterAll(() => t.close())

  const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) })
  const order = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...bearer(token), 'idempotency-key': `session-${Date.now()}-${keys++}` },
      payload: {
        fulfilment: 'pickup',
        payment: 'credits',
        branch_id: branchId,
        pin: '390571',
        lines: [{ variation_id: pack.id, count: 1 }],
      },
    })
  const written = async () => {
    const [user] = await t.db.db.select().from(users).where(eq(users.mobile, MOBILE))
    const [o] = await t.db.db.select({ n: count() }).from(orders).where(eq(orders.userId, user!.id))
    const [k] = await t.db.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user!.id))
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, user!.id))
    return { orders: o!.n, keys: k!.n, utilised: line!.utilisedMinor }
  }
  /** The order is refused as the ordinary guard refuses the same token, and nothing is written. */
  const refusedLikeEverywhere = async (token: string, code: string) => {
    const before = await written()
    const guard = await me(token)
    const placed = await order(token)
    expect(guard.json().code).toBe(code)
    expect({ status: placed.statusCode, code: placed.json().code }).toEqual({
      status: guard.statusCode,
      code,
    })
    expect(await written()).toEqual(before)
  }

  it('places with a live session (the control)', async () => {
    const { access_token } = await loginTokens(t.app, MOBILE)
    expect((await order(access_token)).statusCode).toBe(201)
  })

  it('refuses a session ended by logging out', async () => {
    const { access_token } = await loginTokens(t.app, MOBILE)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(access_token),
    })
    expect(out.statusCode).toBeLessThan(300)
    await refusedLikeEverywhere(access_token, 'SESSION_REVOKED')
  })

  it('refuses a suspended customer', async () => {
    const { access_token } = await loginTokens(t.app, MOBILE)
    await t.db.db.update(users).set({ status: 'suspended' }).where(eq(users.mobile, MOBILE))
    try {
      await refusedLikeEverywhere(access_token, 'ACCOUNT_SUSPENDED')
    } finally {
      await t.db.db.update(users).set({ status: 'active' }).where(eq(users.mobile, MOBILE))
    }
  })

  it('refuses a token older than the customer’s cut-off (all sessions ended)', async () => {
    const { access_token } = await loginTokens(t.app, MOBILE)
    await t.db.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 5_000) })
      .where(eq(users.mobile, MOBILE))
    try {
      await refusedLikeEverywhere(access_token, 'SESSION_REVOKED')
    } finally {
      await t.db.db.update(users).set({ tokensValidAfter: null }).where(eq(users.mobile, MOBILE))
    }
  })

  it('refuses a validly signed token that names another customer’s session', async () => {
    const mine = await loginTokens(t.app, MOBILE)
    const theirs = await loginTokens(t.app, '+60120000002')
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    const { iat: _iat, exp: _exp, ...rest } = claims(mine.access_token)
    const forged = await new SignJWT({ ...rest, sid: claims(theirs.access_token).sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.config.jwtSecret))
    await refusedLikeEverywhere(forged, 'TOKEN_INVALID')
  })
})
