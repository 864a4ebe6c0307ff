import { LOCALES } from '@padi/domain/i18n/locales'

/**
 * Where to go after logging in: only a path on this site under a locale prefix ('/en/...'), never
 * '//host' or '/\host' (which browsers read as another site) and never a full URL; anything else
 * goes to the home page of the current language.
 */
export function safeRedirectTo(value: unknown, lang: string): string {
  const home = `/${lang}`
  if (typeof value !== 'string' || value.length > 1000) return home
  if (value.startsWith('//') || value.includes('\\')) return home
  // Control characters and spaces could hide a scheme or a host from the check above.
  if ([...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return home
  const underLocale = LOCALES.some((l) => value.startsWith(`/${l}/`))
  return underLocale ? value : home
}
