import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { branches } from '@padi/db/schema/branches'
import { branchStock, productVariations } from '@padi/db/schema/catalogue'
import { creditLines } from '@padi/db/schema/credit'
import { orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { createCreditRepository } from '../credit/credit.repository.ts'

// Races need connections that really run at once: PostgreSQL, not the embedded database. Each
// race runs with the order transaction at READ COMMITTED (as shipped) and at SERIALIZABLE, where
// PostgreSQL's serialization failures must be retried, never answered as errors (row 35).
describe.skipIf(!process.env.DATABASE_URL).each(['read committed', 'serializable'])(
  'placing orders under concurrency (PostgreSQL, %s)',
  (isolation) => {
    let t: TestApp
    let token: string
    let userId: number
    let branchId: number
    let pack: { id: number; price: number }

    beforeAll(async () => {
      t = await createTestApp({
        AUTH_RATE_LIMIT_MAX: '10000',
        RATE_LIMIT_MAX: '100000',
        ORDER_ISOLATION: isolation,
      })
      token = (await loginTokens(t.app, '+60120000001')).access_token
      const [user] = await t.db.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, '+60120000001'))
      userId = user!.id
      const [branch] = await t.db.db
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.market, 'MY'))
        .limit(1)
      branchId = branch!.id
      const [v] = await t.db.db
        .select({ id: productVariations.id, price: productVariations.priceMyMinor })
        .from(productVariations)
        .where(sql`${productVariations.priceMyMinor} is not null`)
        .limit(1)
      pack = { id: v!.id, price: v!.price! }
    })
    afterAll(async () => t.close())

    const setStock = (quantity: number) =>
      t.db.db
        .insert(branchStock)
        .values({ branchId, variationId: pack.id, quantity })
        .onConflictDoUpdate({
          target: [branchStock.branchId, branchStock.variationId],
          set: { quantity },
        })
    const stock = async () =>
      (
        await t.db.db
          .select({ q: branchStock.quantity })
          .from(branchStock)
          .where(and(eq(branchStock.branchId, branchId), eq(branchStock.variationId, pack.id)))
      )[0]!.q
    const place = (key: string, payment: 'credits' | 'cash') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: {
          fulfilment: 'pickup',
          payment,
          branch_id: branchId,
          lines: [{ variation_id: pack.id, count: 1 }],
          ...(payment === 'credits' ? { pin: '390571' } : {}),
        },
      })
    const orderCount = async () =>
      (
        await t.db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.userId, userId))
      )[0]!.n

    it('100 credit orders at once against a line worth exactly 10 of them: 10 placed, available 0, ledger equal', async () => {
      await setStock(1_000)
      const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, userId))
      await t.db.db
        .update(creditLines)
        .set({ approvedMinor: line!.utilisedMinor + 10 * pack.price })
        .where(eq(creditLines.id, line!.id))
      const before = await orderCount()
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => place(`race-credit-${i}-${Date.now()}`, 'credits')),
      )
      const placed = answers.filter((a) => a.statusCode === 201)
      const refused = answers.filter((a) => a.statusCode !== 201)
      console.log(
        JSON.stringify([...new Set(refused.map((r) => r.statusCode + ' ' + r.body.slice(0, 150)))]),
      )
      expect(placed).toHaveLength(10)
      for (const r of refused) expect(r.json().code).toBe('CREDIT_INSUFFICIENT')
      expect(await orderCount()).toBe(before + 10)
      // Refused orders put their stock back: only the ten placed took any.
      expect(await stock()).toBe(990)
      const [after] = await t.db.db.select().from(creditLines).where(eq(creditLines.id, line!.id))
      expect(after!.approvedMinor - after!.utilisedMinor).toBe(0)
      const sums = await createCreditRepository(t.db.db).ledgerSums(line!.id)
      expect(sums.principalMinor).toBe(after!.utilisedMinor)
    })

    it('50 requests at once with one Idempotency-Key make exactly one order and one charge', async () => {
      await setStock(1_000)
      const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, userId))
      await t.db.db
        .update(creditLines)
        .set({ approvedMinor: line!.utilisedMinor + 100 * pack.price })
        .where(eq(creditLines.id, line!.id))
      const before = await orderCount()
      const key = `race-same-key-${Date.now()}`
      const answers = await Promise.all(Array.from({ length: 50 }, () => place(key, 'credits')))
      const codes = answers.map((a) => a.statusCode)
      // One placed it (201); the rest were told it was being placed (409) or got it back (200).
      expect(codes.filter((c) => c === 201)).toHaveLength(1)
      expect(codes.every((c) => c === 201 || c === 200 || c === 409)).toBe(true)
      const ids = new Set(answers.filter((a) => a.statusCode !== 409).map((a) => a.json().id))
      expect(ids.size).toBe(1)
      expect(await orderCount()).toBe(before + 1)
      expect(await stock()).toBe(999)
      const [after] = await t.db.db.select().from(creditLines).where(eq(creditLines.id, line!.id))
      expect(after!.utilisedMinor - line!.utilisedMinor).toBe(pack.price)
      // Asked again once it is done: the first order, nothing charged again.
      const again = await place(key, 'credits')
      expect(again.statusCode).toBe(200)
      expect(again.json().id).toBe([...ids][0])
    })

    it('50 orders at once for the last 5 packs: 5 placed, stock 0, never below', async () => {
      await setStock(5)
      const before = await orderCount()
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => place(`race-stock-${i}-${Date.now()}`, 'cash')),
      )
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5)
      for (const a of answers.filter((x) => x.statusCode !== 201))
        expect(a.json().code).toBe('OUT_OF_STOCK')
      expect(await orderCount()).toBe(before + 5)
      expect(await stock()).toBe(0)
    })

    it('a database connection lost in the middle of a payment leaves nothing, and the retry with the key places it once', async () => {
      await setStock(100)
      const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, userId))
      await t.db.db
        .update(creditLines)
        .set({ approvedMinor: line!.utilisedMinor + 10 * pack.price })
        .where(eq(creditLines.id, line!.id))
      const before = { orders: await orderCount(), stock: await stock() }
      // Another session holds the credit line, so the order stops at its payment, mid-transaction.
      let release!: () => void
      let held!: () => void
      const holding = new Promise<void>((r) => (held = r))
      const blocker = t.db.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from credit_lines where id = ${line!.id} for update`)
        held()
        await new Promise<void>((r) => (release = r))
      })
      await holding
      const key = `outage-${Date.now()}`
      const first = place(key, 'credits')
      let pid: number | undefined
      for (let i = 0; i < 200 && !pid; i++) {
        const { rows } = (await t.db.db.execute(
          sql`select pid from pg_stat_activity where wait_event_type = 'Lock'
          and query like '%place_order%' and pid <> pg_backend_pid()`,
        )) as unknown as { rows: { pid: number }[] }
        pid = rows[0]?.pid
        if (!pid) await new Promise((r) => setTimeout(r, 20))
      }
      expect(pid).toBeDefined()
      await t.db.db.execute(sql`select pg_terminate_backend(${pid})`)
      const lost = await first
      expect(lost.statusCode).toBeGreaterThanOrEqual(500)
      release()
      await blocker
      // Nothing of it stayed: no order, no stock taken, no credit used.
      expect(await orderCount()).toBe(before.orders)
      expect(await stock()).toBe(before.stock)
      const [same] = await t.db.db.select().from(creditLines).where(eq(creditLines.id, line!.id))
      expect(same!.utilisedMinor).toBe(line!.utilisedMinor)
      // The app retries with the same key: placed once.
      const retry = await place(key, 'credits')
      expect(retry.statusCode).toBe(201)
      const again = await place(key, 'credits')
      expect(again.statusCode).toBe(200)
      expect(again.json().id).toBe(retry.json().id)
      expect(await orderCount()).toBe(before.orders + 1)
      expect(await stock()).toBe(before.stock - 1)
    })
  },
)
