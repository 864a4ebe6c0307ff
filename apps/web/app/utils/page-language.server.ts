import type { Locale } from '@padi/domain/i18n/locales'

const LANGUAGE_KEYS = new Set(['en', 'bm', 'th'])

function isLocalizedText(value: object): value is Record<string, unknown> {
  const keys = Object.keys(value)
  return (
    keys.length > 0 &&
    keys.every((k) => LANGUAGE_KEYS.has(k)) &&
    typeof (value as { en?: unknown }).en === 'string'
  )
}

/**
 * Loader data with every translated text (`{ en, bm, th }`) cut down to the page's language, so
 * an English page does not carry the Malay and Thai texts of every product or branch to the
 * phone (budget F5). The shape stays a LocalizedText that `localizedText(value, locale)` reads:
 * the other languages are left out, and `en` is kept empty on a Malay or Thai page (readers skip
 * an empty text, and fall back to English only where the page's language has none).
 */
export function onlyLanguage<T>(value: T, locale: Locale): T {
  if (Array.isArray(value)) return value.map((item: unknown) => onlyLanguage(item, locale)) as T
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  if (isLocalizedText(value)) {
    const own = value[locale]
    const text = typeof own === 'string' && own !== '' ? own : (value.en as string)
    return (locale === 'en' ? { en: text } : { en: '', [locale]: text }) as T
  }
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[key] = onlyLanguage(item, locale)
  return out as T
}
