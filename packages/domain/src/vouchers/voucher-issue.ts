import { normaliseMobile } from '../auth/phone.ts'
import type { Currency } from '../money.ts'
import { parseAmountMinor } from '../repayments/receipt-rules.ts'

// docs/product/vouchers.md (issuing): the rules of a voucher finance issues, one by one or a batch
// from a CSV file (mobile, value, expiry), without zod so the preview and the API agree.

/** The most a voucher may be worth, by currency: RM1,000 or 35,000 baht. */
export const VOUCHER_MAX_MINOR: Record<Currency, number> = { MYR: 100_000, THB: 3_500_000 }
/** A batch: at most this many rows. */
export const VOUCHER_BATCH_MAX_ROWS = 2_000

export type VoucherRowProblem =
  | 'vouchers.issue.errors.mobile'
  | 'vouchers.issue.errors.value'
  | 'vouchers.issue.errors.tooHigh'
  | 'vouchers.issue.errors.date'
  | 'vouchers.issue.errors.past'
  | 'vouchers.issue.errors.customer'

export type VoucherRowInput = { mobile: string; value: string; expires_on: string }

/**
 * One row judged without the database: a mobile number we can read, a value above 0 with at most
 * two decimals, an expiry date (YYYY-MM-DD) after `today`. The customer and the limit of their
 * currency are checked by the API.
 */
export function voucherRowProblem(
  row: VoucherRowInput,
  today: string,
): { ok: true; mobile: string; valueMinor: number } | { ok: false; problem: VoucherRowProblem } {
  const mobile = normaliseMobile(row.mobile)
  if (!mobile || !/^\+\d{9,14}$/.test(mobile))
    return { ok: false, problem: 'vouchers.issue.errors.mobile' }
  const value = parseAmountMinor(row.value)
  if (!value.ok) return { ok: false, problem: 'vouchers.issue.errors.value' }
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(row.expires_on.trim()) ||
    Number.isNaN(Date.parse(row.expires_on))
  )
    return { ok: false, problem: 'vouchers.issue.errors.date' }
  if (row.expires_on.trim() <= today) return { ok: false, problem: 'vouchers.issue.errors.past' }
  return { ok: true, mobile, valueMinor: value.minor }
}
