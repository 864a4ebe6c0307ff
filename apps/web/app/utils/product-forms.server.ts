import { parseAmountMinor } from '@padi/domain/repayments/receipt-rules'
import type { FieldKind } from './forms.ts'

const LANGS = ['en', 'bm', 'th'] as const

/** "12.50" as 1250; empty as null (not sold there); anything else as undefined (refused). */
export function priceOf(text: string): number | null | undefined {
  if (text.trim() === '') return null
  const parsed = parseAmountMinor(text)
  return parsed.ok ? parsed.minor : undefined
}

/** A form's fields as parseForm reads them (utils/forms.ts): texts, and ticked boxes as true. */
export type FormFields = Record<string, string | boolean>

const textOf = (fields: FormFields) => (name: string) => String(fields[name] ?? '')
const inLanguages = (field: string) => LANGS.map((l) => `${field}_${l}`)

/** The texts form's fields, for parseForm. */
export const PRODUCT_TEXT_FIELDS: Record<string, FieldKind> = Object.fromEntries([
  ['brand', 'text'],
  ...['name', 'title', 'description'].flatMap(inLanguages).map((f) => [f, 'text']),
  ['featured', 'checkbox'],
])

/** A pack's fields (`prefix` for the new-product form's first pack), for parseForm. */
export const packFields = (prefix = ''): Record<string, FieldKind> =>
  Object.fromEntries(
    ['sku', ...inLanguages('label'), 'price_my', 'price_th'].map((f) => [`${prefix}${f}`, 'text']),
  )

/** docs/product/back-office.md (Products): the texts form's fields as the API's body. */
export function productTextsOf(fields: FormFields) {
  const text = textOf(fields)
  const texts = (field: string) => Object.fromEntries(LANGS.map((l) => [l, text(`${field}_${l}`)]))
  return {
    brand: text('brand'),
    name: texts('name'),
    title: texts('title'),
    description: texts('description'),
    featured: fields.featured === true,
  }
}

/**
 * A pack's fields (`prefix` for the new-product form's first pack) as the API's body; a price
 * that is not money is kept as NaN so the schema refuses it on its field.
 */
export function packOf(fields: FormFields, prefix = '') {
  const text = textOf(fields)
  const price = (name: string) => {
    const value = priceOf(text(`${prefix}${name}`))
    return value === undefined ? Number.NaN : value
  }
  return {
    sku: text(`${prefix}sku`),
    label: Object.fromEntries(LANGS.map((l) => [l, text(`${prefix}label_${l}`)])),
    price_my_minor: price('price_my'),
    price_th_minor: price('price_th'),
  }
}

/** parseForm's errors (by the body's path) by form field: `name.en` is `name_en`, a pack's `pack_sku`. */
export function fieldErrorsOf(errors: Record<string, string>) {
  const out: Record<string, string> = {}
  for (const [path, message] of Object.entries(errors)) {
    const key = path
      .replaceAll('.', '_')
      .replace(/_minor$/, '')
      .replace(/^(pack_)?label_/, '$1label_')
    // A price that is not money fails as 'not a number': the form's own words for it.
    out[key] ??= /price_(my|th)$/.test(key) ? 'validation.priceFormat' : message
  }
  return out
}
