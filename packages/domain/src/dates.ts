/** docs/product/limits.md: dates display as DD-MM-YYYY, Gregorian years on every locale (Thai pages too). */
export function formatDate(date: Date | string | number, timeZone = 'Asia/Kuala_Lumpur'): string {
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
 * docs/product/vouchers.md: a moment as DD-MM-YYYY with the 12-hour time, upper-case (en-GB):
 * "25-11-2026 03:30 PM", in the farmer's time zone.
 */
export function formatDateTime(
  date: Date | string | number,
  timeZone = 'Asia/Kuala_Lumpur',
): string {
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
