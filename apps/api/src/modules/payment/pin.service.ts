import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { PIN_LOCK_MS, PIN_MAX_FAILURES, pinProblem } from '@padi/domain/payment/pin'
import type { Clock } from '../../clock.ts'
import { checkPassword } from '../../secrets.ts'
import type { OtpService, SendContext } from '../auth/otp.service.ts'
import { resetAllowedInDemo } from '@padi/domain/demo/demo-mode'
import type { PinReset } from '@padi/domain/credit/credit-schemas'
import { createPaymentRepository } from './payment.repository.ts'

const HMAC_PREFIX = 'hmac-sha256$'

/**
 * docs/product/orders-and-payments.md: the payment PIN (ADR 038).
 *
 * Stored as HMAC-SHA-256 of a per-PIN salt and the PIN, keyed by a secret that is not in the
 * database: a leaked table alone cannot be searched, while a slow hash of a 6-digit number could
 * be (a million tries), and costs 30 ms of CPU on every payment. PINs stored before (argon2id, as
 * the demo data's) are still accepted and rewritten on their next right entry.
 *
 * Each try is judged under the PIN row's lock, one at a time: fifty guesses sent at once get five
 * checks and then the lock, and a right PIN is never refused because other tries were in flight.
 */
export function createPinService(deps: {
  db: Db
  clock: Clock
  secret: string
  otp: OtpService
  demoMode: boolean
}) {
  const { db, clock, secret, otp, demoMode } = deps
  const repo = createPaymentRepository(db)

  function mac(salt: Buffer, pin: string): Buffer {
    return createHmac('sha256', secret).update(salt).update(pin).digest()
  }

  function hashPin(pin: string): string {
    const salt = randomBytes(16)
    return `${HMAC_PREFIX}${salt.toString('base64url')}$${mac(salt, pin).toString('base64url')}`
  }

  async function matches(stored: string, pin: string): Promise<boolean> {
    if (!stored.startsWith(HMAC_PREFIX)) return checkPassword(stored, pin)
    const [salt, expected] = stored.slice(HMAC_PREFIX.length).split('$')
    if (!salt || !expected) return false
    const want = Buffer.from(expected, 'base64url')
    const got = mac(Buffer.from(salt, 'base64url'), pin)
    return want.length === got.length && timingSafeEqual(want, got)
  }

  function lockedError(until: Date, now: Date) {
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
    return new DomainError('PIN_LOCKED', 'Too many wrong PINs: payment is locked for 30 minutes', {
      retryAfterSeconds: seconds,
      extra: { locked_until: until.toISOString() },
    })
  }

  /** The refusal of a wrong PIN: how many tries are left, or the lock its count reached. */
  function wrongPin(failures: number, lockedUntil: Date | null, now: Date) {
    if (lockedUntil) return lockedError(lockedUntil, now)
    return new DomainError('PIN_INVALID', 'Incorrect PIN entered', {
      extra: { attempts_left: PIN_MAX_FAILURES - failures },
    })
  }

  /**
   * The salt of each customer's stored PIN, so that a payment can send the PIN's keyed hash with
   * the order in one call (ADR 040). Salts are not secret; a stale one (the PIN was changed by
   * another process) is caught by the database, which compares under the PIN's lock.
   */
  const salts = new Map<number, string>()
  const SALTS_KEPT = 50_000
  function remember(userId: number, salt: string) {
    salts.delete(userId)
    salts.set(userId, salt)
    if (salts.size > SALTS_KEPT) salts.delete(salts.keys().next().value!)
  }

  /**
   * Judges one try inside the caller's transaction and records it there: a wrong PIN counts (the
   * fifth locks payment for 30 minutes), a right one sets the count back to zero. Answers the
   * refusal rather than throwing it, so the caller can commit the count and then refuse.
   */
  async function check(tx: Db, userId: number, pin: string): Promise<DomainError | null> {
    const now = clock.now()
    const txRepo = createPaymentRepository(tx)
    const row = await txRepo.lockPin(userId)
    if (!row) return new DomainError('PIN_NOT_SET', 'Set a payment PIN first')
    if (row.lockedUntil && row.lockedUntil > now) return lockedError(row.lockedUntil, now)
    // A lock that has run out starts a fresh count.
    const before = row.lockedUntil ? 0 : row.failures
    if (await matches(row.pinHash, pin)) {
      const legacy = !row.pinHash.startsWith(HMAC_PREFIX)
      if (before > 0 || row.lockedUntil || legacy)
        await txRepo.clearFailures(userId, now, legacy ? hashPin(pin) : undefined)
      if (legacy) salts.delete(userId)
      return null
    }
    const failures = before + 1
    const lockedUntil = failures >= PIN_MAX_FAILURES ? new Date(now.getTime() + PIN_LOCK_MS) : null
    await txRepo.recordFailure(userId, failures, lockedUntil, now)
    return wrongPin(failures, lockedUntil, now)
  }

  /**
   * docs/product/orders-and-payments.md (Biometrics), ADR 060: one lock for the money, whatever
   * the factor. The PIN's state for a step that is not a try of it (adding a device, paying by
   * device): whether one is set and, while it is locked, the refusal (423 PIN_LOCKED). With
   * `lock`, read under the PIN row's lock inside the caller's transaction, so a try being judged
   * at that moment is waited for and its count seen.
   */
  async function state(
    tx: Db,
    userId: number,
    opts: { lock: boolean },
  ): Promise<{ isSet: boolean; lockedUntil: Date | null; refusal: DomainError | null }> {
    const row = await createPaymentRepository(tx).pinLockOf(userId, opts)
    const now = clock.now()
    const lockedUntil = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null
    return {
      isSet: row !== null,
      lockedUntil,
      refusal: lockedUntil ? lockedError(lockedUntil, now) : null,
    }
  }

  /** A try on its own (a PIN change): judged and recorded, then refused if wrong. */
  async function verify(userId: number, pin: string): Promise<void> {
    const refusal = await db.transaction((tx) => check(tx, userId, pin))
    if (refusal) throw refusal
  }

  /** docs/product/demo-mode.md: the seeded back-office accounts' PINs cannot be reset in the demo. */
  async function customerMobile(tx: Db, userId: number) {
    const user = await createPaymentRepository(tx).userOf(userId)
    if (!user) throw new DomainError('NOT_FOUND', 'User not found')
    if (demoMode && !resetAllowedInDemo(user.role))
      throw new DomainError(
        'DEMO_RESET_REFUSED',
        'In the demo, the PINs of staff, finance and admin accounts cannot be reset.',
      )
    return user.mobile
  }

  return {
    check,
    verify,
    state,

    /**
     * What a payment sends instead of the PIN (ADR 040): the stored PIN's salt and the PIN's
     * keyed hash with it, for the order's statement to compare under the PIN's lock. A PIN
     * stored the older way is judged here first (one try, counted) and rewritten.
     */
    async paymentProof(
      userId: number,
      pin: string,
      /** Runs before a try is judged here (the caller's session check). */
      beforeTry: () => Promise<unknown>,
    ): Promise<{ salt: string; mac: string }> {
      let salt = salts.get(userId)
      if (salt === undefined) {
        const row = await repo.storedPin(userId)
        // No PIN: the order's statement answers PIN_NOT_SET under the lock.
        if (!row) return { salt: '', mac: '' }
        if (!row.pinHash.startsWith(HMAC_PREFIX)) {
          await beforeTry()
          await verify(userId, pin)
          return this.paymentProof(userId, pin, beforeTry)
        }
        salt = row.pinHash.slice(HMAC_PREFIX.length).split('$')[0]!
        remember(userId, salt)
      }
      return { salt, mac: mac(Buffer.from(salt, 'base64url'), pin).toString('base64url') }
    },

    /** The salt this process kept for a customer is out of date: read it again next time. */
    forgetSalt(userId: number) {
      salts.delete(userId)
    },

    /** The refusal the order's statement answered for a PIN (ADR 040), as the API says it. */
    refusal(
      answer: { refused: string; failures?: number; locked_until?: string | null },
      now: Date,
    ): DomainError {
      const lockedUntil = answer.locked_until ? new Date(answer.locked_until) : null
      if (answer.refused === 'PIN_NOT_SET')
        return new DomainError('PIN_NOT_SET', 'Set a payment PIN first')
      if (answer.refused === 'PIN_LOCKED' && answer.failures === undefined && lockedUntil)
        return lockedError(lockedUntil, now)
      return wrongPin(answer.failures ?? PIN_MAX_FAILURES, lockedUntil, now)
    },

    /**
     * docs/product/orders-and-payments.md (The payment PIN): forgot PIN. A code goes by SMS to
     * the customer's own number; the logged-in customer proves they hold the phone too.
     */
    async forgot(userId: number, ctx: SendContext) {
      const result = await db.transaction(async (tx) =>
        otp.issue(tx, {
          purpose: 'pin_reset',
          mobile: await customerMobile(tx, userId),
          userId,
          ctx,
        }),
      )
      otp.dispatch(result.pending)
      return {
        message: 'A code was sent by SMS to your mobile number.',
        preAuthSessionId: result.preAuthSessionId,
        deviceId: result.deviceId,
      }
    },

    /** The new PIN with the code: set, its count of wrong tries and its lock cleared. */
    async reset(userId: number, input: PinReset): Promise<{ is_pin_set: true }> {
      if (input.pin !== input.confirm_pin)
        throw new DomainError('PIN_MISMATCH', 'PINs do not match, please try again')
      const mobile = await customerMobile(db, userId)
      if (pinProblem(input.pin, mobile))
        throw new DomainError('PIN_TOO_COMMON', 'Choose a PIN that is harder to guess')
      const pinHash = hashPin(input.pin)
      const failure = await db.transaction(async (tx) => {
        const consumed = await otp.consume(tx, {
          preAuthSessionId: input.preAuthSessionId,
          deviceId: input.deviceId,
          code: input.userInputCode,
          purpose: 'pin_reset',
        })
        if (!consumed.ok) return consumed.failure
        // A code sent for another customer's PIN is no code for this one.
        if (consumed.challenge.userId !== userId)
          return new DomainError('OTP_INVALID', 'The verification code is not valid')
        const now = clock.now()
        const txRepo = createPaymentRepository(tx)
        await txRepo.upsertPin(userId, pinHash, now)
        await txRepo.markPinSet(userId)
        return null
      })
      salts.delete(userId)
      if (failure) throw failure
      return { is_pin_set: true }
    },

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
      const user = await repo.mobileOf(userId)
      if (!user) throw new DomainError('NOT_FOUND', 'User not found')
      if (pinProblem(input.pin, user.mobile))
        throw new DomainError('PIN_TOO_COMMON', 'Choose a PIN that is harder to guess')
      const pinHash = hashPin(input.pin)
      const now = clock.now()
      const existing = await repo.existingPin(userId)
      if (existing) {
        if (!input.current_pin) throw new DomainError('PIN_CURRENT_REQUIRED', 'Enter current PIN')
        await verify(userId, input.current_pin)
        await repo.replacePin(userId, pinHash, now)
      } else {
        await db.transaction(async (tx) => {
          const txRepo = createPaymentRepository(tx)
          const inserted = await txRepo.insertFirstPin(userId, pinHash, now)
          // Two first-time setups at once: the first wins, the second is now a change.
          if (inserted.length === 0)
            throw new DomainError('PIN_CURRENT_REQUIRED', 'Enter current PIN')
          await txRepo.markPinSet(userId)
        })
      }
      salts.delete(userId)
      return { is_pin_set: true }
    },
  }
}
export type PinService = ReturnType<typeof createPinService>
