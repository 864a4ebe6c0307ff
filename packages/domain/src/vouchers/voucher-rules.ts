import { marketDay } from '../dates.ts'
import type { Market } from '../markets.ts'

// docs/product/vouchers.md: the cash-voucher programme's rules, without zod (pages use them too).

export const VOUCHER_STATES = ['active', 'redeemed'] as const
export type VoucherState = (typeof VOUCHER_STATES)[number]

/** As the farmer sees a voucher: a redeemed one is redeemed; an unused one past its expiry, expired. */
export type VoucherStatus = VoucherState | 'expired'

/**
 * docs/product/vouchers.md (validity): a voucher is valid through the whole of its expiry day as
 * printed on it ("Valid until 30-06-2027"), that day counted in its own market's time zone. It has
 * expired once that market's calendar has passed the day.
 */
export function hasExpired(v: { market: Market; expiresOn: string }, now: Date): boolean {
  return v.expiresOn < marketDay(now, v.market)
}

export function voucherStatus(
  v: { state: VoucherState; market: Market; expiresOn: string },
  now: Date,
): VoucherStatus {
  if (v.state === 'redeemed') return 'redeemed'
  return hasExpired(v, now) ? 'expired' : 'active'
}

export type VoucherRefusal = 'not_owner' | 'redeemed' | 'wrong_market' | 'expired'

/**
 * docs/product/vouchers.md (terms; a voucher at a counter of another market): why a voucher
 * cannot pay for a purchase at a counter, or null. A voucher is its owner's, unused, of the
 * counter's market (a baht voucher at a Malaysian counter is never usable there, whatever its
 * date) and not past its expiry day. That it is worth no more than the purchase is judged for all
 * the vouchers together (splitPayment).
 */
export function voucherRefusal(
  v: { userId: number; market: Market; state: VoucherState; expiresOn: string },
  purchase: { userId: number; market: Market; now: Date },
): VoucherRefusal | null {
  if (v.userId !== purchase.userId) return 'not_owner'
  if (v.state === 'redeemed') return 'redeemed'
  if (v.market !== purchase.market) return 'wrong_market'
  if (hasExpired(v, purchase.now)) return 'expired'
  return null
}

/**
 * docs/product/vouchers.md: how an in-person purchase is paid: the vouchers in full, the rest in
 * cash. Refused when the vouchers are worth more than the purchase (no change is given).
 */
export function splitPayment(
  totalMinor: number,
  voucherValuesMinor: readonly number[],
): { ok: true; vouchersMinor: number; cashMinor: number } | { ok: false } {
  const vouchersMinor = voucherValuesMinor.reduce((s, v) => s + v, 0)
  if (vouchersMinor > totalMinor) return { ok: false }
  return { ok: true, vouchersMinor, cashMinor: totalMinor - vouchersMinor }
}

/** docs/product/vouchers.md: the customer's counter code refreshes every 60 s and lives 90 s. */
export const COUNTER_CODE_REFRESH_MS = 60_000
export const COUNTER_CODE_TTL_MS = 90_000
/** The short code typed when a camera fails: 8 digits. */
export const COUNTER_CODE_DIGITS = 8
/**
 * docs/product/vouchers.md (the customer's visit): once a clerk has found a code, it serves that
 * clerk for this long (or until they close the customer): the sale, and the hand-over of pickup
 * orders after it, without asking the customer for a new code.
 */
export const COUNTER_VISIT_MS = 15 * 60_000
