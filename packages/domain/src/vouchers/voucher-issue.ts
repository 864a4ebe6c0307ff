import { normaliseMobile } from '../auth/phone.ts'
import { marketDay } from '../dates.ts'
import type { Currency, Market } from '../markets.ts'
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
 * two decimals, an expiry date (YYYY-MM-DD) that exists. The customer, the limit of their currency
 * and whether the day is still to come in their market (expiryProblem) are checked by the API.
 */
export function voucherRowProblem(
  row: VoucherRowInput,
): { ok: true; mobile: string; valueMinor: number } | { ok: false; problem: VoucherRowProblem } {
  const mobile = normaliseMobile(row.mobile)
  if (!mobile || !/^\+\d{9,14}$/.test(mobile))
    return { ok: false, problem: 'vouchers.issue.errors.mobile' }
  const value = parseAmountMinor(row.value)
  if (!value.ok) return { ok: false, problem: 'vouchers.issue.errors.value' }
  const day = row.expires_on.trim()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !isCalendarDay(day))
    return { ok: false, problem: 'vouchers.issue.errors.date' }
  return { ok: true, mobile, valueMinor: value.minor }
}

/** Whether YYYY-MM-DD names a day of the calendar (not 2027-02-30). */
function isCalendarDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day
}

/**
 * docs/product/vouchers.md (issuing; validity): the expiry day must be after today in the
 * customer's market. A voucher is valid through its whole expiry day, so one expiring today would
 * be worth a few hours at most; finance chooses a later day.
 */
export function expiryProblem(
  expiresOn: string,
  market: Market,
  now: Date,
): VoucherRowProblem | null {
  return expiresOn.trim() <= marketDay(now, market) ? 'vouchers.issue.errors.past' : null
}
