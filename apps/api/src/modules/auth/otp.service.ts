import { eq, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { otpChallenges, smsOutbox } from '@padi/db/schema/auth'
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, type OtpPurpose } from '@padi/domain/auth/rules'
import { otpSmsText } from '@padi/domain/auth/sms-text'
import { DomainError } from '@padi/domain/errors'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Clock } from '../../clock.ts'
import type { ApiConfig } from '../../config.ts'
import type { SmsProvider } from '../sms/sms-provider.ts'
import { countSends, lastSendTo, lockChallenge, type ChallengeRow } from './auth.repository.ts'
import { hmac, otpCode, randomToken, sameSecret, sha256 } from './secrets.ts'

export type SendContext = { clientIp: string; locale: Locale }
export type PendingSms = { outboxId: number; to: string; body: string }

/**
 * One-time codes (issue 3; security-tests rows 5-11): random, stored as an HMAC, 10 minutes,
 * single use, bound to their purpose and to a device id, void after 5 wrong tries; sends capped
 * per number, per client IP and overall.
 */
export function createOtpService(deps: {
  db: Db
  config: ApiConfig
  clock: Clock
  sms: SmsProvider
}) {
  const { config, clock, sms } = deps
  const cooldownMs = config.OTP_RESEND_COOLDOWN_SECONDS * 1000
  const codeHash = (challengeId: string, code: string) =>
    hmac(config.otpSecret, `${challengeId}:${code}`)

  /** Refuses a send past a cap or inside the resend cool-down, with Retry-After. */
  async function checkSendAllowed(db: Db, to: string, clientIp: string) {
    const now = clock.now()
    const last = await lastSendTo(db, to)
    if (last && now.getTime() - last.getTime() < cooldownMs) {
      const wait = (cooldownMs - (now.getTime() - last.getTime())) / 1000
      throw new DomainError('OTP_COOLDOWN', 'Please wait before asking for another code', {
        retryAfterSeconds: wait,
        extra: { retryAfterSeconds: Math.ceil(wait) },
      })
    }
    const since = new Date(now.getTime() - config.OTP_SEND_WINDOW_MS)
    const caps: [{ to?: string; clientIp?: string }, number][] = [
      [{ to }, config.OTP_SENDS_PER_NUMBER],
      [{ clientIp }, config.OTP_SENDS_PER_IP],
      [{}, config.OTP_SENDS_GLOBAL],
    ]
    for (const [filter, cap] of caps) {
      const { n, oldest } = await countSends(db, since, filter)
      if (n >= cap) {
        const wait = oldest
          ? (oldest.getTime() + config.OTP_SEND_WINDOW_MS - now.getTime()) / 1000
          : 60
        throw new DomainError(
          'OTP_SEND_LIMIT',
          'Too many codes requested. Please try again later.',
          {
            retryAfterSeconds: wait,
            extra: { retryAfterSeconds: Math.ceil(Math.max(1, wait)) },
          },
        )
      }
    }
  }

  /**
   * Records the message in the outbox inside the caller's transaction and returns what to hand to
   * the provider after the commit (null for a number without an account: nothing is sent, but the
   * request counts against the caps exactly like a real one).
   */
  async function record(
    db: Db,
    input: { to: string; code: string; purpose: OtpPurpose; ctx: SendContext; suppress: boolean },
  ): Promise<PendingSms | null> {
    const body = input.suppress
      ? '(no account for this number: nothing sent)'
      : otpSmsText(input.ctx.locale, input.purpose, input.code, config.SMS_SENDER_NAME)
    const [row] = await db
      .insert(smsOutbox)
      .values({
        to: input.to,
        body,
        purpose: input.purpose,
        clientIp: input.ctx.clientIp,
        provider: sms.name,
        status: input.suppress ? 'suppressed' : 'queued',
        createdAt: clock.now(),
      })
      .returning({ id: smsOutbox.id })
    return input.suppress || !row ? null : { outboxId: row.id, to: input.to, body }
  }

  return {
    checkSendAllowed,

    /** Hands a recorded message to the provider, after the transaction that recorded it. */
    async dispatch(pending: PendingSms | null) {
      if (!pending) return
      try {
        await sms.send({ to: pending.to, body: pending.body })
        await deps.db
          .update(smsOutbox)
          .set({ status: 'sent' })
          .where(eq(smsOutbox.id, pending.outboxId))
      } catch (error) {
        await deps.db
          .update(smsOutbox)
          .set({ status: 'failed' })
          .where(eq(smsOutbox.id, pending.outboxId))
        throw new DomainError(
          'INTERNAL',
          'The code could not be sent. Please ask for a new code.',
          {
            extra: { cause: error instanceof Error ? error.message : 'sms failed' },
          },
        )
      }
    },

    /** Creates a challenge and sends its code. Call inside the caller's transaction. */
    async issue(
      db: Db,
      input: {
        purpose: OtpPurpose
        mobile: string
        userId: number | null
        payload?: Record<string, unknown>
        ctx: SendContext
        suppress?: boolean
      },
    ) {
      await checkSendAllowed(db, input.mobile, input.ctx.clientIp)
      const id = randomToken(24)
      const deviceId = randomToken(24)
      const code = otpCode()
      const now = clock.now()
      await db.insert(otpChallenges).values({
        id,
        deviceIdHash: sha256(deviceId),
        purpose: input.purpose,
        mobile: input.mobile,
        userId: input.userId,
        codeHash: codeHash(id, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        lastSentAt: now,
        payload: input.payload ?? null,
        createdAt: now,
      })
      const pending = await record(db, {
        to: input.mobile,
        code,
        purpose: input.purpose,
        ctx: input.ctx,
        suppress: input.suppress ?? false,
      })
      return { preAuthSessionId: id, deviceId, pending }
    },

    /** A new code for an open challenge, after the cool-down; the old code stops working. */
    async resend(
      db: Db,
      input: { preAuthSessionId: string; deviceId: string; ctx: SendContext },
    ): Promise<PendingSms | null> {
      const challenge = await lockChallenge(db, input.preAuthSessionId)
      if (
        !challenge ||
        !sameSecret(challenge.deviceIdHash, sha256(input.deviceId)) ||
        challenge.consumedAt
      ) {
        throw new DomainError('OTP_INVALID', 'The verification code is not valid')
      }
      await checkSendAllowed(db, challenge.mobile, input.ctx.clientIp)
      const code = otpCode()
      const now = clock.now()
      await db
        .update(otpChallenges)
        .set({
          codeHash: codeHash(challenge.id, code),
          attempts: 0,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
          lastSentAt: now,
        })
        .where(eq(otpChallenges.id, challenge.id))
      return record(db, {
        to: challenge.mobile,
        code,
        purpose: challenge.purpose,
        ctx: input.ctx,
        suppress: challenge.userId === null,
      })
    },

    /**
     * Checks a code inside the caller's transaction (the row is locked, so of many parallel
     * submissions exactly one can succeed). A wrong code counts an attempt, and that count must
     * survive the refusal: the caller commits, then throws `failure`.
     */
    async consume(
      db: Db,
      input: { preAuthSessionId: string; deviceId: string; code: string; purpose: OtpPurpose },
    ): Promise<{ ok: true; challenge: ChallengeRow } | { ok: false; failure: DomainError }> {
      const invalid = new DomainError('OTP_INVALID', 'The verification code is not valid')
      const challenge = await lockChallenge(db, input.preAuthSessionId)
      if (!challenge || !sameSecret(challenge.deviceIdHash, sha256(input.deviceId)))
        return { ok: false, failure: invalid }
      if (challenge.consumedAt || challenge.purpose !== input.purpose)
        return { ok: false, failure: invalid }
      const now = clock.now()
      if (now.getTime() >= challenge.expiresAt.getTime()) {
        return {
          ok: false,
          failure: new DomainError('OTP_EXPIRED', 'The verification code has expired'),
        }
      }
      if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
        return {
          ok: false,
          failure: new DomainError('OTP_EXHAUSTED', 'Too many wrong codes. Ask for a new code.'),
        }
      }
      if (!sameSecret(challenge.codeHash, codeHash(challenge.id, input.code))) {
        const attempts = challenge.attempts + 1
        await db
          .update(otpChallenges)
          .set({ attempts: sql`${otpChallenges.attempts} + 1` })
          .where(eq(otpChallenges.id, challenge.id))
        if (attempts >= OTP_MAX_ATTEMPTS) {
          return {
            ok: false,
            failure: new DomainError('OTP_EXHAUSTED', 'Too many wrong codes. Ask for a new code.'),
          }
        }
        return {
          ok: false,
          failure: new DomainError('OTP_INVALID', 'The verification code is not valid', {
            extra: { attemptsLeft: OTP_MAX_ATTEMPTS - attempts },
          }),
        }
      }
      await db
        .update(otpChallenges)
        .set({ consumedAt: now })
        .where(eq(otpChallenges.id, challenge.id))
      return { ok: true, challenge }
    },
  }
}
export type OtpService = ReturnType<typeof createOtpService>
