import type { Currency } from '../money.ts'

// docs/product/vouchers.md: the cash-voucher programme's rules, without zod (pages use them too).

export const VOUCHER_STATES = ['active', 'redeemed'] as const
export type VoucherState = (typeof VOUCHER_STATES)[number]

/** As the farmer sees a voucher: a redeemed one is redeemed; an unused one past its expiry, expired. */
export type VoucherStatus = VoucherState | 'expired'

export function voucherStatus(
  v: { state: VoucherState; expiresAt: Date },
  now: Date,
): VoucherStatus {
  if (v.state === 'redeemed') return 'redeemed'
  return v.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active'
}

export type VoucherRefusal =
  'not_found' | 'not_owner' | 'redeemed' | 'expired' | 'wrong_market' | 'more_than_purchase'

/**
 * docs/product/vouchers.md (terms): why a voucher cannot pay for this purchase, or null. A voucher
 * is its owner's, in its market's currency, unused and unexpired, and used in full: the vouchers
 * together may not be worth more than the purchase (no change is given; the rest is paid in cash).
 */
export function voucherRefusal(
  v: { userId: number; currency: Currency; state: VoucherState; expiresAt: Date },
  purchase: { userId: number; currency: Currency; now: Date },
): VoucherRefusal | null {
  if (v.userId !== purchase.userId) return 'not_owner'
  if (v.state === 'redeemed') return 'redeemed'
  if (v.expiresAt.getTime() <= purchase.now.getTime()) return 'expired'
  if (v.currency !== purchase.currency) return 'wrong_market'
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
