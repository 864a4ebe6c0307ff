// docs/product/shell.md: English, Malay and Thai; routing is locale-prefixed.
export const LOCALES = ['en', 'bm', 'th'] as const
export type Locale = (typeof LOCALES)[number]

export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** BCP 47 tag used for <html lang> and Intl. */
export const LOCALE_HTML_LANG: Record<Locale, string> = { en: 'en-MY', bm: 'ms-MY', th: 'th-TH' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** docs/product/shell.md: browser codes en-MY, ms-MY, th-TH map to en, bm, th; plain ms and th too. */
export function localeFromLanguageTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split('-')[0]
  if (primary === 'en') return 'en'
  if (primary === 'ms') return 'bm'
  if (primary === 'th') return 'th'
  return null
}

/**
 * A path's first segment that names a language (/fr/products, /ms-MY/products): a BCP 47 tag whose
 * language is known. Answers the matching locale, or null for a language the shop does not have;
 * undefined when the segment is not a language tag at all (/faq stays a path).
 */
export function languageOfSegment(segment: string): Locale | null | undefined {
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(segment)) return undefined
  let name: string | undefined
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(segment)
  } catch {
    return undefined
  }
  return name ? localeFromLanguageTag(segment) : undefined
}

/** Picks the best supported locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const entry of ranked) {
    const locale = localeFromLanguageTag(entry.tag)
    if (locale) return locale
  }
  return null
}

/** docs/product/shell.md: cookie first, then Accept-Language, then the configured default. */
export function resolveLocale(input: {
  cookie: string | null | undefined
  acceptLanguage: string | null | undefined
  fallback: Locale
}): Locale {
  if (isLocale(input.cookie)) return input.cookie
  return localeFromAcceptLanguage(input.acceptLanguage) ?? input.fallback
}

/** Server text may be JSON {en, bm, th?}; docs/product/shell.md: fall back to en, then bm. */
export type LocalizedText = { en: string; bm?: string | undefined; th?: string | undefined }

// No zod here: this file runs in every page's browser bundle, where bytes cost farmers on 2G.
function pickText(value: Partial<Record<Locale, unknown>>, locale: Locale): string {
  for (const key of [locale, 'en', 'bm'] as const) {
    const text = value[key]
    if (typeof text === 'string' && text !== '') return text
  }
  return ''
}

export function localizedText(
  value: LocalizedText | string | null | undefined,
  locale: Locale,
): string {
  if (value == null) return ''
  if (typeof value === 'string') {
    const trimmed = value.trim()
    if (!trimmed.startsWith('{')) return value
    try {
      const parsed: unknown = JSON.parse(trimmed)
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return value
      return pickText(parsed as Partial<Record<Locale, unknown>>, locale) || value
    } catch {
      return value
    }
  }
  return pickText(value, locale)
}
