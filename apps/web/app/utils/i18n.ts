import rosetta from 'rosetta'
import { createContext, useContext } from 'react'
import type { Locale } from '@padi/domain/i18n/locales'
import { formatMoney } from '@padi/domain/money'
import { MARKET, type Currency, type Market } from '@padi/domain/markets'
import { formatDate, formatDateTime, formatDay, isCalendarDay } from '@padi/domain/dates'
import { unpack, type Packed } from './packed-data.ts'

export type Messages = { [key: string]: string | Messages }

/** A loader's catalogue part as it travels in the page: one JSON text (packed-data.ts). */
export type PackedMessages = Packed<Messages>

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
  /** The reader's market (readerMarket): the zone dates are told in unless a record names one. */
  market: Market
  t: Translate
  money: (amountMinor: number, currency: Currency) => string
  /**
   * docs/product/dates-and-times.md: DD-MM-YYYY. A calendar day (YYYY-MM-DD) as written; an
   * instant on the day it is in the market's zone (the reader's market unless one is named).
   */
  date: (value: Date | string | number, market?: Market) => string
  /** An instant as "26-11-2026 10:18 PM" in the market's zone (the reader's unless named). */
  dateTime: (value: Date | string | number, market?: Market) => string
  /**
   * The back office's form (docs/product/dates-and-times.md): a record's time in its market's
   * zone, which is named when it is not the reader's: "26-11-2026 10:18 PM (Thailand time)".
   */
  moment: (value: Date | string | number, market: Market) => string
}

/** The reader's market, for dates: their account's, else the one their language is spoken in. */
export function readerMarket(locale: Locale, accountMarket: Market | null | undefined): Market {
  return accountMarket ?? (locale === 'th' ? 'TH' : 'MY')
}

export function createI18n(locale: Locale, messages: Messages, reader: Market): I18n {
  const translate = createTranslator(locale, messages)
  return {
    locale,
    market: reader,
    t: translate,
    money: formatMoney,
    date: (v, market = reader) =>
      isCalendarDay(v) ? formatDay(v) : formatDate(v, MARKET[market].timeZone),
    dateTime: (v, market = reader) => formatDateTime(v, MARKET[market].timeZone),
    moment: (v, market) => {
      const text = formatDateTime(v, MARKET[market].timeZone)
      return market === reader ? text : `${text} (${translate(`admin.zones.${market}`)})`
    },
  }
}

/** The reader's account market, as a matched layout loader names it (`readerMarket`). */
export function accountMarketOf(parts: readonly unknown[]): Market | null {
  for (const part of parts) {
    const market = (part as { accountMarket?: unknown } | null | undefined)?.accountMarket
    if (market === 'MY' || market === 'TH') return market
  }
  return null
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
    const messages = (part as { messages?: unknown } | null | undefined)?.messages
    if (typeof messages === 'string') Object.assign(out, unpack(messages as PackedMessages))
  }
  return out
}
