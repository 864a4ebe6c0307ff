import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { paymentPins } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'
import { DomainError } from '@padi/domain/errors'
import { PIN_LOCK_MS, PIN_MAX_FAILURES, pinProblem } from '@padi/domain/payment/pin'
import type { Clock } from '../../clock.ts'
import { checkPassword, hashPassword } from '../auth/secrets.ts'

/**
 * docs/product/orders-and-payments.md: the payment PIN. Hashed with argon2id like a password;
 * five wrong entries in a row lock payment for 30 minutes.
 *
 * A try is counted before the hash is checked: the count goes up in one UPDATE that refuses once
 * five tries are counted, so 50 guesses sent at once still get five checks, not fifty. A right PIN
 * sets the count back to zero.
 */
export function createPinService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps

  function lockedError(until: Date, now: Date) {
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
    return new DomainError('PIN_LOCKED', 'Too many wrong PINs: payment is locked for 30 minutes', {
      retryAfterSeconds: seconds,
      extra: { locked_until: until.toISOString() },
    })
  }

  async function verify(userId: number, pin: string): Promise<void> {
    const now = clock.now()
    const lockUntil = new Date(now.getTime() + PIN_LOCK_MS)
    // A lock that has run out starts a fresh count. The fifth try sets the lock as it is counted,
    // before its hash is checked: tries sent alongside it are refused, and a crash between the two
    // steps cannot leave the count stuck without an end.
    const count = sql`case when ${lte(paymentPins.lockedUntil, now)} then 1 else ${paymentPins.failures} + 1 end`
    const [tryRow] = await db
      .update(paymentPins)
      .set({
        failures: count,
        lockedUntil: sql`case when ${count} >= ${PIN_MAX_FAILURES} then ${lockUntil.toISOString()}::timestamptz else null end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(paymentPins.userId, userId),
          or(isNull(paymentPins.lockedUntil), lte(paymentPins.lockedUntil, now)),
        ),
      )
      .returning({ failures: paymentPins.failures, pinHash: paymentPins.pinHash })
    if (!tryRow) {
      const [row] = await db
        .select({ lockedUntil: paymentPins.lockedUntil })
        .from(paymentPins)
        .where(eq(paymentPins.userId, userId))
      if (!row) throw new DomainError('PIN_NOT_SET', 'Set a payment PIN first')
      throw lockedError(row.lockedUntil ?? lockUntil, now)
    }
    if (await checkPassword(tryRow.pinHash, pin)) {
      await db
        .update(paymentPins)
        .set({ failures: 0, lockedUntil: null, updatedAt: now })
        .where(eq(paymentPins.userId, userId))
      return
    }
    const left = PIN_MAX_FAILURES - tryRow.failures
    if (left <= 0) throw lockedError(lockUntil, now)
    throw new DomainError('PIN_INVALID', 'Incorrect PIN entered', {
      extra: { attempts_left: left },
    })
  }

  return {
    verify,

    /**
     * PIN setup (no PIN yet) or change (the current PIN is checked, and counts as a try). The
     * confirmation and the common-PIN rule are checked here as well as in the page, for the
     * mobile app.
     */
    async set(
      userId: number,
      input: { pin: string; confirm_pin: string; current_pin?: string | undefined },
    ): Promise<{ is_pin_set: true }> {
      if (input.pin !== input.confirm_pin)
        throw new DomainError('PIN_MISMATCH', 'PINs do not match, please try again')
      const [user] = await db
        .select({ mobile: users.mobile })
        .from(users)
        .where(eq(users.id, userId))
      if (!user) throw new DomainError('NOT_FOUND', 'User not found')
      if (pinProblem(input.pin, user.mobile))
        throw new DomainError('PIN_TOO_COMMON', 'Choose a PIN that is harder to guess')
      const pinHash = await hashPassword(input.pin)
      const now = clock.now()
      const [existing] = await db
        .select({ userId: paymentPins.userId })
        .from(paymentPins)
        .where(eq(paymentPins.userId, userId))
      if (existing) {
        if (!input.current_pin) throw new DomainError('PIN_CURRENT_REQUIRED', 'Enter current PIN')
        await verify(userId, input.current_pin)
        await db
          .update(paymentPins)
          .set({ pinHash, failures: 0, lockedUntil: null, updatedAt: now })
          .where(eq(paymentPins.userId, userId))
      } else {
        await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(paymentPins)
            .values({ userId, pinHash, updatedAt: now })
            .onConflictDoNothing()
            .returning({ userId: paymentPins.userId })
          // Two first-time setups at once: the first wins, the second is now a change.
          if (inserted.length === 0)
            throw new DomainError('PIN_CURRENT_REQUIRED', 'Enter current PIN')
          await tx.update(users).set({ isPinSet: true }).where(eq(users.id, userId))
        })
      }
      return { is_pin_set: true }
    },
  }
}
export type PinService = ReturnType<typeof createPinService>
