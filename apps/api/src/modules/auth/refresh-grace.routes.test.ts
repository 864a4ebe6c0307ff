import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { refreshTokens } from '@padi/db/schema/auth'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

/** docs/security.md rows 14-16: two tabs refreshing at once never fork a session. */
describe('refresh inside the grace window (row 16)', () => {
  let t: TestApp
  const clock = createTestClock(new Date('2026-11-23T02:00:00Z'))
  beforeAll(async () => {
    t = await createTestApp(
      {
        LOGIN_RATE_LIMIT_MAX: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
        REFRESH_REUSE_GRACE_SECONDS: '10',
      },
      { clock },
    )
  })
  afterAll(() => t.close())
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) })
  const liveTokens = async (sessionOf: string) => {
    const [row] = await t.db.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sessionOf))
    return t.db.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, row!.sessionId), isNull(refreshTokens.rotatedAt)))
  }

  it('parallel and repeated refreshes of one token get the same successor: one live token', async () => {
    const first = await loginTokens(t.app, '+60120000001')
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    const successors = new Set(answers.map((a) => a.json().refresh_token as string))
    expect(successors.size).toBe(1)
    const [successor] = [...successors]
    expect(successor).not.toBe(first.refresh_token)
    clock.advance(5_000)
    expect((await refresh(first.refresh_token)).json().refresh_token).toBe(successor)

    const { sha256 } = await import('../../secrets.ts')
    expect(await liveTokens(sha256(first.refresh_token))).toHaveLength(1)

    // The chain goes on from the one successor; the session is whole.
    const next = await refresh(successor!)
    expect(next.statusCode).toBe(200)
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(next.json().access_token) })
    expect(me.statusCode).toBe(200)
    expect(await liveTokens(sha256(first.refresh_token))).toHaveLength(1)
  })

  it('a reuse after the window still revokes the family', async () => {
    const first = await loginTokens(t.app, '+60120000001')
    const second = (await refresh(first.refresh_token)).json()
    clock.advance(11_000)
    const reuse = await refresh(first.refresh_token)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json().code).toBe('REFRESH_REUSED')
    expect((await refresh(second.refresh_token)).statusCode).toBe(401)
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(second.access_token) })
    expect(me.statusCode).toBe(401)
  })
})
