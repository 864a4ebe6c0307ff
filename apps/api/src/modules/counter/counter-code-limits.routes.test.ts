import { randomInt, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { and, eq, ne } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { users } from '@padi/db/schema/users'
import { counterCodes } from '@padi/db/schema/vouchers'
import { buildApp } from '../../app.ts'
import { loadApiConfig } from '../../config.ts'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { staffToken } from '../../../test/staff-fixtures.ts'

// Redis runs at 127.0.0.1:6379 on the machines here and in CI.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const MINUTE = 60_000

/** The start of a clock minute, plus a second: each test's windows are whole and predictable. */
const minuteStart = () => new Date(Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE + 1_000)

/** 8 random digits that no live code has (a guess, as an attacker would send). */
async function guess(t: TestApp): Promise<string> {
  for (;;) {
    const digits = String(randomInt(0, 100_000_000)).padStart(8, '0')
    const [taken] = await t.db.db
      .select({ id: counterCodes.id })
      .from(counterCodes)
      .where(eq(counterCodes.digits, digits))
    if (!taken) return digits
  }
}

/**
 * Two API instances on one database and one Redis, on the same clock (as `secondInstance` makes
 * them), each connected to Redis before the test starts.
 */
async function twoInstancesOnRedis(
  clock: ReturnType<typeof createTestClock>,
): Promise<[TestApp, FastifyInstance]> {
  const a = await createTestApp(
    {
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      REDIS_URL,
      // A key space of this run's own, so runs and files never count each other's misses.
      REDIS_KEY_PREFIX: `test-${randomUUID().slice(0, 8)}:`,
    },
    { clock },
  )
  const b = await buildApp({ config: a.config, db: a.db, clock })
  await b.ready()
  for (const redis of [a.app.redis, b.redis])
    if (redis && redis.status !== 'ready') await once(redis, 'ready')
  expect([a.app.redis?.status, b.redis?.status]).toEqual(['ready', 'ready'])
  return [a, b]
}

const lookup = (app: FastifyInstance, token: string, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/staff/counter/lookup',
    headers: bearer(token),
    payload: body,
  })

/**
 * docs/product/vouchers.md (guessing codes), ADR 061, threat row 61: unknown or expired codes are
 * limited per staff member and per branch (10 a minute each by default), counted across API
 * instances through Redis; past either, 429 with Retry-After, each refusal audited.
 */
describe('guessing counter codes (docs/product/vouchers.md)', () => {
  const clock = createTestClock(minuteStart())
  let t: TestApp
  let staff: string
  let colleague: string
  let elsewhere: string
  let customer: string
  let staffId: number
  let branchId: number
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' }, { clock })
    const [seeded] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000003'))
    staffId = seeded!.id
    branchId = seeded!.staffBranchId!
    const [other] = await t.db.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.market, 'MY'), ne(branches.id, branchId)))
      .limit(1)
    staff = (await loginTokens(t.app, '+60120000003')).access_token
    colleague = await staffToken(t, '+60120000091', branchId)
    elsewhere = await staffToken(t, '+60120000092', other!.id)
    customer = (await loginTokens(t.app, '+60120000001')).access_token
  })
  afterAll(() => t.close())

  const code = async () =>
    (await t.app.inject({ url: '/api/v1/me/counter-code', headers: bearer(customer) })).json() as {
      token: string
      digits: string
    }

  it('30 random codes from one staff token: 429 with Retry-After after the 10th; the branch is stopped too; audited (row 61)', async () => {
    const answers: { status: number; code: string; retryAfter?: string }[] = []
    for (let i = 0; i < 30; i++) {
      const res = await lookup(t.app, staff, { digits: await guess(t) })
      answers.push({
        status: res.statusCode,
        code: res.json().code,
        retryAfter: res.headers['retry-after'] as string | undefined,
      })
    }
    const firstRefusal = answers.findIndex((a) => a.status === 429)
    expect(firstRefusal).toBe(10)
    expect(answers.slice(0, 10).every((a) => a.code === 'QR_NOT_FOUND')).toBe(true)
    for (const refused of answers.slice(10)) {
      expect(refused.code).toBe('QR_LOOKUP_LIMITED')
      // The window is a minute and began a second ago.
      expect(Number(refused.retryAfter)).toBe(59)
    }
    // Even a real code is refused while the limit holds: the counter waits, then serves.
    const real = await lookup(t.app, staff, { token: (await code()).token })
    expect({ status: real.statusCode, code: real.json().code }).toMatchObject({
      status: 429,
      code: 'QR_LOOKUP_LIMITED',
    })
    expect(real.json().retryAfterSeconds).toBe(59)

    // A colleague at the same branch is stopped by the branch's count; another branch is not.
    const mate = await lookup(t.app, colleague, { digits: await guess(t) })
    expect({ status: mate.statusCode, code: mate.json().code, limit: mate.json().limit }).toEqual({
      status: 429,
      code: 'QR_LOOKUP_LIMITED',
      limit: 'branch',
    })
    expect((await lookup(t.app, elsewhere, { digits: await guess(t) })).json().code).toBe(
      'QR_NOT_FOUND',
    )
    // A sale or hand-over with a guessed code is refused the same way.
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/counter/purchases',
      headers: { ...bearer(staff), 'idempotency-key': randomUUID() },
      payload: { digits: await guess(t), lines: [{ variation_id: 1, count: 1 }], voucher_ids: [] },
    })
    expect(sale.json().code).toBe('QR_LOOKUP_LIMITED')

    // Every refusal is in the audit log, with who, where and which limit.
    const log = await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'counter.code_misses_limited'))
    expect(log).toHaveLength(20 + 1 + 1 + 1)
    expect(log[0]).toMatchObject({
      actorUserId: staffId,
      subjectType: 'branch',
      subjectId: branchId,
      after: { limit: 'staff', operation: 'lookup', max: 10, retry_after_seconds: 59 },
    })
    expect(log.some((row) => (row.after as { limit: string }).limit === 'branch')).toBe(true)

    // The window passes (the API's clock, not a sleep): the counter serves again.
    clock.advance(MINUTE)
    expect((await lookup(t.app, staff, { token: (await code()).token })).statusCode).toBe(200)
    expect((await lookup(t.app, colleague, { digits: await guess(t) })).json().code).toBe(
      'QR_NOT_FOUND',
    )
  })

  it('counts only codes not found or expired: found ones never use the allowance (row 61)', async () => {
    clock.set(new Date(Math.floor(clock.now().getTime() / MINUTE) * MINUTE + 2 * MINUTE + 1_000))
    const shown = await code()
    // Expired: the customer showed an old code. It counts, like an unknown one.
    clock.advance(91_000)
    expect((await lookup(t.app, staff, { token: shown.token })).json().code).toBe('QR_EXPIRED')
    for (let i = 0; i < 8; i++)
      expect((await lookup(t.app, staff, { digits: await guess(t) })).statusCode).toBe(404)
    // Nine misses; customers served in between do not count, however many.
    for (let i = 0; i < 5; i++)
      expect((await lookup(t.app, staff, { token: (await code()).token })).statusCode).toBe(200)
    expect((await lookup(t.app, staff, { digits: await guess(t) })).statusCode).toBe(404)
    expect((await lookup(t.app, staff, { digits: await guess(t) })).statusCode).toBe(429)
  })
})

describe('guessing counter codes on two API instances sharing Redis', () => {
  const clock = createTestClock(minuteStart())
  let a: TestApp
  let b: FastifyInstance
  beforeAll(async () => {
    ;[a, b] = await twoInstancesOnRedis(clock)
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  it('one staff member alternating between instances gets the allowance once (row 61)', async () => {
    const staff = (await loginTokens(a.app, '+60120000003')).access_token
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const res = await lookup(i % 2 === 0 ? a.app : b, staff, { digits: await guess(a) })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429, 429, 429, 429])
    // Each instance refuses on its own too, with the same wait.
    const fromB = await lookup(b, staff, { digits: await guess(a) })
    expect(fromB.headers['retry-after']).toBe('59')
    clock.advance(MINUTE)
    expect((await lookup(b, staff, { digits: await guess(a) })).statusCode).toBe(404)
  })
})

describe('guessing counter codes all at once', () => {
  const clock = createTestClock(minuteStart())
  let a: TestApp
  let b: FastifyInstance
  beforeAll(async () => {
    ;[a, b] = await twoInstancesOnRedis(clock)
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  it('60 guesses sent together to two instances: at most 10 are looked up (row 61)', async () => {
    const staff = (await loginTokens(a.app, '+60120000003')).access_token
    const digits = await Promise.all(Array.from({ length: 60 }, () => guess(a)))
    const answers = await Promise.all(
      digits.map((d, i) => lookup(i % 2 === 0 ? a.app : b, staff, { digits: d })),
    )
    const looked = answers.filter((r) => r.statusCode === 404).length
    expect(looked).toBeLessThanOrEqual(10)
    expect(looked).toBeGreaterThan(0)
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(60 - looked)
  })
})

describe('guessing counter codes with Redis away', () => {
  let t: TestApp
  beforeAll(async () => {
    // Nothing listens on port 1: each instance counts in its own memory rather than let all pass.
    t = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MAX: '100000' },
      { clock: createTestClock(minuteStart()) },
    )
  })
  afterAll(() => t.close())

  it('still limits the misses this instance sees (row 61)', async () => {
    const staff = (await loginTokens(t.app, '+60120000003')).access_token
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await lookup(t.app, staff, { digits: await guess(t) })).statusCode)
    expect(statuses).toEqual([...Array(10).fill(404), 429, 429])
  })
})

describe('the counter limits’ settings', () => {
  it('are validated at start, with their defaults', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), OTP_SECRET: 'y'.repeat(32) }
    const key = { FILE_ENCRYPTION_KEY: 'A'.repeat(43) }
    const config = loadApiConfig({ ...base, ...key })
    expect([
      config.COUNTER_CODE_MISSES_PER_STAFF,
      config.COUNTER_CODE_MISSES_PER_BRANCH,
      config.COUNTER_CODE_MISS_WINDOW_MS,
    ]).toEqual([10, 10, 60_000])
    for (const bad of [
      { COUNTER_CODE_MISSES_PER_STAFF: '0' },
      { COUNTER_CODE_MISSES_PER_BRANCH: 'ten' },
      { COUNTER_CODE_MISS_WINDOW_MS: '10' },
    ])
      expect(() => loadApiConfig({ ...base, ...key, ...bad })).toThrow(/COUNTER_CODE_MISS/)
  })
})
