import type { ProductSeed } from '@padi/db/seed/catalogue-types'
import type { Category } from '@padi/domain/catalogue/catalogue'

const text = (en: string, bm = `${en} (BM)`, th = `${en} (TH)`) => ({ en, bm, th })

/** The fixtures' own Malay and Thai for product texts (the demo tables hold only demo texts). */
export const fixtureText = (en: string) => text(en)

/** A small, fully known catalogue so every filter and sort can be checked against its order. */
export function fixtureProducts(): ProductSeed[] {
  const rows: [string, string, Category, string[], number, number | null, boolean][] = [
    [
      'Azodif 325SC',
      'Bendang',
      'fungicide',
      ['azoxystrobin 200 g/L', 'difenoconazole 125 g/L'],
      7500,
      57500,
      true,
    ],
    ['Karah-75', 'Kilang Tani', 'fungicide', ['tricyclazole 75%'], 3500, 26900, true],
    ['Heksa 50SC', 'Bendang', 'fungicide', ['hexaconazole 50 g/L'], 3000, 22900, false],
    ['BisPro 100SC', 'Rumpai Jaya', 'herbicide', ['bispyribac-sodium 100 g/L'], 3500, 26900, true],
    ['Kuinklo 75WG', 'Rumpai Jaya', 'herbicide', ['quinclorac 75%'], 5500, 42300, true],
    ['Amina-D 860', 'Kilang Tani', 'herbicide', ['2,4-D dimethylamine'], 2000, 15400, false],
    [
      'Batang-Pro 5SC',
      'Serangga Stop',
      'insecticide',
      ['chlorantraniliprole 50 g/L'],
      6000,
      46200,
      true,
    ],
    ['BenaStop 50WG', 'Serangga Stop', 'insecticide', ['pymetrozine 50%'], 4000, null, true],
    ['Urea 46', 'Baja Emas', 'fertilizer', ['urea 46% N'], 12000, 92300, true],
    ['Sebatian Padi 15-15-15', 'Baja Emas', 'fertilizer', ['NPK 15:15:15'], 11000, 84600, false],
    ['PadiFly Battery 30Ah', 'PadiFly', 'batteries', [], 700000, 5380000, true],
    ['SkyTani Prop 54in', 'SkyTani', 'propellers', [], 45000, 346100, true],
    ['AgriWing Nozzle XR', 'AgriWing', 'nozzles_sprinklers', [], 4000, 30800, true],
    ['AgriWing Pump T40', 'AgriWing', 'pumps', [], 150000, 1153800, false],
  ]
  return rows.map(([name, brand, category, ais, priceMy, priceTh, inStock], i) => ({
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    group: ['batteries', 'propellers', 'nozzles_sprinklers', 'pumps'].includes(category)
      ? 'drones'
      : 'agrochems',
    category,
    brand,
    name: text(name, name, name),
    title: text(`${name} title`),
    description: text(`${name} description`),
    activeIngredients: ais,
    specification: {},
    fitsModels: [],
    featured: i % 4 === 0,
    searchTerms:
      category === 'fungicide' ? ['racun kulat'] : category === 'herbicide' ? ['racun rumpai'] : [],
    variations: [
      {
        sku: `SKU-${i}-A`,
        label: text('Pack A'),
        priceMy,
        priceTh,
        stock: (inStock ? { 'MY-JTR': 5, 'TH-SPB': 3 } : {}) as Record<string, number>,
      },
      {
        sku: `SKU-${i}-B`,
        label: text('Pack B'),
        priceMy: priceMy * 3,
        priceTh: priceTh === null ? null : priceTh * 3,
        stock: {},
      },
    ],
  }))
}
