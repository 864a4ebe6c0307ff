import { MARKET_TIME_ZONE, type Market } from './markets.ts'

/**
 * docs/product/dates-and-times.md: a moment's day as DD-MM-YYYY, Gregorian years in every
 * language (Thai pages too), told in the given zone: a market's (MARKET), never a default one.
 */
export function formatDate(date: Date | string | number, timeZone: string): string {
  const d = date instanceof Date ? date : new Date(date)
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    calendar: 'gregory',
  }).formatToParts(d)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('day')}-${get('month')}-${get('year')}`
}

/** Minutes since local midnight in a time zone, for opening-hours checks. */
export function localClock(date: Date, timeZone: string): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'))
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) }
}

/**
 * docs/product/dates-and-times.md: a moment as DD-MM-YYYY with the 12-hour time, upper-case AM/PM
 * (en-GB) in every language: "25-11-2026 03:30 PM", in the given market zone.
 */
export function formatDateTime(date: Date | string | number, timeZone: string): string {
  const d = date instanceof Date ? date : new Date(date)
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(d)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const hour = get('hour').padStart(2, '0')
  return `${formatDate(d, timeZone)} ${hour}:${get('minute')} ${get('dayPeriod').toUpperCase()}`
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * docs/product/limits.md (time zone of a market): the calendar day (YYYY-MM-DD) it is in a market
 * at an instant, told in the market's one time zone (MARKET_TIME_ZONE).
 */
export function marketDay(instant: Date, market: Market): string {
  const timeZone = MARKET_TIME_ZONE[market]
  let format = dayFormats.get(timeZone)
  if (!format) {
    // en-CA writes YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
    })
    dayFormats.set(timeZone, format)
  }
  return format.format(instant)
}

// Made once a zone, and each midnight found once: the late-fee job asks for many (every month
// past due of every line), and asking the zone costs far more than the arithmetic around it. The
// days asked for are few (due dates and the months after them); the cap only bounds odd input.
const clockFormats = new Map<string, Intl.DateTimeFormat>()
const midnights = new Map<string, number>()
const MIDNIGHTS_KEPT = 10_000

/**
 * The instant a market's calendar day (YYYY-MM-DD) begins: its midnight in the market's time zone.
 * Found from the zone's offset at that moment (neither market keeps summer time, but nothing here
 * relies on it).
 */
export function startOfMarketDay(day: string, market: Market): Date {
  const timeZone = MARKET_TIME_ZONE[market]
  const key = `${timeZone} ${day}`
  const known = midnights.get(key)
  if (known !== undefined) return new Date(known)
  const midnightUtc = Date.parse(`${day}T00:00:00Z`)
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    clockFormats.set(timeZone, format)
  }
  const clock = format
  const offsetAt = (instant: number) => {
    const parts = clock.formatToParts(new Date(instant))
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
    const local = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    )
    return local - instant
  }
  const guess = midnightUtc - offsetAt(midnightUtc)
  const midnight = midnightUtc - offsetAt(guess)
  if (midnights.size >= MIDNIGHTS_KEPT) midnights.clear()
  midnights.set(key, midnight)
  return new Date(midnight)
}

/** A calendar day written YYYY-MM-DD (a due date, a harvest date), as opposed to an instant. */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
}

/**
 * docs/product/dates-and-times.md: a calendar day (YYYY-MM-DD) as it is shown, DD-MM-YYYY. A day
 * has no time zone: it is shown as written, never moved by a zone.
 */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}-${month}-${year}`
}
