import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '@padi/db/testing/test-database'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { users } from '@padi/db/schema/users'
import { DomainError } from '@padi/domain/errors'
import { IDEMPOTENCY_TTL_MS } from '@padi/domain/orders/order-rules'
import { idempotencyKeys } from '@padi/db/schema/orders'
import { onceForKey, requestHash } from './idempotency.ts'

// docs/reliability.md (Retries and the Idempotency-Key): the one rule, on a real database.
describe('the Idempotency-Key rule', () => {
  let db: TestDatabase
  let userId: number
  const at = new Date('2026-11-29T02:00:00Z')

  beforeAll(async () => {
    db = await createTestDatabase()
    await seedDemoData(db.db)
    const [ahmad] = await db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    userId = ahmad!.id
  })
  afterAll(async () => db.drop())

  const once = (key: string, body: object, when: Date, work: () => Promise<object>) =>
    db.db.transaction((tx) => onceForKey(tx, { userId, key, body, at: when }, work))
  const refusal = (run: Promise<unknown>) =>
    run.then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? error.code : error),
    )

  it('binds a key to the fields, not to the order they were sent in; a list keeps its order', () => {
    expect(requestHash({ a: 1, b: [2, 3] })).toBe(requestHash({ b: [2, 3], a: 1 }))
    expect(requestHash({ a: 1, b: [2, 3] })).not.toBe(requestHash({ a: 1, b: [3, 2] }))
    expect(requestHash([{ id: 1 }, { id: 2 }])).not.toBe(requestHash([{ id: 2 }, { id: 1 }]))
  })

  it('answers the first answer to a retry, and refuses the key for another request', async () => {
    let runs = 0
    const work = async () => ({ id: ++runs })
    expect(await once('key-replay-1', { a: 1, b: 2 }, at, work)).toEqual({ id: 1 })
    expect(await once('key-replay-1', { b: 2, a: 1 }, at, work)).toEqual({ id: 1 })
    expect(await refusal(once('key-replay-1', { a: 1, b: 3 }, at, work))).toBe(
      'IDEMPOTENCY_MISMATCH',
    )
    expect(runs).toBe(1)
  })

  it('frees a key whose request was refused', async () => {
    const refused = once('key-refused-1', { a: 1 }, at, async () => {
      throw new DomainError('CONFLICT', 'no')
    })
    expect(await refusal(refused)).toBe('CONFLICT')
    expect(await once('key-refused-1', { a: 2 }, at, async () => ({ ok: true }))).toEqual({
      ok: true,
    })
  })

  it('frees every key after 24 hours', async () => {
    await once('key-day-1', { a: 1 }, at, async () => ({ first: true }))
    const justBefore = new Date(at.getTime() + IDEMPOTENCY_TTL_MS - 1)
    expect(await refusal(once('key-day-1', { a: 2 }, justBefore, async () => ({})))).toBe(
      'IDEMPOTENCY_MISMATCH',
    )
    const dayAfter = new Date(at.getTime() + IDEMPOTENCY_TTL_MS + 1)
    expect(await once('key-day-1', { a: 2 }, dayAfter, async () => ({ second: true }))).toEqual({
      second: true,
    })
  })

  it('still knows a request whose key was taken before fields were put in name order', async () => {
    const body = { b: 1, a: 2 }
    await db.db.insert(idempotencyKeys).values({
      userId,
      key: 'key-legacy-1',
      requestHash: createHash('sha256').update(JSON.stringify(body)).digest('base64url'),
      status: 'done',
      responseStatus: 201,
      responseBody: { id: 7 },
      createdAt: at,
    })
    expect(await once('key-legacy-1', body, at, async () => ({ id: 8 }))).toEqual({ id: 7 })
  })
})
