/** docs/product/limits.md: late fee of 1.5% per month on credit owed after the settlement or harvest date. */
export const LATE_FEE_PERCENT_PER_MONTH = 1.5

/** docs/product/limits.md: the late fee, in minor units, for `months` whole months on the amount still owed. */
export function lateFeeMinor(owedMinor: number, months = 1): number {
  if (!Number.isSafeInteger(owedMinor) || owedMinor < 0)
    throw new RangeError('owed must be whole minor units')
  if (!Number.isInteger(months) || months < 0) throw new RangeError('months must be a whole number')
  return Math.round((owedMinor * LATE_FEE_PERCENT_PER_MONTH * months) / 100)
}
