import type { Locale } from '../i18n/locales.ts'

/**
 * docs/product/vouchers.md (a code by SMS), ADR 063: when a customer cannot show a code (no mobile
 * data in the field), the clerk has one sent by SMS to the customer's registered number. It is a
 * counter code like the QR page's (the same 8 digits, typed at the counter), valid at the branch
 * that asked for it only, for long enough to arrive and be read out.
 */
export const COUNTER_SMS_CODE = 'counter_code' as const
export type CounterSmsCode = typeof COUNTER_SMS_CODE

/** 10 minutes: an SMS can take a minute or two to arrive, and the customer stays at the counter. */
export const COUNTER_SMS_CODE_TTL_MS = 10 * 60_000

/** What the message names: the code (its 8 digits in two fours) and the branch, in the customer's language. */
export type CounterSmsCodeParams = { code: string; branch: string }

const TEXT: Record<Locale, string> = {
  // GSM-7 only (one segment of 160): no curly quotes.
  en: '{product}: your counter code at {branch} is {code}. Read it out only to the clerk in front of you, never on the phone. Valid 10 minutes.',
  bm: '{product}: kod kaunter anda di {branch} ialah {code}. Bacakan hanya kepada kakitangan di depan anda, bukan melalui telefon. Sah 10 minit.',
  // UCS-2: 70 characters a segment (67 each when it takes two); the warning is what must stay.
  th: '{product}: รหัส {code} ใช้ที่เคาน์เตอร์{branch} 10 นาที บอกเฉพาะพนักงานตรงหน้า ห้ามบอกทางโทรศัพท์',
}

/** The 8 digits as the customer reads them out: two groups of four. */
export function spacedDigits(digits: string): string {
  return `${digits.slice(0, 4)} ${digits.slice(4)}`
}

/** The SMS that carries a counter code, in the customer's language. */
export function counterSmsCodeText(
  locale: Locale,
  params: CounterSmsCodeParams,
  product: string,
): string {
  return (
    TEXT[locale]
      .replace('{product}', product)
      .replace('{code}', params.code)
      // A branch name is ours, but is put in as it is ('$&' in it is not a replacement pattern).
      .replace('{branch}', () => params.branch)
  )
}
