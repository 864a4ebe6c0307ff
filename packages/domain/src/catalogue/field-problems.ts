import type { Locale } from '../i18n/locales.ts'

/**
 * docs/product/catalogue.md (Search by the problem in the field): the weeds, pests and diseases
 * that the catalogue's labels name, each with the names farmers call it in each language. A
 * search that names one finds the products whose label controls it (products.controls), and
 * nothing else. The first name of each language is the one shown.
 */
export const FIELD_PROBLEM_KINDS = ['weed', 'pest', 'disease'] as const
export type FieldProblemKind = (typeof FIELD_PROBLEM_KINDS)[number]

export type FieldProblem = {
  id: string
  kind: FieldProblemKind
  names: Record<Locale, readonly string[]>
}

export const FIELD_PROBLEMS = [
  {
    id: 'weedy_rice',
    kind: 'weed',
    names: {
      en: ['weedy rice', 'volunteer rice', 'red rice'],
      bm: ['padi angin', 'padi liar'],
      th: ['ข้าววัชพืช', 'ข้าวเรื้อ'],
    },
  },
  {
    id: 'barnyard_grass',
    kind: 'weed',
    names: {
      en: ['barnyard grass', 'echinochloa'],
      bm: ['rumput sambau'],
      th: ['หญ้าข้าวนก'],
    },
  },
  {
    id: 'sprangletop',
    kind: 'weed',
    names: {
      en: ['sprangletop', 'leptochloa'],
      bm: ['rumput miang'],
      th: ['หญ้าดอกขาว'],
    },
  },
  {
    id: 'sedges',
    kind: 'weed',
    names: {
      en: ['sedges', 'sedge', 'fimbristylis'],
      bm: ['rusiga'],
      th: ['กก', 'วัชพืชประเภทกก'],
    },
  },
  {
    id: 'broadleaf_weeds',
    kind: 'weed',
    names: {
      en: ['broadleaf weeds', 'broadleaf weed', 'monochoria', 'ludwigia'],
      bm: ['rumpai daun lebar', 'keladi agas'],
      th: ['วัชพืชใบกว้าง', 'ขาเขียด'],
    },
  },
  {
    id: 'brown_planthopper',
    kind: 'pest',
    names: {
      en: ['brown planthopper', 'planthopper', 'white-backed planthopper', 'bph'],
      bm: ['bena perang', 'bena belakang putih'],
      th: ['เพลี้ยกระโดดสีน้ำตาล', 'เพลี้ยกระโดด'],
    },
  },
  {
    id: 'green_leafhopper',
    kind: 'pest',
    names: {
      en: ['green leafhopper', 'leafhopper'],
      bm: ['bena hijau'],
      th: ['เพลี้ยจักจั่นสีเขียว', 'เพลี้ยจักจั่น'],
    },
  },
  {
    id: 'stem_borer',
    kind: 'pest',
    names: {
      en: ['stem borer', 'deadheart', 'whitehead'],
      bm: ['pengorek batang', 'ulat pengorek batang'],
      th: ['หนอนกอข้าว', 'หนอนกอ'],
    },
  },
  {
    id: 'leaf_folder',
    kind: 'pest',
    names: {
      en: ['leaf folder', 'leaffolder'],
      bm: ['ulat lipat daun', 'lipat daun'],
      th: ['หนอนห่อใบข้าว', 'หนอนห่อใบ'],
    },
  },
  {
    id: 'thrips',
    kind: 'pest',
    names: {
      en: ['thrips'],
      bm: ['thrips', 'trip'],
      th: ['เพลี้ยไฟ'],
    },
  },
  {
    id: 'armyworm',
    kind: 'pest',
    names: {
      en: ['armyworm', 'rice armyworm', 'ear-cutting caterpillar'],
      bm: ['ulat ratus'],
      th: ['หนอนกระทู้'],
    },
  },
  {
    id: 'golden_apple_snail',
    kind: 'pest',
    names: {
      en: ['golden apple snail', 'apple snail', 'snail'],
      bm: ['siput gondang', 'siput gondang emas'],
      th: ['หอยเชอรี่'],
    },
  },
  {
    id: 'rice_blast',
    kind: 'disease',
    names: {
      en: ['rice blast', 'blast', 'neck blast', 'leaf blast'],
      bm: ['karah', 'penyakit karah', 'karah tangkai'],
      th: ['โรคไหม้', 'ไหม้คอรวง'],
    },
  },
  {
    id: 'sheath_blight',
    kind: 'disease',
    names: {
      en: ['sheath blight'],
      bm: ['hawar seludang'],
      th: ['โรคกาบใบแห้ง'],
    },
  },
  {
    id: 'brown_spot',
    kind: 'disease',
    names: {
      en: ['brown spot', 'brown leaf spot'],
      bm: ['bintik perang'],
      th: ['โรคใบจุดสีน้ำตาล', 'ใบจุดสีน้ำตาล'],
    },
  },
  {
    id: 'dirty_panicle',
    kind: 'disease',
    names: {
      en: ['dirty panicle', 'grain discoloration', 'grain discolouration'],
      bm: ['tangkai kotor'],
      th: ['โรคเมล็ดด่าง', 'เมล็ดด่าง'],
    },
  },
  {
    id: 'bacterial_leaf_blight',
    kind: 'disease',
    names: {
      en: ['bacterial leaf blight', 'blb'],
      bm: ['hawar daun bakteria'],
      th: ['โรคขอบใบแห้ง'],
    },
  },
] as const satisfies readonly FieldProblem[]

export type FieldProblemId = (typeof FIELD_PROBLEMS)[number]['id']

export const FIELD_PROBLEM_IDS = FIELD_PROBLEMS.map((p) => p.id) as [
  FieldProblemId,
  ...FieldProblemId[],
]

const LOCALE_ORDER: Record<Locale, readonly Locale[]> = {
  en: ['en', 'bm', 'th'],
  bm: ['bm', 'en', 'th'],
  th: ['th', 'en', 'bm'],
}

/** Lower case, every run of what is not a letter or a digit as one space, trimmed. */
function words(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
}

/** Thai is written without spaces between words: its names are found inside the search. */
const THAI = /\p{Script=Thai}/u

/**
 * The problem a search names, if any: one of its names appears in the search as whole words
 * ("racun padi angin"), or run together ("padiangin"); a Thai name anywhere in it. The longest
 * name found wins ("brown planthopper" before "planthopper"), so a search for a product by its
 * own name that contains a problem's word ("Karah-75") still finds that problem's products.
 */
export function problemNamedIn(search: string): FieldProblem | null {
  const typed = words(search)
  if (!typed) return null
  const spaced = ` ${typed} `
  const joined = typed.replaceAll(' ', '')
  let best: { problem: FieldProblem; length: number } | null = null
  for (const problem of FIELD_PROBLEMS as readonly FieldProblem[]) {
    for (const locale of ['en', 'bm', 'th'] as const) {
      for (const name of problem.names[locale]) {
        const n = words(name)
        const found = THAI.test(n)
          ? joined.includes(n.replaceAll(' ', ''))
          : spaced.includes(` ${n} `) || (n.includes(' ') && joined === n.replaceAll(' ', ''))
        if (found && (!best || n.length > best.length)) best = { problem, length: n.length }
      }
    }
  }
  return best?.problem ?? null
}

/** A problem's name to show in `locale` (its first name there). */
export function problemName(problem: FieldProblem, locale: Locale): string {
  return problem.names[locale][0] ?? problem.names.en[0] ?? problem.id
}

/**
 * Suggestions while typing (docs/product/catalogue.md): the problems one of whose names starts
 * with what is typed, or has a word that does, names of the farmer's language first, each problem
 * once, by the name that matched. At most `limit`.
 */
export function suggestProblems(
  typed: string,
  locale: Locale,
  limit = 5,
): { problem: FieldProblem; name: string }[] {
  const t = words(typed)
  if (t.length < 2) return []
  const out: { problem: FieldProblem; name: string; rank: number }[] = []
  for (const problem of FIELD_PROBLEMS as readonly FieldProblem[]) {
    let hit: { name: string; rank: number } | null = null
    LOCALE_ORDER[locale].forEach((l, li) => {
      for (const name of problem.names[l]) {
        const n = words(name)
        const rank = n.startsWith(t)
          ? li * 2
          : n.split(' ').some((w) => w.startsWith(t)) || (THAI.test(n) && n.includes(t))
            ? li * 2 + 1
            : null
        if (rank !== null && (!hit || rank < hit.rank)) hit = { name, rank }
      }
    })
    if (hit) out.push({ problem, ...(hit as { name: string; rank: number }) })
  }
  return out
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ problem, name }) => ({ problem, name }))
}
