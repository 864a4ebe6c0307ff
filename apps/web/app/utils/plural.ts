import { LOCALE_HTML_LANG, type Locale } from '@padi/domain/i18n/locales'

const rules = new Map<Locale, Intl.PluralRules>()

/**
 * Every text is in the three languages: the catalogue key of a sentence with a count in the form its
 * language gives that count: `key.one` ("Create 1 voucher") or `key.other` ("Create 2
 * vouchers"). Malay and Thai have one form for every count (their catalogues carry both keys
 * with the same text, so every language has the same keys).
 */
export function pluralKey(key: string, count: number, locale: Locale): string {
  let rule = rules.get(locale)
  if (!rule) {
    rule = new Intl.PluralRules(LOCALE_HTML_LANG[locale])
    rules.set(locale, rule)
  }
  return `${key}.${rule.select(count) === 'one' ? 'one' : 'other'}`
}
