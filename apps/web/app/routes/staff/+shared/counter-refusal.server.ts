import { formatMoney } from '@padi/domain/money'
import type { Message } from '~/components/auth/form-alert.tsx'
import { readRefusal } from '../../../utils/api-errors.server.ts'
import { rateLimitWait, retryAfterSeconds } from '../../../utils/rate-limit.server.ts'

/** The refusals the counter names; anything else is 'could not be done'. */
const REFUSALS: Record<string, string> = {
  QR_NOT_FOUND: 'counter.errors.notFound',
  QR_EXPIRED: 'counter.errors.expired',
  QR_USED: 'counter.errors.used',
  VOUCHER_UNAVAILABLE: 'counter.errors.voucherUnavailable',
  // docs/product/vouchers.md (a voucher at a counter of another market).
  VOUCHER_OTHER_MARKET: 'counter.errors.otherMarket',
  VOUCHER_EXCEEDS_PURCHASE: 'counter.errors.exceeds',
  OUT_OF_STOCK: 'counter.errors.stock',
  ORDER_NOT_AT_BRANCH: 'counter.errors.order',
  CONFLICT: 'counter.errors.order',
  // docs/product/vouchers.md (a suspended customer): the customer's account, not the clerk's.
  COUNTER_CUSTOMER_SUSPENDED: 'counter.errors.suspended',
}

/**
 * What the counter page shows for an API refusal, and the status (and Retry-After) it answers
 * with. docs/product/vouchers.md (guessing codes): after too many unknown or expired codes the
 * clerk reads how long to wait, and the page's Retry-After says the same wait (security row 55):
 * in seconds up to a minute and a half, in whole minutes beyond.
 */
export function counterRefusal(error: unknown): { message: Message; init: ResponseInit } {
  const refusal = readRefusal(error)
  if (refusal.code === 'COUNTER_CASH_CHANGED') {
    // docs/product/vouchers.md (the sale): the clerk was shown another figure; nothing was sold.
    const cash = refusal.error.body.cash
    return {
      message: cash
        ? {
            key: 'counter.errors.cashChanged',
            params: { cash: formatMoney(cash.amount_minor, cash.currency) },
          }
        : { key: 'counter.errors.failed' },
      init: refusal.init,
    }
  }
  if (refusal.code === 'QR_LOOKUP_LIMITED') {
    const seconds = retryAfterSeconds(refusal.error) ?? 60
    if (seconds <= 90)
      return {
        message: { key: 'counter.errors.limitedSeconds', params: { seconds } },
        init: { status: 429, headers: { 'Retry-After': String(seconds) } },
      }
    // Whole minutes, rounded up as every other wait the shop shows.
    const wait = rateLimitWait(refusal.error)
    return {
      message: { key: 'counter.errors.limitedMinutes', params: { minutes: wait.seconds / 60 } },
      init: { status: 429, headers: { 'Retry-After': String(wait.seconds) } },
    }
  }
  return {
    message: { key: REFUSALS[refusal.code ?? ''] ?? 'counter.errors.failed' },
    init: refusal.init,
  }
}

/** Where the counter shows why a code by SMS was not sent: under the number, or as the form's alert. */
export type SmsRefusal = { field?: string; message?: Message; init: ResponseInit }

/**
 * docs/product/vouchers.md (a code by SMS): a number the API cannot read, or of another country
 * than the branch's, is said under the field; a limit says how long to wait (the cool-down per
 * number in seconds, the hourly limits in whole minutes), with the same Retry-After; anything else
 * as every other refusal at the counter.
 */
export function smsRefusal(error: unknown): SmsRefusal {
  const refusal = readRefusal(error)
  switch (refusal.code) {
    case 'VALIDATION_FAILED': {
      const empty = refusal.error.errors.some((e) => e.message === 'validation.mobileRequired')
      return {
        field: empty ? 'counter.sms.errors.mobileRequired' : 'counter.sms.errors.mobileInvalid',
        init: { status: 400 },
      }
    }
    case 'COUNTER_SMS_WRONG_MARKET':
      return { field: 'counter.sms.errors.market', init: { status: 422 } }
    case 'OTP_COOLDOWN': {
      const seconds = retryAfterSeconds(refusal.error) ?? 60
      return {
        message: { key: 'counter.sms.errors.cooldown', params: { seconds } },
        init: { status: 429, headers: { 'Retry-After': String(seconds) } },
      }
    }
    case 'OTP_SEND_LIMIT':
    case 'COUNTER_SMS_LIMITED': {
      const wait = rateLimitWait(refusal.error)
      const limit = refusal.error.body.limit
      const key =
        limit === 'staff'
          ? 'counter.sms.errors.limitedStaff'
          : limit === 'branch'
            ? 'counter.sms.errors.limitedBranch'
            : 'counter.sms.errors.limitedNumber'
      return {
        message: { key, params: { minutes: wait.seconds / 60 } },
        init: { status: 429, headers: { 'Retry-After': String(wait.seconds) } },
      }
    }
    default:
      return counterRefusal(error)
  }
}
