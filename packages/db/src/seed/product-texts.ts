import { readFileSync } from 'node:fs'
import type { LocalizedText } from '@padi/domain/i18n/locales'

/**
 * The demo data is written in English; its Malay and Thai come from these tables, one per kind of
 * text (product-texts.*.json for product pages, branch-texts.*.json for branch addresses). A text
 * with no translation stops the seed: a customer must never meet English on a bm or th page.
 */
function table(name: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as Record<string, string>
}

function translator(kind: 'product' | 'branch') {
  let tables: { bm: Record<string, string>; th: Record<string, string> } | null = null
  return (en: string): Required<LocalizedText> => {
    tables ??= { bm: table(`./${kind}-texts.bm.json`), th: table(`./${kind}-texts.th.json`) }
    const bm = tables.bm[en]
    const th = tables.th[en]
    if (!bm || !th) throw new Error(`No Malay or Thai for the ${kind} text "${en}"`)
    return { en, bm, th }
  }
}

export const productText = translator('product')
export const branchText = translator('branch')
