import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { smsOutbox } from '@padi/db/schema/auth'
import { branches } from '@padi/db/schema/branches'
import { branchStock, products, productVariations } from '@padi/db/schema/catalogue'
import { orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import {
  counterCodes,
  counterTransactionLines,
  counterTransactions,
  vouchers,
} from '@padi/db/schema/vouchers'
import { marketDay } from '@padi/domain/dates'
import type { Market } from '@padi/domain/markets'
import { COUNTER_SMS_CODE } from '@padi/domain/vouchers/counter-code-sms'

export type CounterCodeRow = typeof counterCodes.$inferSelect
export type VoucherRow = typeof vouchers.$inferSelect
export type TransactionRow = typeof counterTransactions.$inferSelect

/** How many in a window, and when the oldest of them came. */
async function tally(query: Promise<{ n: number; oldest: string | null }[]>) {
  const [row] = await query
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null }
}

/**
 * The branch counter's storage: codes, vouchers, counter transactions and branch stock. A sale,
 * a hand-over or a code's look-up runs in one transaction (`createCounterRepository(tx)`), under
 * the locks its steps take.
 */
export function createCounterRepository(db: Db) {
  return {
    // --- Codes (counter-codes.ts) ---

    async lockCodeByToken(tokenHash: string): Promise<CounterCodeRow | null> {
      const [row] = await db
        .select()
        .from(counterCodes)
        .where(eq(counterCodes.tokenHash, tokenHash))
        .for('update')
      return row ?? null
    },

    /**
     * Digits are unique among the codes alive or held (issue): this clerk's visit first, then
     * the newest; an old one is 'expired'.
     */
    async lockCodeByDigits(digits: string, staffId: number, now: Date) {
      const [row] = await db
        .select()
        .from(counterCodes)
        .where(eq(counterCodes.digits, digits))
        .orderBy(
          desc(
            sql`(${counterCodes.servedBy} = ${staffId} and ${counterCodes.serveUntil} > ${now.toISOString()}::timestamptz) is true`,
          ),
          desc(counterCodes.expiresAt),
        )
        .limit(1)
        .for('update')
      return row ?? null
    },

    /** From now on the code serves this clerk until `serveUntil`. */
    async holdCode(id: number, staffId: number, serveUntil: Date) {
      await db
        .update(counterCodes)
        .set({ servedBy: staffId, serveUntil })
        .where(eq(counterCodes.id, id))
    },

    /** The code, if this clerk holds it now, serves nobody any more. */
    async releaseCode(
      which: { tokenHash: string } | { digits: string },
      staffId: number,
      now: Date,
    ) {
      const code =
        'tokenHash' in which
          ? eq(counterCodes.tokenHash, which.tokenHash)
          : eq(counterCodes.digits, which.digits)
      await db
        .update(counterCodes)
        .set({ serveUntil: now })
        .where(and(code, eq(counterCodes.servedBy, staffId), gt(counterCodes.serveUntil, now)))
    },

    /** Whether the digits are those of a live code or of one a clerk holds (a visit). */
    async digitsTaken(digits: string, now: Date): Promise<boolean> {
      const [clash] = await db
        .select({ id: counterCodes.id })
        .from(counterCodes)
        .where(
          and(
            eq(counterCodes.digits, digits),
            or(
              and(gt(counterCodes.expiresAt, now), isNull(counterCodes.usedAt)),
              gt(counterCodes.serveUntil, now),
            ),
          ),
        )
      return Boolean(clash)
    },

    async insertCode(code: typeof counterCodes.$inferInsert) {
      await db.insert(counterCodes).values(code)
    },

    async markCodeUsed(id: number, now: Date) {
      await db.update(counterCodes).set({ usedAt: now }).where(eq(counterCodes.id, id))
    },

    // --- Who is served, where ---

    async staffBranchOf(staffId: number) {
      const [row] = await db
        .select({ branchId: users.staffBranchId, market: branches.market, name: branches.name })
        .from(users)
        .leftJoin(branches, eq(branches.id, users.staffBranchId))
        .where(eq(users.id, staffId))
      return row ?? null
    },

    /**
     * The account's status under FOR SHARE: a suspension committed first is seen, and one that
     * comes later waits for the caller's transaction to end.
     */
    async lockStatusForShare(userId: number) {
      const [user] = await db
        .select({ status: users.status })
        .from(users)
        .where(eq(users.id, userId))
        .for('share')
      return user ?? null
    },

    async customerById(userId: number) {
      const [user] = await db
        .select({ id: users.id, fullName: users.fullName, mobile: users.mobile })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    async accountByMobile(mobile: string) {
      const [customer] = await db
        .select({
          id: users.id,
          role: users.role,
          status: users.status,
          market: users.market,
          locale: users.locale,
        })
        .from(users)
        .where(eq(users.mobile, mobile))
      return customer ?? null
    },

    async operatorName(staffId: number) {
      const [operator] = await db
        .select({ name: users.fullName })
        .from(users)
        .where(eq(users.id, staffId))
      return operator ?? null
    },

    /** The branch's row locked until the transaction ends. */
    async lockBranch(branchId: number) {
      await db
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.id, branchId))
        .for('update')
    },

    /** The customer's pickup orders at this branch not yet handed over, oldest first. */
    pickupsAt(userId: number, branchId: number) {
      return db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          payment: orders.payment,
          totalMinor: orders.totalMinor,
          currency: orders.currency,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.branchId, branchId),
            eq(orders.fulfilment, 'pickup'),
            inArray(orders.status, ['unpaid', 'paid']),
          ),
        )
        .orderBy(asc(orders.createdAt))
    },

    /** The customer's pickup order at this branch, locked until the transaction ends. */
    async lockPickupOrder(orderId: number, userId: number, branchId: number) {
      const [order] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.userId, userId),
            eq(orders.branchId, branchId),
            eq(orders.fulfilment, 'pickup'),
          ),
        )
        .for('update')
      return order ?? null
    },

    async completeOrder(id: number, paidAt: Date, now: Date) {
      await db
        .update(orders)
        .set({ status: 'completed', paidAt, completedAt: now })
        .where(eq(orders.id, id))
    },

    // --- Vouchers ---

    /** Soonest to expire first. */
    vouchersOf(userId: number): Promise<VoucherRow[]> {
      return db
        .select()
        .from(vouchers)
        .where(eq(vouchers.userId, userId))
        .orderBy(asc(vouchers.expiresOn), asc(vouchers.id))
    },

    /** Soonest to expire first. */
    activeVouchersOf(userId: number): Promise<VoucherRow[]> {
      return db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.userId, userId), eq(vouchers.state, 'active')))
        .orderBy(asc(vouchers.expiresOn), asc(vouchers.id))
    },

    /** Whoever's they are, locked until the transaction ends, by id. */
    async lockVouchers(ids: number[]): Promise<VoucherRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(vouchers)
        .where(inArray(vouchers.id, ids))
        .orderBy(asc(vouchers.id))
        .for('update')
    },

    /** Answers the vouchers taken: only those the rule lets through. */
    async redeemVouchers(args: {
      ids: number[]
      customerId: number
      market: Market
      branchId: number
      staffId: number
      transactionId: number
      now: Date
    }): Promise<VoucherRow[]> {
      const { ids, customerId, market, now } = args
      if (ids.length === 0) return []
      // The rule again in the UPDATE's WHERE: what is taken is what was judged.
      return db
        .update(vouchers)
        .set({
          state: 'redeemed',
          redeemedAt: now,
          redeemedBranchId: args.branchId,
          redeemedBy: args.staffId,
          transactionId: args.transactionId,
        })
        .where(
          and(
            inArray(vouchers.id, ids),
            eq(vouchers.userId, customerId),
            eq(vouchers.state, 'active'),
            eq(vouchers.market, market),
            gte(vouchers.expiresOn, marketDay(now, market)),
          ),
        )
        .returning()
    },

    /** The customer's vouchers these transactions took, by id. */
    async vouchersOfTransactions(userId: number, transactionIds: number[]) {
      if (transactionIds.length === 0) return []
      return db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.userId, userId), inArray(vouchers.transactionId, transactionIds)))
        .orderBy(asc(vouchers.id))
    },

    // --- Stock and sales ---

    /** The catalogue's prices of these packs, in both markets. */
    packPrices(ids: number[]) {
      return db
        .select({
          id: productVariations.id,
          priceMy: productVariations.priceMyMinor,
          priceTh: productVariations.priceThMinor,
        })
        .from(productVariations)
        .where(inArray(productVariations.id, ids))
    },

    /** Takes a line's count off the branch's stock only if it holds that many; answers the rows changed. */
    takeStock(branchId: number, line: { variation_id: number; count: number }) {
      return db
        .update(branchStock)
        .set({ quantity: sql`${branchStock.quantity} - ${line.count}` })
        .where(
          and(
            eq(branchStock.branchId, branchId),
            eq(branchStock.variationId, line.variation_id),
            gte(branchStock.quantity, line.count),
          ),
        )
        .returning({ quantity: branchStock.quantity })
    },

    /** What the branch has on its shelves and sells in its market, at the catalogue's prices. */
    shelfStock(branchId: number, market: Market) {
      const price =
        market === 'MY' ? productVariations.priceMyMinor : productVariations.priceThMinor
      return db
        .select({
          id: productVariations.id,
          product: products.name,
          label: productVariations.label,
          priceMinor: price,
          quantity: branchStock.quantity,
        })
        .from(branchStock)
        .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(
          and(eq(branchStock.branchId, branchId), gt(branchStock.quantity, 0), isNotNull(price)),
        )
        .orderBy(asc(productVariations.id))
    },

    async insertTransaction(
      transaction: typeof counterTransactions.$inferInsert,
    ): Promise<TransactionRow> {
      const [row] = await db.insert(counterTransactions).values(transaction).returning()
      return row!
    },

    async insertTransactionLines(lines: (typeof counterTransactionLines.$inferInsert)[]) {
      await db.insert(counterTransactionLines).values(lines)
    },

    /** The branch's transactions of the day that starts at `start`, newest first. */
    transactionsOfDay(branchId: number, start: Date) {
      return db
        .select({ tx: counterTransactions, operator: users.fullName })
        .from(counterTransactions)
        .leftJoin(users, eq(users.id, counterTransactions.operatorId))
        .where(
          and(
            eq(counterTransactions.branchId, branchId),
            gte(counterTransactions.createdAt, start),
            sql`${counterTransactions.createdAt} < ${start.toISOString()}::timestamptz + interval '1 day'`,
          ),
        )
        .orderBy(desc(counterTransactions.createdAt))
    },

    /** The customer's transactions, newest first, after `since` when given. */
    transactionsOf(userId: number, since: Date | undefined, limit: number) {
      return db
        .select({ tx: counterTransactions, branch: branches.name, operator: users.fullName })
        .from(counterTransactions)
        .innerJoin(branches, eq(branches.id, counterTransactions.branchId))
        .leftJoin(users, eq(users.id, counterTransactions.operatorId))
        .where(
          and(
            eq(counterTransactions.userId, userId),
            since ? gt(counterTransactions.createdAt, since) : undefined,
          ),
        )
        .orderBy(desc(counterTransactions.createdAt))
        .limit(limit)
    },

    // --- The audit log, and what the limits count in it (counter-sms-limits.ts) ---

    async insertAuditEntry(entry: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(entry)
    },

    /** Entries of `action` by this staff member after `since`, and the oldest's time. */
    auditCountByStaff(action: string, staffId: number, since: Date) {
      return tally(
        db
          .select({ n: count(), oldest: sql<string | null>`min(${auditLog.createdAt})` })
          .from(auditLog)
          .where(
            and(
              and(eq(auditLog.action, action), gt(auditLog.createdAt, since)),
              eq(auditLog.actorUserId, staffId),
            ),
          ),
      )
    },

    /** Entries of `action` about this branch after `since`, and the oldest's time. */
    auditCountByBranch(action: string, branchId: number, since: Date) {
      return tally(
        db
          .select({ n: count(), oldest: sql<string | null>`min(${auditLog.createdAt})` })
          .from(auditLog)
          .where(
            and(
              and(eq(auditLog.action, action), gt(auditLog.createdAt, since)),
              eq(auditLog.subjectType, 'branch'),
              eq(auditLog.subjectId, branchId),
            ),
          ),
      )
    },

    /** Counter codes sent by SMS to this number after `since`, and the oldest's time. */
    codeSmsCountTo(mobile: string, since: Date) {
      return tally(
        db
          .select({ n: count(), oldest: sql<string | null>`min(${smsOutbox.createdAt})` })
          .from(smsOutbox)
          .where(
            and(
              eq(smsOutbox.to, mobile),
              eq(smsOutbox.purpose, COUNTER_SMS_CODE),
              gt(smsOutbox.createdAt, since),
            ),
          ),
      )
    },
  }
}
export type CounterRepository = ReturnType<typeof createCounterRepository>
