// docs/product/credit.md (Repayment receipts): the rules of a receipt, without zod, so the
// receipt page can state and check them in the browser.

export const RECEIPT_METHODS = ['bank_transfer', 'cash_deposit'] as const
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number]

/** A receipt waits for finance's check, then is approved (a repayment) or rejected. */
export const RECEIPT_STATES = ['pending', 'approved', 'rejected'] as const
export type ReceiptState = (typeof RECEIPT_STATES)[number]

/** One file, PNG, JPG, JPEG or PDF, not empty and under 10 MB. */
export const RECEIPT_MAX_FILE_BYTES = 10 * 1024 * 1024 - 1

export type AmountProblem =
  'receipt.errors.amountInvalid' | 'receipt.errors.amountPositive' | 'receipt.errors.amountDecimals'

/**
 * docs/product/credit.md (Repayment receipts): the amount as typed ("150", "150.5", "1,250.00")
 * in minor units, or why it cannot be: not a number, not above 0, more than two decimals.
 */
export function parseAmountMinor(
  text: string,
): { ok: true; minor: number } | { ok: false; problem: AmountProblem } {
  const plain = text.trim().replace(/,/g, '')
  if (!/^\d+(\.\d+)?$/.test(plain)) return { ok: false, problem: 'receipt.errors.amountInvalid' }
  const [whole, fraction = ''] = plain.split('.')
  if (fraction.length > 2) return { ok: false, problem: 'receipt.errors.amountDecimals' }
  if (whole!.length > 9) return { ok: false, problem: 'receipt.errors.amountInvalid' }
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (minor <= 0) return { ok: false, problem: 'receipt.errors.amountPositive' }
  return { ok: true, minor }
}

/**
 * docs/product/credit.md (Repayment receipts): a receipt may not be for more than the credit
 * used ('Amount more than utilised credits').
 */
export function exceedsUtilised(amountMinor: number, utilisedMinor: number): boolean {
  return amountMinor > utilisedMinor
}
