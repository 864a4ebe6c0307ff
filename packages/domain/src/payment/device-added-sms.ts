import { SegmentedMessage } from 'sms-segments-calculator'
import { formatDateTime } from '../dates.ts'
import { MARKET_TIME_ZONE } from '../markets.ts'
import type { Locale } from '../i18n/locales.ts'
import { noticeText, type NoticeParams } from '../notices/notice-sms-text.ts'

/**
 * docs/product/notices.md: one segment is 160 GSM-7 septets, or 70 UCS-2 units as soon as one
 * character is outside GSM-7 (Thai, an emoji in a name).
 */
function fitsOneSegment(text: string): boolean {
  return new SegmentedMessage(text).segmentsCount === 1
}

/**
 * "25-04 14:05" in the farmer's time zone: the Thai notice has no room for the year or "PM" (one
 * 70-character segment, or the device's name is cut): the one exception to the rule of
 * docs/product/dates-and-times.md, written there.
 */
function shortMoment(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('day')}-${get('month')} ${get('hour')}:${get('minute')}`
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

const isGsm7 = (text: string) => new SegmentedMessage(text).encodingName === 'GSM-7'

/**
 * docs/product/orders-and-payments.md (Biometrics): what the SMS sent when a device is added
 * names: the device (as the customer named it) and when, in the farmer's time zone. The notice is
 * one SMS segment in every language. In English and Malay a character outside GSM-7 in the name
 * (an emoji) would cut the room from 160 to 70, so it is left out; a name too long for the room
 * is shortened (whole characters, Thai marks kept with their letter) and ends with "...". A name
 * with nothing left in GSM-7 (all in Thai, in an English SMS) is kept as it is: naming the device
 * is worth a second segment.
 */
export function deviceAddedParams(input: {
  locale: Locale
  label: string
  at: Date
  market: 'MY' | 'TH'
  product: string
}): NoticeParams {
  const timeZone = MARKET_TIME_ZONE[input.market]
  const date =
    input.locale === 'th' ? shortMoment(input.at, timeZone) : formatDateTime(input.at, timeZone)
  const text = (device: string) =>
    noticeText(input.locale, 'device_added', { device, date }, input.product)
  const label = input.label.trim()
  if (fitsOneSegment(text(label))) return { device: label, date }
  let kept = [...graphemes.segment(label)].map((s) => s.segment)
  if (isGsm7(text(''))) {
    const gsm = kept.filter(isGsm7)
    if (gsm.join('').trim() === '') return { device: label, date }
    kept = [...graphemes.segment(gsm.join('').replace(/ {2,}/g, ' ').trim())].map((s) => s.segment)
    if (fitsOneSegment(text(kept.join('')))) return { device: kept.join(''), date }
  }
  while (kept.length > 1 && !fitsOneSegment(text(`${kept.join('').trimEnd()}...`))) kept.pop()
  return { device: `${kept.join('').trimEnd()}...`, date }
}
