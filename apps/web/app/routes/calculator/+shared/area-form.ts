import { fromSquareMetres, isAreaUnit, parseRaiNganWah } from '@padi/domain/calculators/area-units'
import type { AreaUnit } from '@padi/domain/calculators/area-units'
import type { CalculatorErrorKey } from '@padi/domain/calculators/calculator-errors'
import { parseFormNumber } from '@padi/domain/calculators/form-number'
import type { Locale } from '@padi/domain/i18n/locales'

/**
 * Query parameters of /{lang}/calculator/area-converter (the form is a GET form, so its state is
 * the URL and a result can be shared or bookmarked):
 *   value  the area as typed: "2.5", "1,200", or rai-ngan-wah such as "4-2-25" for Thai units
 *   from   one of AREA_UNITS (default per language, see DEFAULT_FROM_UNIT)
 *   to     one of AREA_UNITS
 *   swap   "1" swaps from and to (the no-JavaScript swap button)
 */
export const AREA_FORM_FIELDS = ['value', 'from', 'to'] as const
export type AreaFormField = (typeof AREA_FORM_FIELDS)[number]
export type AreaFormValues = Record<AreaFormField, string>

/** Each market's own farm unit comes first: relong in Malaysia (bm), rai in Thailand (th). */
export const DEFAULT_FROM_UNIT: Readonly<Record<Locale, AreaUnit>> = {
  en: 'hectare',
  bm: 'relong',
  th: 'rai',
}
const DEFAULT_TO_UNIT: Readonly<Record<Locale, AreaUnit>> = {
  en: 'acre',
  bm: 'hectare',
  th: 'hectare',
}
/** Units in the order each market knows them best: its own farm units first. */
export const AREA_UNIT_ORDER: Readonly<Record<Locale, readonly AreaUnit[]>> = {
  en: [
    'hectare',
    'acre',
    'relong',
    'jemba',
    'rai',
    'square_metre',
    'square_foot',
    'ngan',
    'square_wah',
  ],
  bm: [
    'relong',
    'jemba',
    'hectare',
    'acre',
    'square_metre',
    'square_foot',
    'rai',
    'ngan',
    'square_wah',
  ],
  th: [
    'rai',
    'ngan',
    'square_wah',
    'hectare',
    'square_metre',
    'acre',
    'relong',
    'jemba',
    'square_foot',
  ],
}
/** The converter opens with a worked answer instead of an empty box. */
export const DEFAULT_AREA_VALUE = '1'
/** Longer input is never a real area; the cap keeps regex work and URLs small. */
export const AREA_TEXT_MAX_LENGTH = 40

/** Units whose values Thai land documents write as rai-ngan-wah ("4-2-25"). */
export const THAI_AREA_UNITS: readonly AreaUnit[] = ['rai', 'ngan', 'square_wah']

export function isThaiAreaUnit(unit: string): boolean {
  return (THAI_AREA_UNITS as readonly string[]).includes(unit)
}

export function defaultToUnit(locale: Locale, from: string): AreaUnit {
  const preferred = DEFAULT_TO_UNIT[locale]
  if (preferred !== from) return preferred
  return from === 'hectare' ? 'acre' : 'hectare'
}

export interface AreaFormState {
  values: AreaFormValues
  /** Fields present in the URL: only these may report "required" (a fresh page is not an error). */
  touched: AreaFormField[]
}

/** Query string for the current values, so the URL always shows what is on screen. */
export function areaFormSearch(values: AreaFormValues, purpose?: string): string {
  const params = new URLSearchParams({ value: values.value, from: values.from, to: values.to })
  if (purpose) params.set('for', purpose)
  return params.toString()
}

/**
 * Turns typed area text into what the domain schema expects. Plain numbers (with "," grouping and
 * Thai digits) go first; for rai, ngan and square wah the Thai compound "4-2-25" (or "4 ไร่ 2 งาน")
 * is accepted too (docs/product/calculators.md) and expressed in the chosen unit. Anything else stays
 * unparsed so the schema reports it with the usual catalogue key.
 */
export function readAreaValue(text: string, unit: string): unknown {
  const parsed = parseFormNumber(text)
  if (typeof parsed === 'number' && !Number.isNaN(parsed)) return parsed
  if (parsed === undefined) return undefined
  if (isAreaUnit(unit) && isThaiAreaUnit(unit)) {
    const squareMetres = parseRaiNganWah(text)
    if (squareMetres !== null) return fromSquareMetres(squareMetres, unit)
  }
  return text
}

export interface AreaConversion {
  value: number
  from: AreaUnit
  to: AreaUnit
  converted: number
  squareMetres: number
  /** The same area in every unit, for the table. */
  all: Record<AreaUnit, number>
}

export type AreaEvaluation =
  | { ok: true; result: AreaConversion }
  | { ok: false; errors: Partial<Record<AreaFormField, CalculatorErrorKey>> }

/**
 * Reads the converter's query string, without the swap (area-evaluation.ts adds it: it needs the
 * validation). A missing unit takes the language's default; a unit that is present but unknown is
 * kept so the page can say so instead of silently converting something else.
 */
export function readAreaFields(params: URLSearchParams, locale: Locale): AreaFormState {
  const rawFrom = params.get('from')
  const rawTo = params.get('to')
  const from = rawFrom ?? DEFAULT_FROM_UNIT[locale]
  const to = rawTo ?? defaultToUnit(locale, from)
  return {
    values: {
      value: (params.get('value') ?? DEFAULT_AREA_VALUE).slice(0, AREA_TEXT_MAX_LENGTH),
      from: from.slice(0, AREA_TEXT_MAX_LENGTH),
      to: to.slice(0, AREA_TEXT_MAX_LENGTH),
    },
    touched: AREA_FORM_FIELDS.filter((field) => params.has(field)),
  }
}
