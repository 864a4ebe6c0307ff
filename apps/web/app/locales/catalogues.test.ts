import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES } from '@padi/domain/i18n/api-messages'

const here = fileURLToPath(new URL('.', import.meta.url))
const LOCALES = ['en', 'bm', 'th'] as const
type Tree = { [k: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out[key] = v
    else Object.assign(out, flatten(v, key))
  }
  return out
}

/** The web's own texts and the API's refusals' texts (packages/domain), as the pages get them. */
function load(locale: (typeof LOCALES)[number]): Record<string, string> {
  const dir = join(here, locale)
  const out: Record<string, string> = flatten(API_MESSAGES[locale])
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const tree = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree
    Object.assign(out, flatten(tree, file.replace(/\.json$/, '')))
  }
  return out
}

const catalogues = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<
  (typeof LOCALES)[number],
  Record<string, string>
>
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
const words = (s: string) =>
  s
    .replace(/\{\{\s*\w+\s*\}\}/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)

describe('catalogues (docs/product/catalogue.md: every key in en, bm and th)', () => {
  it('have the same keys in every language', () => {
    const en = Object.keys(catalogues.en).sort()
    expect(en.length).toBeGreaterThan(50)
    for (const l of ['bm', 'th'] as const) {
      const keys = Object.keys(catalogues[l]).sort()
      expect({ locale: l, missing: en.filter((k) => !(k in catalogues[l])) }).toEqual({
        locale: l,
        missing: [],
      })
      expect({ locale: l, extra: keys.filter((k) => !(k in catalogues.en)) }).toEqual({
        locale: l,
        extra: [],
      })
    }
  })

  it('use the same placeholders in every language and have no empty text', () => {
    for (const [key, text] of Object.entries(catalogues.en)) {
      for (const l of LOCALES) {
        const value = catalogues[l][key] ?? ''
        expect({ key, l, empty: value.trim() === '' }).toEqual({ key, l, empty: false })
        expect({ key, l, placeholders: placeholders(value) }).toEqual({
          key,
          l,
          placeholders: placeholders(text),
        })
      }
    }
  })

  it('are real translations, not copies of the English', () => {
    // Language names are endonyms, the same on every page.
    const endonym = (k: string) => k.startsWith('common.languages.')
    const copiedBm = Object.keys(catalogues.en).filter(
      (k) =>
        !endonym(k) && words(catalogues.en[k]!).length > 1 && catalogues.bm[k] === catalogues.en[k],
    )
    expect(copiedBm).toEqual([])
    // Thai text is written in Thai script; only single names and codes may stay Latin.
    const latinTh = Object.keys(catalogues.th).filter(
      (k) =>
        words(catalogues.th[k]!).length > 1 &&
        !/[\u0E00-\u0E7F]/.test(catalogues.th[k]!) &&
        !endonym(k),
    )
    expect(latinTh).toEqual([])
  })

  it('contain every key the code asks for', () => {
    const namespaces = new Set(Object.keys(catalogues.en).map((k) => k.split('.')[0]))
    const roots = [join(here, '..'), join(here, '../../../../packages/domain/src')]
    const used = new Set<string>()
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) {
          if (name !== 'locales' && name !== 'node_modules' && !name.startsWith('+types'))
            walk(path)
        } else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts')) {
          const text = readFileSync(path, 'utf8')
          for (const m of text.matchAll(/['"`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)['"`]/g)) {
            const key = m[1]!
            if (namespaces.has(key.split('.')[0]!) && !key.endsWith('.')) used.add(key)
          }
        }
      }
    }
    roots.forEach(walk)
    const missing = [...used].filter(
      (k) =>
        !(k in catalogues.en) && !Object.keys(catalogues.en).some((c) => c.startsWith(`${k}.`)),
    )
    expect(missing).toEqual([])
  })
})
