import { sql } from 'drizzle-orm'
import { majorToMinor } from '@padi/domain/money'
import { MARKET_CURRENCY } from '@padi/domain/markets'
import type { Db } from '../client.ts'
import { branches } from '../schema/branches.ts'
import { DEMO_BRANCHES } from './branches.ts'
import { branchText } from './product-texts.ts'
import { users } from '../schema/users.ts'
import { DEMO_PASSWORD_HASH, DEMO_PIN_HASH, DEMO_USERS } from './users.ts'
import { creditLines, paymentPins } from '../schema/credit.ts'
import { fillProductControls, insertProducts, productCount } from './catalogue.ts'
import { AGROCHEM_PRODUCTS } from './products-agrochems.ts'
import { DRONE_PRODUCTS } from './products-drones.ts'
import { seedDemoVouchers } from './vouchers.ts'

/**
 * Loads demo data on first start (docs/product/shell.md). Each part checks its own table so a later issue can
 * add a part without reloading what is there; the whole run is one transaction.
 */
export async function seedDemoData(
  db: Db,
): Promise<{ branches: number; users: number; creditLines: number; products: number }> {
  const base = await db.transaction(async (tx) => {
    let branchCount = 0
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(branches)
    if ((row?.n ?? 0) === 0) {
      await tx.insert(branches).values(
        DEMO_BRANCHES.map((b, i) => ({
          ...b,
          address: branchText(b.address),
          district: branchText(b.district),
          state: branchText(b.state),
          sortOrder: i,
        })),
      )
      branchCount = DEMO_BRANCHES.length
    }
    let userCount = 0
    const [userRow] = await tx.select({ n: sql<number>`count(*)::int` }).from(users)
    if ((userRow?.n ?? 0) === 0) {
      const codes = await tx.select({ id: branches.id, code: branches.code }).from(branches)
      const idOf = (code: string) => codes.find((b) => b.code === code)?.id ?? null
      await tx.insert(users).values(
        DEMO_USERS.map((u) => ({
          mobile: u.mobile,
          passwordHash: DEMO_PASSWORD_HASH,
          fullName: u.fullName,
          email: u.email,
          postcode: u.postcode,
          area: u.area,
          district: u.district,
          state: u.state,
          market: u.market,
          // docs/product/notices.md: the Thai demo customer reads his SMS in Thai.
          locale: u.market === 'TH' ? ('th' as const) : ('en' as const),
          role: u.role,
          kycStatus: u.kycStatus,
          preferredBranchId: idOf(u.branchCode),
          staffBranchId: u.staffAtBranch ? idOf(u.branchCode) : null,
          isPinSet: u.isPinSet ?? false,
          status: 'active' as const,
          activatedAt: sql`now()`,
        })),
      )
      userCount = DEMO_USERS.length
    }
    // docs/product/demo-mode.md demo data: the customers' credit lines and PINs, once.
    let lineCount = 0
    const [lineRow] = await tx.select({ n: sql<number>`count(*)::int` }).from(creditLines)
    if ((lineRow?.n ?? 0) === 0) {
      const people = await tx.select({ id: users.id, mobile: users.mobile }).from(users)
      const idOf = (mobile: string) => people.find((p) => p.mobile === mobile)?.id
      for (const u of DEMO_USERS) {
        const userId = idOf(u.mobile)
        if (userId === undefined) continue
        if (u.isPinSet)
          await tx
            .insert(paymentPins)
            .values({ userId, pinHash: DEMO_PIN_HASH })
            .onConflictDoNothing()
        if (u.creditLineMajor === undefined) continue
        await tx.insert(creditLines).values({
          userId,
          currency: MARKET_CURRENCY[u.market],
          approvedMinor: majorToMinor(u.creditLineMajor),
          // A season: due at harvest in about five months, the contract a year.
          dueAt: sql`now() + interval '150 days'`,
          harvestOn: sql`(now() + interval '150 days')::date`,
          plantingOn: sql`(now() - interval '30 days')::date`,
          expiresAt: sql`now() + interval '365 days'`,
        })
        lineCount += 1
      }
    }
    return { branches: branchCount, users: userCount, creditLines: lineCount }
  })
  // docs/product/shell.md: the demo catalogue, once (it needs the branches for its stock).
  const products =
    (await productCount(db)) === 0
      ? await insertProducts(db, [...AGROCHEM_PRODUCTS, ...DRONE_PRODUCTS])
      : 0
  if (products === 0) await fillProductControls(db, AGROCHEM_PRODUCTS)
  // docs/product/demo-mode.md: the demo customers' vouchers, once.
  await seedDemoVouchers(db)
  return { ...base, products }
}
