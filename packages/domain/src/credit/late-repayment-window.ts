/**
 * docs/product/credit.md: a late-repayment application can be made from 1 month before the harvest date until
 * the original harvest date. Returns the same calendar day one month earlier (ISO YYYY-MM-DD); a
 * day that month lacks (31 March -> 28/29 February) becomes that month's last day.
 */
export function oneMonthBefore(isoDate: string): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number)
  const date = new Date(Date.UTC(y, m - 2, d))
  if (date.getUTCDate() !== d) date.setUTCDate(0)
  return date.toISOString().slice(0, 10)
}
