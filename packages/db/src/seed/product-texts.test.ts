import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// docs/product/catalogue.md: every text a customer reads comes in en, bm and th. The demo data is
// written in English; these tables hold its Malay and Thai, and nothing English may slip through.
const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'))

// Words that only an English sentence has: a Malay text holding one was not translated.
const ENGLISH_WORDS =
  /\b(the|and|with|after|before|from|days|weeks|months|years|per|each|keep|use|for|not|bottle|bag|pack|spray|suitable|water|sowing|replace|includes|only|battery|charger|tank|nozzle|warranty)\b/i
// An ordinary lowercase word: in Thai it must be written in Thai script.
const LOWERCASE_WORD = /\b[a-z]{4,}\b/
const THAI = /[\u0E00-\u0E7F]/

for (const kind of ['product', 'branch'] as const) {
  describe(`${kind} texts in Malay and Thai`, () => {
    const english = read(`./${kind}-texts.en.json`) as string[]
    const bm = read(`./${kind}-texts.bm.json`) as Record<string, string>
    const th = read(`./${kind}-texts.th.json`) as Record<string, string>

    it('translate every English text, and nothing else', () => {
      expect(Object.keys(bm).sort()).toEqual([...english].sort())
      expect(Object.keys(th).sort()).toEqual([...english].sort())
      for (const en of english) expect(bm[en]?.trim() && th[en]?.trim(), en).toBeTruthy()
    })

    it('leave no English in the Malay', () => {
      const english_ = english.filter((en) => ENGLISH_WORDS.test(bm[en] ?? ''))
      expect(english_.filter((en) => !(kind === 'branch' && /Road|Soi/.test(en)))).toEqual([])
    })

    it('write the Thai in Thai script wherever the English has words', () => {
      // Malaysian street addresses are written as they are on the envelope, in Malay.
      const latin = english.filter(
        (en) =>
          LOWERCASE_WORD.test(en) && !THAI.test(th[en] ?? '') && !/^(No\.|Lot|Jalan)/.test(en),
      )
      expect(latin).toEqual([])
    })
  })
}

describe('every product and branch text is in the tables', () => {
  it('covers the demo data (the seed stops on a text it cannot translate)', async () => {
    const { AGROCHEM_PRODUCTS } = await import('./products-agrochems.ts')
    const { DRONE_PRODUCTS } = await import('./products-drones.ts')
    const { DEMO_BRANCHES } = await import('./branches.ts')
    const { productText, branchText } = await import('./product-texts.ts')
    for (const p of [...AGROCHEM_PRODUCTS, ...DRONE_PRODUCTS]) {
      const texts = [
        p.productClass,
        p.dosagePerHectare,
        p.dilutionRate,
        ...p.activeIngredients,
        ...Object.entries(p.specification).flat(),
      ].filter((t): t is string => Boolean(t))
      for (const en of texts) expect(() => productText(en), p.slug).not.toThrow()
    }
    for (const b of DEMO_BRANCHES) {
      for (const en of [b.address, b.district, b.state])
        expect(() => branchText(en), b.code).not.toThrow()
      // A Thai branch's address reads in Thai script on the th pages.
      if (b.market === 'TH')
        for (const en of [b.address, b.district, b.state])
          expect(branchText(en).th, `${b.code}: ${en}`).toMatch(THAI)
    }
  })
})
