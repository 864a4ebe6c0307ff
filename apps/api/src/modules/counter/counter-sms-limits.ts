import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { createCounterRepository } from './counter.repository.ts'

/** The audit log's record of each code a clerk had sent by SMS, known number or not. */
export const SMS_CODE_SENT = 'counter.sms_code_sent'
/** … and of each request refused by a limit below. */
export const SMS_CODE_LIMITED = 'counter.sms_code_limited'

export type CounterSmsLimitSettings = {
  perStaff: number
  perBranch: number
  perNumber: number
  windowMs: number
}

type Limit = 'staff' | 'branch' | 'number'
export type SmsLimitReached = { limit: Limit; sent: number; max: number; retryAfterSeconds: number }

/**
 * docs/product/vouchers.md (a code by SMS), ADR 063: how many codes a clerk may have sent by SMS,
 * in a sliding window (an hour by default): per staff member, per branch, and per number (known
 * or not, so that the limit says nothing about whether a number is a customer's). Counted from
 * what is written anyway, as the limits on one-time codes are (otp.service.ts): the audit log's
 * record of each send, and the SMS outbox. The caller holds its branch's row lock while it counts
 * and sends, so two clerks of one branch cannot both pass a count made before either sent.
 */
export function createCounterSmsLimits(settings: CounterSmsLimitSettings) {
  return {
    settings,

    /** The first limit this send would go past, or null. Call inside the send's transaction. */
    async reached(
      tx: Db,
      who: { staffId: number; branchId: number; mobile: string },
      now: Date,
    ): Promise<SmsLimitReached | null> {
      const since = new Date(now.getTime() - settings.windowMs)
      const repo = createCounterRepository(tx)
      const counts: [Limit, number, { n: number; oldest: Date | null }][] = [
        [
          'staff',
          settings.perStaff,
          await repo.auditCountByStaff(SMS_CODE_SENT, who.staffId, since),
        ],
        [
          'branch',
          settings.perBranch,
          await repo.auditCountByBranch(SMS_CODE_SENT, who.branchId, since),
        ],
        ['number', settings.perNumber, await repo.codeSmsCountTo(who.mobile, since)],
      ]
      for (const [limit, max, { n, oldest: first }] of counts) {
        if (n < max) continue
        const until = (first ?? now).getTime() + settings.windowMs
        return {
          limit,
          sent: n,
          max,
          retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
        }
      }
      return null
    },

    /**
     * The 429, written to the audit log first (outside the send's transaction, which is rolled
     * back): who, where, which limit, how long.
     */
    async refuse(
      db: Db,
      who: { staffId: number; branchId: number },
      reached: SmsLimitReached,
      now: Date,
    ) {
      await createCounterRepository(db).insertAuditEntry({
        actorUserId: who.staffId,
        action: SMS_CODE_LIMITED,
        subjectType: 'branch',
        subjectId: who.branchId,
        after: {
          limit: reached.limit,
          sent: reached.sent,
          max: reached.max,
          window_ms: settings.windowMs,
          retry_after_seconds: reached.retryAfterSeconds,
        },
        createdAt: now,
      })
      return new DomainError(
        'COUNTER_SMS_LIMITED',
        reached.limit === 'number'
          ? 'Enough codes have been sent to this number for now: wait before the next one'
          : reached.limit === 'staff'
            ? 'You have sent the most codes by SMS allowed for now: wait before the next one'
            : 'This branch has sent the most codes by SMS allowed for now: wait before the next one',
        {
          retryAfterSeconds: reached.retryAfterSeconds,
          extra: { retryAfterSeconds: reached.retryAfterSeconds, limit: reached.limit },
        },
      )
    },
  }
}
export type CounterSmsLimits = ReturnType<typeof createCounterSmsLimits>
