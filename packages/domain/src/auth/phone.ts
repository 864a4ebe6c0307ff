import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

// docs/product/accounts.md: a phone number is at most 15 characters and valid; we serve Malaysia and Thailand.
export const PHONE_MAX_LENGTH = 15
export const PHONE_COUNTRIES = ['MY', 'TH'] as const
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]

/**
 * Normalises a typed mobile number to E.164 (+60123456789), or null when it is not a valid
 * Malaysian or Thai number. Local forms are accepted: 012-345 6789 (MY), 081 234 5678 (TH).
 */
export function normaliseMobile(input: string, defaultCountry: PhoneCountry = 'MY'): string | null {
  const text = input.trim()
  if (text === '' || text.length > PHONE_MAX_LENGTH + 4) return null
  const candidates: PhoneCountry[] = text.startsWith('+')
    ? [defaultCountry]
    : [defaultCountry, ...PHONE_COUNTRIES.filter((c) => c !== defaultCountry)]
  for (const country of candidates) {
    const parsed = parsePhoneNumberFromString(text, country)
    if (!parsed || !parsed.isValid()) continue
    if (!PHONE_COUNTRIES.includes(parsed.country as PhoneCountry)) return null
    if (parsed.number.length > PHONE_MAX_LENGTH) return null
    return parsed.number
  }
  return null
}

export function countryOfMobile(e164: string): PhoneCountry | null {
  const parsed = parsePhoneNumberFromString(e164)
  const country = parsed?.country
  return country === 'MY' || country === 'TH' ? country : null
}
