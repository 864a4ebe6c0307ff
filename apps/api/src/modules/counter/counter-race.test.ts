import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gt, ne, sql } from 'drizzle-orm'
import { branches } from '@padi/db/schema/branches'
import { branchStock, productVariations } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import { counterTransactions, vouchers } from '@padi/db/schema/vouchers'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { systemClock } from '../../clock.ts'
import { createCounterCodes } from './counter-codes.ts'

// Races need connections that really run at once: PostgreSQL, not the embedded database.
describe.skipIf(!process.env.DATABASE_URL)(
  'redeeming a voucher at two counters at once (PostgreSQL)',
  () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    })
    afterAll(() => t.close())

    it('50 redemptions of one voucher from two branches: exactly one succeeds', async () => {
      const [staff] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000003'))
      // A second operator at another Malaysian branch, with the demo password.
      const [other] = await t.db.db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.market, 'MY'), ne(branches.id, staff!.staffBranchId!)))
        .limit(1)
      await t.db.db.insert(users).values({
        ...staff!,
        id: undefined,
        mobile: '+60120000099',
        email: null,
        fullName: 'Second Counter',
        staffBranchId: other!.id,
        preferredBranchId: other!.id,
      } as unknown as typeof users.$inferInsert)
      const tokens = [
        (await loginTokens(t.app, '+60120000003')).access_token,
        (await loginTokens(t.app, '+60120000099')).access_token,
      ]
      // A pack sold in Malaysia, with plenty of stock at both branches.
      const [pack] = await t.db.db
        .select({ id: productVariations.id })
        .from(productVariations)
        .where(gt(productVariations.priceMyMinor, 2_000))
        .limit(1)
      for (const branchId of [staff!.staffBranchId!, other!.id])
        await t.db.db
          .insert(branchStock)
          .values({ branchId, variationId: pack!.id, quantity: 500 })
          .onConflictDoUpdate({
            target: [branchStock.branchId, branchStock.variationId],
            set: { quantity: 500 },
          })
      const [voucher] = await t.db.db
        .select()
        .from(vouchers)
        .where(eq(vouchers.serial, 'V3-MY-100003'))
      const [ahmad] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000001'))
      // Each try with a code of its own, as fifty phones would show.
      const codes = createCounterCodes({ db: t.db.db, secret: t.config.jwtSecret })
      const shown = await Promise.all(
        Array.from({ length: 50 }, () => codes.issue(ahmad!.id, systemClock.now())),
      )
      const results = await Promise.all(
        shown.map((c, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/staff/counter/purchases',
            headers: { ...bearer(tokens[i % 2]!), 'idempotency-key': randomUUID() },
            payload: {
              token: c.token,
              lines: [{ variation_id: pack!.id, count: 1 }],
              voucher_ids: [voucher!.id],
            },
          }),
        ),
      )
      const codesSeen = results.map((r) => (r.statusCode === 201 ? 'ok' : r.json().code))
      expect(codesSeen.filter((c) => c === 'ok')).toHaveLength(1)
      expect(new Set(codesSeen.filter((c) => c !== 'ok'))).toEqual(new Set(['VOUCHER_UNAVAILABLE']))
      const [after] = await t.db.db.select().from(vouchers).where(eq(vouchers.id, voucher!.id))
      expect(after!.state).toBe('redeemed')
      // Only the one purchase was kept: the others were undone whole (no stock, no transaction).
      const [n] = await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(counterTransactions)
        .where(eq(counterTransactions.userId, ahmad!.id))
      expect(n!.n).toBe(2) // the demo redemption and this one
    })
  },
)
