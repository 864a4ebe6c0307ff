import type { Currency } from '../markets.ts'

/**
 * Hours ahead of UTC of the farmer's calendar, by the line's currency: Malaysia UTC+8, Thailand
 * UTC+7 (neither keeps summer time). Days (harvest, planting) are days in this calendar.
 */
export const CALENDAR_OFFSET_HOURS: Record<Currency, number> = { MYR: 8, THB: 7 }

/** The farmer's calendar day (YYYY-MM-DD) at an instant. */
export function dayOf(instant: Date, currency: Currency): string {
  return new Date(instant.getTime() + CALENDAR_OFFSET_HOURS[currency] * 3_600_000)
    .toISOString()
    .slice(0, 10)
}

/** The instant a farmer's calendar day (YYYY-MM-DD) begins. */
export function startOfDay(day: string, currency: Currency): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CALENDAR_OFFSET_HOURS[currency] * 3_600_000)
}
