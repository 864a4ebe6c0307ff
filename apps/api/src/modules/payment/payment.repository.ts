import { eq } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { paymentPins } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'

/**
 * The payment PIN's storage (ADR 038). A try is judged under the PIN row's lock (`lockPin`),
 * inside the caller's transaction (`createPaymentRepository(tx)`).
 */
export function createPaymentRepository(db: Db) {
  return {
    async lockPin(userId: number) {
      const [row] = await db
        .select()
        .from(paymentPins)
        .where(eq(paymentPins.userId, userId))
        .for('update')
      return row ?? null
    },

    /** With `lock`, waits for a try being judged and keeps the row until the transaction ends. */
    async pinLockOf(userId: number, opts: { lock: boolean }) {
      const query = db
        .select({ lockedUntil: paymentPins.lockedUntil })
        .from(paymentPins)
        .where(eq(paymentPins.userId, userId))
      const [row] = opts.lock ? await query.for('update') : await query
      return row ?? null
    },

    async storedPin(userId: number) {
      const [row] = await db
        .select({ pinHash: paymentPins.pinHash })
        .from(paymentPins)
        .where(eq(paymentPins.userId, userId))
      return row ?? null
    },

    async existingPin(userId: number) {
      const [existing] = await db
        .select({ userId: paymentPins.userId })
        .from(paymentPins)
        .where(eq(paymentPins.userId, userId))
      return existing ?? null
    },

    /** A right PIN: the count of wrong tries and the lock cleared, the PIN rewritten if given. */
    async clearFailures(userId: number, now: Date, pinHash?: string) {
      await db
        .update(paymentPins)
        .set({
          failures: 0,
          lockedUntil: null,
          updatedAt: now,
          ...(pinHash ? { pinHash } : {}),
        })
        .where(eq(paymentPins.userId, userId))
    },

    async recordFailure(userId: number, failures: number, lockedUntil: Date | null, now: Date) {
      await db
        .update(paymentPins)
        .set({ failures, lockedUntil, updatedAt: now })
        .where(eq(paymentPins.userId, userId))
    },

    /** A new PIN with its count of wrong tries and its lock cleared. */
    async replacePin(userId: number, pinHash: string, now: Date) {
      await db
        .update(paymentPins)
        .set({ pinHash, failures: 0, lockedUntil: null, updatedAt: now })
        .where(eq(paymentPins.userId, userId))
    },

    /** Sets the PIN whether or not there was one, its count of wrong tries and its lock cleared. */
    async upsertPin(userId: number, pinHash: string, now: Date) {
      await db
        .insert(paymentPins)
        .values({ userId, pinHash, updatedAt: now })
        .onConflictDoUpdate({
          target: paymentPins.userId,
          set: { pinHash, failures: 0, lockedUntil: null, updatedAt: now },
        })
    },

    /** The first PIN; answers no row when the customer already has one. */
    insertFirstPin(userId: number, pinHash: string, now: Date) {
      return db
        .insert(paymentPins)
        .values({ userId, pinHash, updatedAt: now })
        .onConflictDoNothing()
        .returning({ userId: paymentPins.userId })
    },

    async markPinSet(userId: number) {
      await db.update(users).set({ isPinSet: true }).where(eq(users.id, userId))
    },

    async userOf(userId: number) {
      const [user] = await db
        .select({ mobile: users.mobile, role: users.role })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    async mobileOf(userId: number) {
      const [user] = await db
        .select({ mobile: users.mobile })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },
  }
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>
