import rosetta from 'rosetta'
import { createContext, useContext } from 'react'
import type { Locale } from '@padi/domain/i18n/locales'
import { formatMoney, type Currency } from '@padi/domain/money'
import { formatDate } from '@padi/domain/dates'

export type Messages = { [key: string]: string | Messages }
export type TranslateParams = Record<string, string | number>
export type Translate = (key: string, params?: TranslateParams) => string

/**
 * Catalogue strings use {{name}} placeholders (rosetta). A missing key shows the key itself, so it
 * is visible in review; the catalogue test makes sure none is missing.
 */
export function createTranslator(locale: Locale, messages: Messages): Translate {
  const i18n = rosetta({ [locale]: messages })
  i18n.locale(locale)
  return (key, params) => {
    const text = i18n.t(key, params)
    if (text) return text
    // A missing key is a bug: visible on the page, and a console error that browser tests catch.
    console.error(`Missing translation: ${locale} ${key}`)
    return key
  }
}

export type I18n = {
  locale: Locale
  t: Translate
  money: (amountMinor: number, currency: Currency) => string
  date: (value: Date | string | number) => string
}

export function createI18n(locale: Locale, messages: Messages): I18n {
  return {
    locale,
    t: createTranslator(locale, messages),
    money: formatMoney,
    date: (v) => formatDate(v),
  }
}

export const I18nContext = createContext<I18n | null>(null)

export function useI18n(): I18n {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n outside I18nContext')
  return value
}

/** Prefixes a path with the current locale: href('/about') -> '/bm/about'. */
export function localePath(locale: Locale, path: string): string {
  return `/${locale}${path === '/' ? '' : path}`
}

/** Joins the catalogue parts that the root and the matched page loaders sent. */
export function mergeRouteMessages(parts: readonly unknown[]): Messages {
  const out: Messages = {}
  for (const part of parts) {
    const messages = (part as { messages?: Messages } | null | undefined)?.messages
    if (messages && typeof messages === 'object') Object.assign(out, messages)
  }
  return out
}
