import { isLocale, LOCALES, type Locale } from '@padi/domain/i18n/locales'
import { API_MESSAGES } from '@padi/domain/i18n/api-messages'
import { pack } from './packed-data.ts'
import { createTranslator, type Messages, type PackedMessages, type Translate } from './i18n.ts'

// Catalogues are split by feature (app/locales/{locale}/{feature}.json) so features own their text.
const files = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' })

/** A language's catalogue: the web's own texts, and the API's refusals' texts in their namespaces. */
function load(locale: Locale): Messages {
  const result: Messages = {}
  for (const [path, messages] of Object.entries(files)) {
    const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(path)
    if (match?.[1] === locale && match[2]) result[match[2]] = messages
  }
  return deepMerge(result, API_MESSAGES[locale])
}

function deepMerge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base }
  for (const [k, v] of Object.entries(over)) {
    const prev = out[k]
    out[k] = typeof v === 'object' && typeof prev === 'object' ? deepMerge(prev, v) : v
  }
  return out
}

export const CATALOGUES: Record<Locale, Messages> = Object.fromEntries(
  LOCALES.map((l) => [l, load(l)]),
) as Record<Locale, Messages>

/** docs/product/shell.md: fall back to en, then bm, for any key a catalogue lacks. */
const MERGED: Record<Locale, Messages> = Object.fromEntries(
  LOCALES.map((l) => [l, deepMerge(deepMerge(CATALOGUES.bm, CATALOGUES.en), CATALOGUES[l])]),
) as Record<Locale, Messages>

/** Namespaces every page needs: the shell, errors and the security toasts. */
export const SHARED_NAMESPACES = [
  'common',
  'nav',
  'footer',
  'cookies',
  'errors',
  'security',
] as const

/**
 * Only the namespaces a page needs go into its HTML: the whole catalogue would add kilobytes to
 * every page on 2G (ADR 011). The root sends the shared ones, each page loader its own.
 */
export function pickMessages(locale: Locale, namespaces: readonly string[]): Messages {
  const all = MERGED[locale]
  const out: Messages = {}
  for (const ns of namespaces) {
    const value = all[ns]
    if (value === undefined) throw new Error(`Unknown catalogue namespace: ${ns}`)
    out[ns] = value
  }
  return out
}

/** A catalogue part as a loader returns it: one JSON text (packed-data.ts, ADR 011). */
export function packMessages(messages: Messages): PackedMessages {
  return pack(messages)
}

/** A page loader's catalogue part, for the locale in the URL (checked by the locale layout). */
export function pageMessages(params: { lang?: string | undefined }, namespaces: readonly string[]) {
  return {
    messages: packMessages(pickMessages(isLocale(params.lang) ? params.lang : 'en', namespaces)),
  }
}

/**
 * The message a form left for the next page (a flash, docs/product/errors.md), written here in
 * the page's language from any namespace. Texts that only ever appear as a flash live in the
 * `flash` namespace, which no page sends to the browser: the page gets the one text it shows.
 */
export function flashText(
  locale: Locale,
  flash: { kind: 'error' | 'success' | 'info'; titleKey?: string | undefined; messageKey: string },
) {
  const t = createTranslator(locale, MERGED[locale])
  return {
    kind: flash.kind,
    ...(flash.titleKey ? { title: t(flash.titleKey) } : {}),
    message: t(flash.messageKey),
  }
}

/** A translator for texts a loader writes itself, in the page's language, from `namespaces`. */
export function serverTranslator(locale: Locale, namespaces: readonly string[]): Translate {
  return createTranslator(locale, pickMessages(locale, namespaces))
}
