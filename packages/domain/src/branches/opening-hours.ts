import { localClock } from '../dates.ts'
import type { OpeningHours } from './schemas.ts'

function toMinutes(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/** True when the local time in `timeZone` falls inside that weekday's opening hours. */
export function isOpenAt(hours: OpeningHours, now: Date, timeZone: string): boolean {
  const { weekday, minutes } = localClock(now, timeZone)
  const today = hours[weekday]
  if (!today) return false
  return minutes >= toMinutes(today.open) && minutes < toMinutes(today.close)
}
