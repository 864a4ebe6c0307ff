import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '@padi/db/client'
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, type OtpPurpose } from '@padi/domain/auth/rules'
import { otpSmsText } from '@padi/domain/auth/sms-text'
import { DomainError } from '@padi/domain/errors'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import {
  isNotice,
  noticeText,
  type Notice,
  type NoticeParams,
} from '@padi/domain/notices/notice-sms-text'
import {
  COUNTER_SMS_CODE,
  counterSmsCodeText,
  type CounterSmsCode,
  type CounterSmsCodeParams,
} from '@padi/domain/vouchers/counter-code-sms'
import type { Clock } from '../../clock.ts'
import type { ApiConfig } from '../../config.ts'
import type { SmsProvider } from '../sms/sms-provider.ts'
import { createAuthRepository, type ChallengeRow } from './auth.repository.ts'
import {
  hmac,
  openText,
  otpCode,
  randomToken,
  sameSecret,
  sealText,
  sha256,
} from '../../secrets.ts'

export type SendContext = { clientIp: string; locale: Locale }
export type PendingSms = { outboxId: number; to: string; body: string }

/** The purpose a code is sealed under in the outbox (a key of its own, see secrets.ts). */
const OUTBOX_SEAL = 'sms-outbox-code'
/** A send that failed is tried again this many times in all, while its code is still valid. */
export const SMS_MAX_ATTEMPTS = 5
/** A notice not delivered within a day is given up (the dashboard shows the decision anyway). */
const NOTICE_TTL_MS = 24 * 60 * 60_000
/** How long a claimed message is left alone before another server may take it over. */
const SEND_LEASE_MS = 60_000

/** 15 s, 30 s, 1 min, 2 min... between tries, at most 5 minutes. */
function retryDelayMs(attempts: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000)
}

/**
 * One-time codes (docs/product/accounts.md; docs/security.md rows 5-11): random, stored as an HMAC, 10 minutes,
 * single use, bound to their purpose and to a device id, void after 5 wrong tries; sends capped
 * per number, per client IP and overall.
 */
export function createOtpService(deps: {
  db: Db
  config: ApiConfig
  clock: Clock
  sms: SmsProvider
  log: FastifyBaseLogger
}) {
  const { config, clock, sms, log } = deps
  const repo = createAuthRepository(deps.db)
  const inFlight = new Set<Promise<void>>()
  const cooldownMs = config.OTP_RESEND_COOLDOWN_SECONDS * 1000
  const codeHash = (challengeId: string, code: string) =>
    hmac(config.otpSecret, `${challengeId}:${code}`)

  /**
   * Refuses a send past a cap or inside the resend cool-down, with Retry-After. Without a client
   * address (a clerk's request for a customer, who is limited by name: ADR 063) the per-address
   * cap does not apply; the number's and the overall caps do.
   */
  async function checkSendAllowed(db: Db, to: string, clientIp: string | null) {
    const now = clock.now()
    const last = await createAuthRepository(db).lastSendTo(to)
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
      ...(clientIp === null
        ? []
        : [[{ clientIp }, config.OTP_SENDS_PER_IP] as [{ clientIp: string }, number]]),
      [{}, config.OTP_SENDS_GLOBAL],
    ]
    for (const [filter, cap] of caps) {
      const { n, oldest } = await createAuthRepository(db).countSends(since, filter)
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
   * request counts against the caps exactly like a real one). The row keeps the template and the
   * code sealed, never a text with the code in it.
   */
  async function record(
    db: Db,
    input: {
      to: string
      code: string
      purpose: OtpPurpose | Notice | CounterSmsCode
      ctx: { locale: Locale; clientIp: string | null }
      suppress: boolean
      expiresAt: Date
    },
  ): Promise<PendingSms | null> {
    const now = clock.now()
    const outboxId = await createAuthRepository(db).insertOutboxMessage({
      to: input.to,
      purpose: input.purpose,
      locale: input.ctx.locale,
      codeSealed: input.suppress ? null : sealText(config.otpSecret, OUTBOX_SEAL, input.code),
      clientIp: input.ctx.clientIp,
      provider: sms.name,
      status: input.suppress ? 'suppressed' : 'queued',
      // The request sends it at once; if that never happens (a crash), the retry job will.
      nextAttemptAt: input.suppress ? null : new Date(now.getTime() + SEND_LEASE_MS),
      expiresAt: input.expiresAt,
      createdAt: now,
    })
    if (input.suppress || outboxId === null) return null
    return {
      outboxId,
      to: input.to,
      body: bodyOf(input.purpose, input.ctx.locale, input.code),
    }
  }

  /**
   * One try at handing a message to the provider. A failure is logged (without the text) and
   * left for the retry job; the farmer's request never waits on, or learns about, the gateway.
   */
  async function deliver(pending: PendingSms) {
    const now = clock.now()
    try {
      await sms.send({ to: pending.to, body: pending.body })
      // A real gateway has the text now; only the console provider's outbox is the inbox.
      await repo.markOutboxSent(pending.outboxId, now, !sms.outboxIsInbox)
    } catch (error) {
      log.error(
        { error: error instanceof Error ? error.message : 'unknown', outboxId: pending.outboxId },
        'sms send failed; it will be retried',
      )
      const row = await repo.markOutboxFailed(pending.outboxId)
      if (!row) return
      const next = new Date(now.getTime() + retryDelayMs(row.attempts))
      const giveUp = row.attempts >= SMS_MAX_ATTEMPTS || !row.expiresAt || next >= row.expiresAt
      if (giveUp) await repo.expireOutboxMessage(pending.outboxId)
      else await repo.retryOutboxAt(pending.outboxId, next)
    }
  }

  function track(promise: Promise<void>) {
    const tracked: Promise<void> = promise
      .catch((error: unknown) => log.error({ err: error }, 'sms delivery bookkeeping failed'))
      .finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
  }

  /** The text of a code's message, or of a notice or counter code (whose sealed field holds its values). */
  function bodyOf(
    purpose: OtpPurpose | Notice | CounterSmsCode,
    locale: Locale,
    code: string,
  ): string {
    if (purpose === COUNTER_SMS_CODE)
      return counterSmsCodeText(
        locale,
        JSON.parse(code) as CounterSmsCodeParams,
        config.SMS_SENDER_NAME,
      )
    if (isNotice(purpose))
      return noticeText(locale, purpose, JSON.parse(code) as NoticeParams, config.SMS_SENDER_NAME)
    return otpSmsText(locale, purpose, code, config.SMS_SENDER_NAME)
  }

  function textOf(row: {
    purpose: OtpPurpose | Notice | CounterSmsCode
    locale: string
    codeSealed: string | null
  }) {
    const code = row.codeSealed ? openText(config.otpSecret, OUTBOX_SEAL, row.codeSealed) : null
    if (!code) return null
    return bodyOf(row.purpose, isLocale(row.locale) ? row.locale : 'en', code)
  }

  /**
   * Records a notice (finance's decision) in the caller's transaction, for `dispatch` after the
   * commit. Its values are sealed like a code; it is tried again for a day, and never counts
   * against the caps on codes.
   */
  function notice(
    db: Db,
    input: { to: string; notice: Notice; locale: Locale; params: NoticeParams },
  ): Promise<PendingSms | null> {
    return record(db, {
      to: input.to,
      code: JSON.stringify(input.params),
      purpose: input.notice,
      ctx: { locale: input.locale, clientIp: null },
      suppress: false,
      expiresAt: new Date(clock.now().getTime() + NOTICE_TTL_MS),
    })
  }

  /**
   * Records a counter code sent at a clerk's request (ADR 063) in the caller's transaction, for
   * `dispatch` after the commit: its values (the code, the branch) sealed like a code, tried again
   * until the code runs out. A number without a customer is recorded as suppressed (nothing is
   * sent) and counts against the caps exactly like a real one, so the clerk cannot tell them
   * apart.
   */
  function counterCode(
    db: Db,
    input: {
      to: string
      locale: Locale
      params: CounterSmsCodeParams | null
      expiresAt: Date
    },
  ): Promise<PendingSms | null> {
    return record(db, {
      to: input.to,
      code: input.params ? JSON.stringify(input.params) : '',
      purpose: COUNTER_SMS_CODE,
      ctx: { locale: input.locale, clientIp: null },
      suppress: input.params === null,
      expiresAt: input.expiresAt,
    })
  }

  return {
    checkSendAllowed,
    notice,
    counterCode,

    /**
     * Hands a recorded message to the provider after the transaction that recorded it, without
     * waiting: the answer to the farmer is the same, and as fast, whatever the gateway does.
     */
    dispatch(pending: PendingSms | null) {
      if (pending) track(deliver(pending))
    },

    /** Waits for the sends under way (graceful shutdown, tests). */
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },

    /**
     * The retry job: messages whose send failed (or never ran) are tried again until their code
     * expires. Rows are claimed with SKIP LOCKED and a lease, so two servers never send one twice.
     */
    async retryDue(limit = 20): Promise<number> {
      const now = clock.now()
      await repo.expireOverdueOutbox(now)
      const claimed = await deps.db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx)
        const rows = await txRepo.lockDueOutbox(now, limit)
        if (rows.length > 0)
          await txRepo.leaseOutbox(
            rows.map((r) => r.id),
            new Date(now.getTime() + SEND_LEASE_MS),
          )
        return rows
      })
      for (const row of claimed) {
        const body = textOf(row)
        if (body) await deliver({ outboxId: row.id, to: row.to, body })
        else await repo.expireOutboxMessage(row.id)
      }
      return claimed.length
    },

    /** The text of an outbox row for the demo outbox, or null once its code is gone. */
    outboxText: textOf,

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
      const expiresAt = new Date(now.getTime() + OTP_TTL_MS)
      await createAuthRepository(db).insertChallenge({
        id,
        deviceIdHash: sha256(deviceId),
        purpose: input.purpose,
        mobile: input.mobile,
        userId: input.userId,
        codeHash: codeHash(id, code),
        expiresAt,
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
        expiresAt,
      })
      return { preAuthSessionId: id, deviceId, pending }
    },

    /** A new code for an open challenge, after the cool-down; the old code stops working. */
    async resend(
      db: Db,
      input: { preAuthSessionId: string; deviceId: string; ctx: SendContext },
    ): Promise<PendingSms | null> {
      const challenge = await createAuthRepository(db).lockChallenge(input.preAuthSessionId)
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
      const expiresAt = new Date(now.getTime() + OTP_TTL_MS)
      await createAuthRepository(db).replaceChallengeCode(challenge.id, {
        codeHash: codeHash(challenge.id, code),
        expiresAt,
        lastSentAt: now,
      })
      return record(db, {
        to: challenge.mobile,
        code,
        purpose: challenge.purpose,
        ctx: input.ctx,
        suppress: challenge.userId === null,
        expiresAt,
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
      const txRepo = createAuthRepository(db)
      const challenge = await txRepo.lockChallenge(input.preAuthSessionId)
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
        await txRepo.countWrongCode(challenge.id)
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
      await txRepo.consumeChallenge(challenge.id, now)
      return { ok: true, challenge }
    },
  }
}
export type OtpService = ReturnType<typeof createOtpService>
