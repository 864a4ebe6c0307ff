import type { Message } from '~/components/auth/form-alert.tsx'
import { readRefusal } from '../../../utils/api-errors.server.ts'
import { rateLimitWait, retryAfterSeconds } from '../../../utils/rate-limit.server.ts'

/** The refusals the counter names; anything else is 'could not be done'. */
const REFUSALS: Record<string, string> = {
  QR_NOT_FOUND: 'counter.errors.notFound',
  QR_EXPIRED: 'counter.errors.expired',
  QR_USED: 'counter.errors.used',
  VOUCHER_UNAVAILABLE: 'counter.errors.voucherUnavailable',
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
