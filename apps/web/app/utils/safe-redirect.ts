import { LOCALES } from '@padi/domain/i18n/locales'

const PROBE = 'http://site.invalid'

/**
 * The one check for every redirect whose target comes from the request (docs/security.md row
 * 23): only a path on this site. Never '//host' or '/\host' (browsers read both as another
 * site), never a scheme, and nothing with control characters or whitespace, which browsers strip
 * ('/\t/evil.test' becomes '//evil.test'). Anything else gives the fallback.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  if ([...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return fallback
  // Belt and braces: whatever the string is, a browser must resolve it on this site.
  if (!URL.canParse(value, PROBE) || new URL(value, PROBE).origin !== PROBE) return fallback
  return value
}

/**
 * Where to go after logging in: a safe path that is also under a locale prefix ('/en/...');
 * anything else goes to the home page of the current language.
 */
export function safeRedirectTo(value: unknown, lang: string): string {
  const home = `/${lang}`
  const path = safeRedirectPath(value, home)
  return LOCALES.some((l) => path.startsWith(`/${l}/`)) ? path : home
}
