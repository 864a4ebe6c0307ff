import type { Currency } from '../markets.ts'
import { dayOf, startOfDay } from './farmer-calendar.ts'

/** docs/product/limits.md: late fee of 1.5% per month on credit owed after the settlement or harvest date. */
export const LATE_FEE_PERCENT_PER_MONTH = 1.5

/** docs/product/limits.md: the late fee, in minor units, for `months` whole months on the amount still owed. */
export function lateFeeMinor(owedMinor: number, months = 1): number {
  if (!Number.isSafeInteger(owedMinor) || owedMinor < 0)
    throw new RangeError('owed must be whole minor units')
  if (!Number.isInteger(months) || months < 0) throw new RangeError('months must be a whole number')
  return Math.round((owedMinor * LATE_FEE_PERCENT_PER_MONTH * months) / 100)
}

/**
 * The moment `months` calendar months after `from`, counted in the farmer's calendar: 31 January
 * plus one month is the last day of February, the time of day kept.
 */
export function addMonths(from: Date, months: number, currency: Currency): Date {
  const day = dayOf(from, currency)
  const timeOfDay = from.getTime() - startOfDay(day, currency).getTime()
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  // Day 0 of the month after is the last day of the month the date moves to.
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate()
  const moved = new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay)))
  return new Date(startOfDay(moved.toISOString().slice(0, 10), currency).getTime() + timeOfDay)
}

/**
 * docs/product/credit.md (Late fees): how many whole months past the due date `now` is. A month's
 * fee is added when that month is complete: 0 until one month after the due date.
 */
export function monthsPastDue(dueAt: Date, now: Date, currency: Currency): number {
  if (now.getTime() < dueAt.getTime()) return 0
  let months = 0
  while (addMonths(dueAt, months + 1, currency).getTime() <= now.getTime()) months += 1
  return months
}

/**
 * docs/product/credit.md (Late fees): the fee counts on what is owed that is not itself a fee
 * (principal and interest); fees do not earn fees.
 */
export function lateFeeBaseMinor(line: { utilisedMinor: number; interestMinor: number }): number {
  return line.utilisedMinor + line.interestMinor
}

/**
 * docs/product/credit.md (Late fees): the preview the farmer sees before a fee is added: when the
 * next one will be added and how much it would be on what is owed now; null when nothing is owed
 * or the line has no due date.
 */
export function nextLateFee(
  line: { dueAt: Date | null; utilisedMinor: number; interestMinor: number; currency: Currency },
  now: Date,
): { at: Date; feeMinor: number } | null {
  if (!line.dueAt) return null
  const feeMinor = lateFeeMinor(lateFeeBaseMinor(line))
  if (feeMinor === 0) return null
  const at = addMonths(line.dueAt, monthsPastDue(line.dueAt, now, line.currency) + 1, line.currency)
  return { at, feeMinor }
}
