import type { OpeningHours } from '@padi/domain/branches/schemas'
import { isOpenAt } from '@padi/domain/branches/opening-hours'
import { localClock } from '@padi/domain/dates'

export type BranchStatus = {
  /** Weekday in the branch's own time zone, 0 = Sunday (the opening_hours index). */
  weekday: number
  today: { open: string; close: string } | null
  openNow: boolean
}

/** Issue text: today's hours and the open-now pill use each branch's own time zone. */
export function branchStatus(
  branch: { opening_hours: OpeningHours; timezone: string },
  now: Date,
): BranchStatus {
  const { weekday } = localClock(now, branch.timezone)
  return {
    weekday,
    today: branch.opening_hours[weekday] ?? null,
    openNow: isOpenAt(branch.opening_hours, now, branch.timezone),
  }
}
