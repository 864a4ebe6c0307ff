import { localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { Currency } from '@padi/domain/markets'
import { splitPayment } from '@padi/domain/vouchers/voucher-rules'
import type { BranchStock, Voucher } from '@padi/domain/vouchers/voucher-schemas'

// docs/product/vouchers.md (the branch counter): what the clerk has chosen in the sale form, read
// the same way from the form's fields on the server (a GET to find a pack or work out the total,
// a post) and in the browser (as the clerk types), and what it comes to.

export type Pack = BranchStock['data'][number]

/** The packs and counts typed (count-<variation id>), the vouchers ticked and the pack search. */
export type Selection = { counts: Record<number, number>; vouchers: number[]; q: string }

/** The most of one pack one sale takes (the API's limit). */
export const MAX_COUNT = 999

/** The sale form's fields as posted: the search, the vouchers ticked, each pack's count by id. */
export type SelectionFields = { q: string; voucher_ids: string[]; count: Record<string, string> }

/** Reads a selection from form fields or a query string: anything else, or out of range, is left out. */
export function readSelection(entries: Iterable<[string, unknown]>): Selection {
  const fields: SelectionFields = { q: '', voucher_ids: [], count: {} }
  for (const [name, raw] of entries) {
    const value = typeof raw === 'string' ? raw : ''
    if (name === 'q') fields.q = value
    else if (name === 'voucher_ids') fields.voucher_ids.push(value)
    else if (name.startsWith('count-')) fields.count[name.slice(6)] = value
  }
  return selectionOf(fields)
}

/** The selection the sale form's fields make: anything else, or out of range, is left out. */
export function selectionOf(fields: SelectionFields): Selection {
  const counts: Record<number, number> = {}
  const vouchers: number[] = []
  for (const raw of fields.voucher_ids) {
    const id = Number(raw.trim())
    if (Number.isInteger(id) && id > 0 && id < 2 ** 31 && !vouchers.includes(id)) vouchers.push(id)
  }
  for (const [key, raw] of Object.entries(fields.count)) {
    const id = Number(key)
    const count = Number(raw.trim())
    if (Number.isInteger(id) && id > 0 && id < 2 ** 31 && Number.isInteger(count) && count > 0)
      counts[id] = Math.min(count, MAX_COUNT)
  }
  return { counts, vouchers: vouchers.slice(0, 20), q: fields.q.trim().slice(0, 100) }
}

/**
 * Lower case, without Latin accents, so that "Racun" finds "racun" and "é" finds "e" (Thai vowel
 * and tone marks are letters of the word and stay).
 */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
}

/**
 * Whether a pack answers the clerk's search: every word typed appears in its name or pack, in the
 * page's language or in English (brand names and what is printed on the pack are often English).
 */
export function packMatches(pack: Pack, q: string, locale: Locale): boolean {
  const words = folded(q).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = folded(
    [
      localizedText(pack.product, locale),
      localizedText(pack.label, locale),
      pack.product.en,
      pack.label.en,
    ].join(' '),
  )
  return words.every((w) => text.includes(w))
}

export type SaleQuote = {
  currency: Currency
  /** Packs chosen (lines) and how many items in all. */
  lines: number
  items: number
  totalMinor: number
  vouchersMinor: number
  /** What the clerk collects in cash; null when the vouchers are worth more than the sale. */
  cashMinor: number | null
}

/**
 * docs/product/vouchers.md (the sale): the total at the prices the API gave, the vouchers ticked
 * taken in full, the rest in cash (splitPayment: the API's own rule). Shown before selling; the
 * API works it out again when the sale is made and refuses a sale whose cash is not this figure.
 */
export function quoteSale(
  stock: readonly Pack[],
  vouchers: readonly Voucher[],
  selection: Selection,
  currency: Currency,
): SaleQuote {
  let totalMinor = 0
  let lines = 0
  let items = 0
  for (const pack of stock) {
    const count = selection.counts[pack.variation_id] ?? 0
    if (count <= 0) continue
    lines += 1
    items += count
    totalMinor += pack.price.amount_minor * count
  }
  const ticked = vouchers.filter((v) => selection.vouchers.includes(v.id))
  const split = splitPayment(
    totalMinor,
    ticked.map((v) => v.value.amount_minor),
  )
  const vouchersMinor = ticked.reduce((s, v) => s + v.value.amount_minor, 0)
  return {
    currency,
    lines,
    items,
    totalMinor,
    vouchersMinor,
    cashMinor: split.ok ? split.cashMinor : null,
  }
}
