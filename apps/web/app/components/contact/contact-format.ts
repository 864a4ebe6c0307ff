import type { Branch } from '@padi/domain/branches/schemas'
import { localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { LatLng } from '@padi/domain/geo/distance'
import type { Translate } from '~/utils/i18n.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/** 'HH:MM' -> minutes since midnight. */
export function toMinutes(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/**
 * A time of day as people there write it: 9:30 AM (en, docs/product/limits.md writes 9:30AM-6:30PM),
 * 9.30 pagi (bm), 09.30 (th, 24-hour; the range adds 'น.'). The words come from the catalogue.
 * Not Intl: its output differs between ICU versions, which would break hydration.
 */
export function formatClock(minutes: number, locale: Locale, t: Translate): string {
  const h24 = Math.floor(minutes / 60) % 24
  const m = minutes % 60
  const period = h24 < 12 ? 'morning' : h24 < 13 ? 'noon' : h24 < 19 ? 'afternoon' : 'evening'
  const time =
    locale === 'th'
      ? `${pad(h24)}.${pad(m)}`
      : `${h24 % 12 || 12}${locale === 'en' ? ':' : '.'}${pad(m)}`
  // No-break spaces: '5:30 PM' must not wrap between the time and PM.
  return t(`contact.clock.${period}`, { time }).replace(/ /g, '\u00a0')
}

export function formatHoursRange(
  hours: { open: string; close: string },
  locale: Locale,
  t: Translate,
): string {
  return t('contact.hoursRange', {
    open: formatClock(toMinutes(hours.open), locale, t),
    close: formatClock(toMinutes(hours.close), locale, t),
  })
}

/** Splits the subscriber digits into the groups people read aloud: 731 0001, 2410 0012. */
function groupDigits(rest: string): string {
  return rest.length === 8
    ? `${rest.slice(0, 4)} ${rest.slice(4)}`
    : `${rest.slice(0, 3)} ${rest.slice(3)}`
}

/**
 * E.164 -> the national form printed on shop signs: +6047310001 -> 04-731 0001,
 * +60123456789 -> 012-345 6789, +6635520015 -> 035-520-015, +66812345678 -> 081-234-5678.
 * The tel: link keeps the E.164 number, so the call works from either country.
 */
export function formatPhone(e164: string): string {
  const digits = e164.replace(/[^\d+]/g, '')
  if (/^\+60\d{8,10}$/.test(digits)) {
    const n = digits.slice(3)
    const areaLength = n.startsWith('1') ? 2 : 1 // mobile 01x, landline 0x
    return `0${n.slice(0, areaLength)}-${groupDigits(n.slice(areaLength))}`
  }
  if (/^\+66\d{8,9}$/.test(digits)) {
    const n = digits.slice(3)
    if (n.startsWith('2')) return `02-${n.slice(1, 4)}-${n.slice(4)}` // Bangkok
    return `0${n.slice(0, 2)}-${n.slice(2, 5)}-${n.slice(5)}`
  }
  return e164
}

/** Malaysia writes '05000 Kota Setar, Kedah'; Thailand puts the postcode last. */
export function addressLines(
  branch: Pick<Branch, 'address' | 'postcode' | 'district' | 'state' | 'market'>,
  locale: Locale,
): [string, string] {
  const address = localizedText(branch.address, locale)
  const district = localizedText(branch.district, locale)
  const state = localizedText(branch.state, locale)
  const { postcode } = branch
  return branch.market === 'TH'
    ? [address, `${district}, ${state} ${postcode}`]
    : [address, `${postcode} ${district}, ${state}`]
}

/** A plain link the phone hands to its maps app; nothing is loaded by this page. */
export function directionsUrl(point: LatLng): string {
  return `https://www.google.com/maps/search/?api=1&query=${point.lat},${point.lng}`
}

export function openStreetMapUrl(centre: LatLng, zoom: number): string {
  const lat = centre.lat.toFixed(4)
  const lng = centre.lng.toFixed(4)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`
}

export function whatsAppUrl(e164: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}`
}
