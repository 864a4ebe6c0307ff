import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { login } from '../../../test/auth-helpers.ts'

/**
 * docs/security.md row 1. Each attempt is counted before its password is checked, so guesses
 * sent at once cannot all get in before the lock. On PostgreSQL (CI) the 100 requests really run
 * in parallel over the pool's connections.
 */
describe('login lockout under parallel guessing (row 1)', () => {
  let t: TestApp
  const clock = createTestClock(new Date('2026-11-23T02:00:00Z'))
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '100000' }, { clock })
  })
  afterAll(() => t.close())

  it('100 parallel wrong logins lock the account after 10; the right password is refused then', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(t.app, '+60120000002', `wrong-${i}-pass`)),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(90)
    for (const a of answers.filter((x) => x.statusCode === 429))
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0)

    const right = await login(t.app, '+60120000002')
    expect(right.statusCode).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(25 * 60)

    clock.advance(30 * 60 * 1000 + 1000)
    expect((await login(t.app, '+60120000002')).statusCode).toBe(200)
  })

  it('an unknown number locks the same way (no enumeration by lockout, row 4)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(t.app, '+60129998877', 'whatever1')),
    )
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(10)
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20)
  })

  it('a success resets the run of failures', async () => {
    for (let i = 0; i < 9; i++)
      expect((await login(t.app, '+66800000001', 'wrong-pass-1')).statusCode).toBe(401)
    expect((await login(t.app, '+66800000001')).statusCode).toBe(200)
    for (let i = 0; i < 9; i++)
      expect((await login(t.app, '+66800000001', 'wrong-pass-1')).statusCode).toBe(401)
    expect((await login(t.app, '+66800000001')).statusCode).toBe(200)
  })
})
