import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq, gt, sql } from 'drizzle-orm'
import { branchStock, productVariations } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import { counterCodes, counterTransactions, vouchers } from '@padi/db/schema/vouchers'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

/**
 * docs/product/vouchers.md (a suspended customer), threat row 60: once finance suspends a
 * customer, the codes already on their phone serve nothing at the counter: not the look-up, not a
 * sale, not a hand-over, and the clerk is told the account is suspended.
 */
async function counterFixture(t: TestApp) {
  const token = async (mobile: string) => (await loginTokens(t.app, mobile)).access_token
  const [customer] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000001'))
  const [staff] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000003'))
  const [pack] = await t.db.db
    .select({ id: productVariations.id })
    .from(branchStock)
    .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
    .where(
      and(
        eq(branchStock.branchId, staff!.staffBranchId!),
        gt(branchStock.quantity, 20),
        sql`${productVariations.priceMyMinor} > 8000`,
      ),
    )
    .limit(1)
  const [voucher] = await t.db.db.select().from(vouchers).where(eq(vouchers.serial, 'V3-MY-100003'))
  return {
    customerId: customer!.id,
    branchId: staff!.staffBranchId!,
    packId: pack!.id,
    voucherId: voucher!.id,
    tokens: {
      customer: await token('+60120000001'),
      staff: await token('+60120000003'),
      finance: await token('+60120000004'),
    },
  }
}

const call = (t: TestApp, token: string, url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  })

async function sales(t: TestApp, customerId: number) {
  const [n] = await t.db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(counterTransactions)
    .where(eq(counterTransactions.userId, customerId))
  return n!.n
}

describe('a suspended customer at the counter (docs/product/vouchers.md)', () => {
  let t: TestApp
  let f: Awaited<ReturnType<typeof counterFixture>>
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    f = await counterFixture(t)
  })
  afterAll(() => t.close())

  it('refuses a code fetched before the suspension: look-up, sale and hand-over, nothing redeemed (row 60)', async () => {
    const code = (await call(t, f.tokens.customer, '/me/counter-code')).json()
    expect(code.digits).toMatch(/^\d{8}$/)
    const salesBefore = await sales(t, f.customerId)
    // Finance suspends the customer through the real API.
    const suspended = await call(t, f.tokens.finance, `/admin/users/${f.customerId}/suspend`, {})
    expect(suspended.json().status).toBe('suspended')

    for (const input of [{ token: code.token }, { digits: code.digits }]) {
      const seen = await call(t, f.tokens.staff, '/staff/counter/lookup', input)
      expect({ status: seen.statusCode, code: seen.json().code }).toEqual({
        status: 409,
        code: 'COUNTER_CUSTOMER_SUSPENDED',
      })
      expect(seen.json().message).toMatch(/suspended/)
      // The customer's name and vouchers are not shown.
      expect(seen.body).not.toContain('Ahmad')
    }
    const sale = await call(
      t,
      f.tokens.staff,
      '/staff/counter/purchases',
      {
        token: code.token,
        lines: [{ variation_id: f.packId, count: 1 }],
        voucher_ids: [f.voucherId],
      },
      { 'idempotency-key': randomUUID() },
    )
    expect({ status: sale.statusCode, code: sale.json().code }).toEqual({
      status: 409,
      code: 'COUNTER_CUSTOMER_SUSPENDED',
    })
    const handOver = await call(t, f.tokens.staff, '/staff/counter/orders/1/hand-over', {
      digits: code.digits,
    })
    expect(handOver.json().code).toBe('COUNTER_CUSTOMER_SUSPENDED')

    // Nothing happened: the voucher is still active and unredeemed, no sale, the code unused.
    const [voucher] = await t.db.db.select().from(vouchers).where(eq(vouchers.id, f.voucherId))
    expect(voucher).toMatchObject({ state: 'active', redeemedAt: null, transactionId: null })
    expect(await sales(t, f.customerId)).toBe(salesBefore)
    const [row] = await t.db.db
      .select({ usedAt: counterCodes.usedAt })
      .from(counterCodes)
      .where(eq(counterCodes.digits, code.digits))
    expect(row!.usedAt).toBeNull()
    // The clerk's own session is untouched: this refusal is not about their account.
    expect((await call(t, f.tokens.staff, '/staff/counter/stock')).statusCode).toBe(200)

    // Reactivated, the customer is served again with a new code.
    await call(t, f.tokens.finance, `/admin/users/${f.customerId}/reactivate`, {})
    const again = (await loginTokens(t.app, '+60120000001')).access_token
    const fresh = (await call(t, again, '/me/counter-code')).json()
    expect(
      (await call(t, f.tokens.staff, '/staff/counter/lookup', { token: fresh.token })).statusCode,
    ).toBe(200)
  })
})

// Two transactions really at once need PostgreSQL, not the embedded database's one connection.
describe.skipIf(!process.env.DATABASE_URL)(
  'a suspension racing a sale at the counter (PostgreSQL)',
  () => {
    let t: TestApp
    let f: Awaited<ReturnType<typeof counterFixture>>
    beforeAll(async () => {
      t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
      f = await counterFixture(t)
    })
    afterAll(() => t.close())

    /** Sessions of this test's database that wait for a lock another holds. */
    const waiting = async () => {
      const { rows } = (await t.db.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] }
      return rows[0]!.n
    }
    const until = async (what: () => Promise<boolean>) => {
      for (let i = 0; i < 500; i++) {
        if (await what()) return
        await new Promise((r) => setTimeout(r, 10))
      }
      throw new Error('timed out')
    }
    /** Holds a lock in a transaction of its own until `release` is called. */
    const hold = async (lock: ReturnType<typeof sql>) => {
      let release!: () => void
      const released = new Promise<void>((r) => (release = r))
      let locked!: () => void
      const taken = new Promise<void>((r) => (locked = r))
      const done = t.db.db.transaction(async (tx) => {
        await tx.execute(lock)
        locked()
        await released
      })
      await taken
      return async () => {
        release()
        await done
      }
    }
    const reactivate = () =>
      call(t, f.tokens.finance, `/admin/users/${f.customerId}/reactivate`, {})
    // Each starts with the customer active, whatever the one before left behind.
    beforeEach(async () => {
      await reactivate()
    })
    const voucherId = async (serial: string) =>
      (await t.db.db.select().from(vouchers).where(eq(vouchers.serial, serial)))[0]!.id
    /** A sale of one pack paying with a voucher (each test its own, so none depends on another). */
    const sell = (code: { token: string }, voucher = f.voucherId) =>
      call(
        t,
        f.tokens.staff,
        '/staff/counter/purchases',
        {
          token: code.token,
          lines: [{ variation_id: f.packId, count: 1 }],
          voucher_ids: [voucher],
        },
        { 'idempotency-key': randomUUID() },
      )
    const freshCode = async () => {
      const token = (await loginTokens(t.app, '+60120000001')).access_token
      return (await call(t, token, '/me/counter-code')).json() as { token: string; digits: string }
    }

    it('a suspension committed while the sale waited is not raced past (row 60)', async () => {
      const code = await freshCode()
      const salesBefore = await sales(t, f.customerId)
      // The sale starts and waits on its code's row (as behind another counter's transaction).
      const release = await hold(
        sql`select id from counter_codes where digits = ${code.digits} for update`,
      )
      const sale = sell(code)
      await until(async () => (await waiting()) >= 1)
      // Meanwhile finance suspends the customer: committed before the sale goes on.
      const suspended = await call(t, f.tokens.finance, `/admin/users/${f.customerId}/suspend`, {})
      expect(suspended.json().status).toBe('suspended')
      await release()
      const res = await sale
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 409,
        code: 'COUNTER_CUSTOMER_SUSPENDED',
      })
      const [voucher] = await t.db.db.select().from(vouchers).where(eq(vouchers.id, f.voucherId))
      expect(voucher!.state).toBe('active')
      expect(await sales(t, f.customerId)).toBe(salesBefore)
    })

    it('a sale under way when finance suspends ends first, and the suspension after it (row 60)', async () => {
      const [code, spare] = [await freshCode(), await freshCode()]
      // The sale has read the customer and waits on the branch's stock row.
      const release = await hold(
        sql`select quantity from branch_stock
            where branch_id = ${f.branchId} and variation_id = ${f.packId} for update`,
      )
      const order: string[] = []
      const sale = sell(code, await voucherId('V3-MY-100001')).then((r) => (order.push('sale'), r))
      await until(async () => (await waiting()) >= 1)
      const suspension = call(t, f.tokens.finance, `/admin/users/${f.customerId}/suspend`, {}).then(
        (r) => (order.push('suspension'), r),
      )
      // The suspension either waits for the sale (its row is read under FOR SHARE), or it has
      // gone through; then the sale, still to come, must be refused.
      await until(async () => order.includes('suspension') || (await waiting()) >= 2)
      await release()
      const [sold, suspended] = await Promise.all([sale, suspension])
      expect(suspended.json().status).toBe('suspended')
      if (sold.statusCode === 201) {
        // Sold: then it was recorded before the suspension committed, never after.
        expect(order).toEqual(['sale', 'suspension'])
      } else {
        expect(sold.json().code).toBe('COUNTER_CUSTOMER_SUSPENDED')
      }
      // Once suspended, the other code the phone had sells nothing.
      const later = await sell(spare, await voucherId('V3-MY-100002'))
      expect(later.json().code).toBe('COUNTER_CUSTOMER_SUSPENDED')
    })
  },
)
