import { parseAmountMinor } from '@padi/domain/repayments/receipt-rules'

const LANGS = ['en', 'bm', 'th'] as const

/** "12.50" as 1250; empty as null (not sold there); anything else as undefined (refused). */
export function priceOf(text: string): number | null | undefined {
  if (text.trim() === '') return null
  const parsed = parseAmountMinor(text)
  return parsed.ok ? parsed.minor : undefined
}

const textOf = (form: FormData) => (name: string) => String(form.get(name) ?? '')

/** docs/product/back-office.md (Products): the texts form's fields as the API's body. */
export function productTextsOf(form: FormData) {
  const text = textOf(form)
  const texts = (field: string) => Object.fromEntries(LANGS.map((l) => [l, text(`${field}_${l}`)]))
  return {
    brand: text('brand'),
    name: texts('name'),
    title: texts('title'),
    description: texts('description'),
    featured: form.get('featured') !== null,
  }
}

/**
 * A pack's fields (`prefix` for the new-product form's first pack) as the API's body; a price
 * that is not money is kept as NaN so the schema refuses it on its field.
 */
export function packOf(form: FormData, prefix = '') {
  const text = textOf(form)
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

/** A zod refusal's messages by form field: `name.en` is `name_en`, a pack's `pack_sku`. */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const path = issue.path.map(String)
    const key = path
      .join('_')
      .replace(/_minor$/, '')
      .replace(/^(pack_)?label_/, '$1label_')
    // A price that is not money fails as 'not a number': the form's own words for it.
    errors[key] ??= /price_(my|th)$/.test(key) ? 'validation.priceFormat' : issue.message
  }
  return errors
}
