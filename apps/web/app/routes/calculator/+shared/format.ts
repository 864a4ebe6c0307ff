import { AREA_DISPLAY_DECIMALS, roundForDisplay } from '@padi/domain/calculators/area-units'
import type { AreaUnit } from '@padi/domain/calculators/area-units'
import type { BaseProductUnit, ProductUnit } from '@padi/domain/calculators/input-calculation'
import { roundTo } from '@padi/domain/calculators/numeric'
import { LOCALE_HTML_LANG } from '@padi/domain/i18n/locales'
import type { Locale } from '@padi/domain/i18n/locales'

// Intl objects are costly to build and these run on every keystroke, so they are cached.
const numberFormats = new Map<string, Intl.NumberFormat>()
const pluralRules = new Map<Locale, Intl.PluralRules>()

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_HTML_LANG[locale], options)
    numberFormats.set(key, format)
  }
  return format
}

/**
 * A number rounded to at most `maxDecimals` places, grouped the way the locale writes it
 * ("1,234.5"; docs/product/shell.md: "," groups and "." decimals in all three languages).
 * A tiny non-zero value is shown with 3 significant digits instead of a misleading "0".
 */
export function formatDecimal(value: number, locale: Locale, maxDecimals: number): string {
  const rounded = roundTo(value, maxDecimals)
  if (rounded === 0 && value !== 0) {
    return numberFormat(locale, { maximumSignificantDigits: 3 }).format(value)
  }
  return numberFormat(locale, { maximumFractionDigits: maxDecimals }).format(rounded)
}

/** Which catalogue form of a unit goes with this number: "1 acre" but "2 acres". */
export function pluralForm(value: number, locale: Locale): 'one' | 'other' {
  let rules = pluralRules.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(LOCALE_HTML_LANG[locale])
    pluralRules.set(locale, rules)
  }
  return rules.select(value) === 'one' ? 'one' : 'other'
}

export interface DisplayAmount {
  /** Rounded for display only (docs/product/calculators.md: full precision inside, round to show). */
  value: number
  decimals: number
}

/** An area rounded per unit with the domain's display rule (ha 4 dp, m² 2 dp...). */
export function displayArea(value: number, unit: AreaUnit): DisplayAmount {
  return { value: roundForDisplay(value, unit), decimals: AREA_DISPLAY_DECIMALS[unit] }
}

export interface DisplayProductAmount extends DisplayAmount {
  unit: ProductUnit
}

/** From this amount of mL (g) on, the product is shown in L (kg): 2,500 mL reads 2.5 L. */
export const LARGE_PRODUCT_AMOUNT = 1_000

/**
 * A product amount in mL or g as a farmer would measure it: 431.7 mL, 24 mL, 6.25 mL, 2.5 L.
 * One decimal is a measuring-cup line; below 10 mL two decimals keep small doses meaningful.
 */
export function displayProductAmount(amount: number, base: BaseProductUnit): DisplayProductAmount {
  if (Math.abs(amount) >= LARGE_PRODUCT_AMOUNT) {
    const value = roundTo(amount / 1_000, 2)
    return { value, decimals: 2, unit: base === 'ml' ? 'l' : 'kg' }
  }
  const decimals = Math.abs(amount) < 10 ? 2 : 1
  return { value: roundTo(amount, decimals), decimals, unit: base }
}

/** Litres of spray liquid: 287.8 L, 28.8 L, 3.2 L, 0.46 L. */
export function displayLitres(litres: number): DisplayAmount {
  const decimals = Math.abs(litres) < 10 ? 2 : 1
  return { value: roundTo(litres, decimals), decimals }
}
