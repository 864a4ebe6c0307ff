import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { branches } from '@padi/db/schema/branches'
import { branchStock, productVariations } from '@padi/db/schema/catalogue'

/**
 * The Malaysian branch that stocks the most packs sold in Malaysia with more than `minQuantity`
 * each, and those packs (id and price in sen), in id order: what order tests buy.
 */
export async function packsAtOneBranch(db: Db, minQuantity: number) {
  const stocked = and(
    eq(branches.market, 'MY'),
    gt(branchStock.quantity, minQuantity),
    isNotNull(productVariations.priceMyMinor),
  )
  const [row] = await db
    .select({ branchId: branchStock.branchId, n: sql<number>`count(*)::int` })
    .from(branchStock)
    .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
    .innerJoin(branches, eq(branches.id, branchStock.branchId))
    .where(stocked)
    .groupBy(branchStock.branchId)
    .orderBy(sql`count(*) desc`)
    .limit(1)
  const branchId = row!.branchId
  const packs = (
    await db
      .select({ id: productVariations.id, priceMy: productVariations.priceMyMinor })
      .from(branchStock)
      .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
      .innerJoin(branches, eq(branches.id, branchStock.branchId))
      .where(and(stocked, eq(branchStock.branchId, branchId)))
      .orderBy(asc(productVariations.id))
  ).map((p) => ({ id: p.id, priceMy: p.priceMy! }))
  return { branchId, packs }
}

/** A credit order to collect one pack at the branch `packsAtOneBranch` finds, and its price. */
export async function oneCreditPickup(db: Db) {
  const { branchId, packs } = await packsAtOneBranch(db, 20)
  const order: Record<string, unknown> = {
    fulfilment: 'pickup',
    payment: 'credits',
    branch_id: branchId,
    lines: [{ variation_id: packs[0]!.id, count: 1 }],
  }
  return { order, priceMinor: packs[0]!.priceMy }
}
