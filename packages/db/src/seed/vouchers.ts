import { eq, sql } from 'drizzle-orm'
import { MARKET_TIME_ZONE, type Market } from '@padi/domain/markets'
import type { Db } from '../client.ts'
import { users } from '../schema/users.ts'
import { counterTransactions, vouchers } from '../schema/vouchers.ts'

/**
 * docs/product/demo-mode.md: the demo customers' vouchers of the version 3.0 programme: a few
 * active (to redeem at the counter), one expired, and one already redeemed at the demo staff's
 * branch (so the Redeemed list is not empty). Once: only when there are no vouchers.
 */
export async function seedDemoVouchers(db: Db): Promise<number> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(vouchers)
  if ((count?.n ?? 0) > 0) return 0
  const idOf = async (mobile: string) =>
    (await db.select().from(users).where(eq(users.mobile, mobile)))[0]
  const ahmad = await idOf('+60120000001')
  const somchai = await idOf('+66800000001')
  const staff = await idOf('+60120000003')
  if (!ahmad || !somchai || !staff?.staffBranchId) return 0
  const days = (n: number) => sql`now() + make_interval(days => ${n})`
  // docs/product/vouchers.md (validity): the expiry day, counted in the voucher's market.
  const day = (market: Market, n: number) =>
    sql`(now() at time zone ${MARKET_TIME_ZONE[market]})::date + ${n}::int`
  const my = { userId: ahmad.id, market: 'MY' as const, currency: 'MYR' as const }
  const th = { userId: somchai.id, market: 'TH' as const, currency: 'THB' as const }
  const rows = [
    { ...my, serial: 'V3-MY-100001', valueMinor: 2_000, expiresOn: day('MY', 90) },
    { ...my, serial: 'V3-MY-100002', valueMinor: 5_000, expiresOn: day('MY', 180) },
    { ...my, serial: 'V3-MY-100003', valueMinor: 1_000, expiresOn: day('MY', 30) },
    { ...my, serial: 'V3-MY-100004', valueMinor: 2_000, expiresOn: day('MY', -10) },
    { ...th, serial: 'V3-TH-200001', valueMinor: 50_000, expiresOn: day('TH', 120) },
    { ...th, serial: 'V3-TH-200002', valueMinor: 20_000, expiresOn: day('TH', 60) },
    { ...th, serial: 'V3-TH-200003', valueMinor: 30_000, expiresOn: day('TH', -5) },
  ]
  await db.insert(vouchers).values(rows)
  // One redeemed 20 days ago at the staff's branch, against an in-person purchase of RM45.
  const [tx] = await db
    .insert(counterTransactions)
    .values({
      userId: ahmad.id,
      type: 'in_person',
      branchId: staff.staffBranchId,
      operatorId: staff.id,
      currency: 'MYR',
      totalMinor: 4_500,
      vouchersMinor: 3_000,
      cashMinor: 1_500,
      createdAt: days(-20),
    })
    .returning({ id: counterTransactions.id })
  await db.insert(vouchers).values({
    ...my,
    serial: 'V3-MY-100005',
    valueMinor: 3_000,
    expiresOn: day('MY', 60),
    state: 'redeemed',
    redeemedAt: days(-20),
    redeemedBranchId: staff.staffBranchId,
    redeemedBy: staff.id,
    transactionId: tx!.id,
  })
  return rows.length + 1
}
