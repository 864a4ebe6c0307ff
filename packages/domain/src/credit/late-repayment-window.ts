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

export type LateRepaymentWindow =
  | { status: 'too_early'; opensOn: string }
  | { status: 'open'; daysLeft: number }
  | { status: 'expired' }

/** Whole days from one ISO day to another (both YYYY-MM-DD, in the farmer's own calendar). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/**
 * docs/product/credit.md (Late repayment): where `today` falls against the window for a harvest
 * on `harvestDate` (both YYYY-MM-DD in the farmer's calendar): before one month ahead of it, too
 * early (with the day it opens); from then until the harvest date itself, open, with the days
 * left (0 on the harvest date); after it, expired.
 */
export function lateRepaymentWindow(harvestDate: string, today: string): LateRepaymentWindow {
  const opensOn = oneMonthBefore(harvestDate)
  if (today < opensOn) return { status: 'too_early', opensOn }
  if (today > harvestDate) return { status: 'expired' }
  return { status: 'open', daysLeft: daysBetween(today, harvestDate) }
}
