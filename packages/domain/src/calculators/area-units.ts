import { CALCULATOR_ERRORS, CalculatorError } from './calculator-errors.ts'
import { normaliseDigits, roundTo, stripFloatNoise } from './numeric.ts'

/**
 * Units offered by the public area converter (docs/product/calculators.md: area converter).
 * Jemba is the Kedah square of 8 x 8 feet that farmers there still count relong in (484 jemba =
 * 1 relong). The historical orlong, rood and pole are left out: they are ambiguous and easily
 * confused with the modern Kedah relong.
 */
export const AREA_UNITS = [
  'hectare',
  'acre',
  'relong',
  'jemba',
  'square_metre',
  'square_foot',
  'rai',
  'ngan',
  'square_wah',
] as const

export type AreaUnit = (typeof AREA_UNITS)[number]

// Exact square-metre factors. docs/product/calculators.md says to use these constants and to convert
// everything through m² internally (§1.2).

/** docs/product/calculators.md: 1 m² (base unit). */
export const SQUARE_METRE_M2 = 1
/** docs/product/calculators.md: 1 ft = 0.3048 m exactly, so 1 ft² = 0.09290304 m². */
export const SQUARE_FOOT_M2 = 0.09290304
/** docs/product/calculators.md: 1 ha = 10,000 m². */
export const HECTARE_M2 = 10_000
/** docs/product/calculators.md: 1 acre (ekar) = 43,560 ft² = 4,046.8564224 m². */
export const ACRE_M2 = 4_046.8564224
/**
 * docs/product/calculators.md: 1 relong (Kedah/Perlis, MADA) = 176 ft × 176 ft = 30,976 ft²
 * = 2,877.76456704 m². Not the historical 57,600 ft² orlong (§1.2).
 */
export const RELONG_M2 = 2_877.76456704
/** 1 jemba (Kedah) = 8 ft x 8 ft = 64 ft² = 5.94579456 m², so 484 jemba make 1 relong. */
export const JEMBA_M2 = 5.94579456
/** docs/product/calculators.md: 1 rai (ไร่) = 1,600 m² exactly. */
export const RAI_M2 = 1_600
/** docs/product/calculators.md: 1 ngan (งาน) = ¼ rai = 400 m². */
export const NGAN_M2 = 400
/** docs/product/calculators.md: 1 square wah (ตารางวา) = 1/100 ngan = 4 m². */
export const SQUARE_WAH_M2 = 4

export const SQUARE_METRES_PER_UNIT: Readonly<Record<AreaUnit, number>> = {
  hectare: HECTARE_M2,
  acre: ACRE_M2,
  relong: RELONG_M2,
  jemba: JEMBA_M2,
  square_metre: SQUARE_METRE_M2,
  square_foot: SQUARE_FOOT_M2,
  rai: RAI_M2,
  ngan: NGAN_M2,
  square_wah: SQUARE_WAH_M2,
}

/**
 * Decimal places shown per unit. docs/product/calculators.md: round only for display, ha 4 dp; relong,
 * acre and rai 2–4 dp (4 chosen so 5 relong shows as 1.4389 ha, §2.2). m² and ft² are small
 * units, so 2 dp is already sub-centimetre.
 */
export const AREA_DISPLAY_DECIMALS: Readonly<Record<AreaUnit, number>> = {
  hectare: 4,
  acre: 4,
  relong: 4,
  jemba: 2,
  square_metre: 2,
  square_foot: 2,
  rai: 4,
  ngan: 4,
  square_wah: 4,
}

/** Upper bound for a value typed into the converter; 1e9 m² is already 100,000 ha. */
export const AREA_VALUE_MAX = 1e9

export function isAreaUnit(value: unknown): value is AreaUnit {
  return typeof value === 'string' && (AREA_UNITS as readonly string[]).includes(value)
}

function factorOf(unit: AreaUnit): number {
  // Runtime guard: callers outside TypeScript (form data, query strings) may pass anything.
  if (!isAreaUnit(unit)) throw new CalculatorError(CALCULATOR_ERRORS.unitInvalid, 'unit')
  return SQUARE_METRES_PER_UNIT[unit]
}

function requireFinite(value: number): void {
  if (!Number.isFinite(value)) throw new CalculatorError(CALCULATOR_ERRORS.valueInvalid, 'value')
}

export function toSquareMetres(value: number, unit: AreaUnit): number {
  requireFinite(value)
  return stripFloatNoise(value * factorOf(unit))
}

export function fromSquareMetres(squareMetres: number, unit: AreaUnit): number {
  requireFinite(squareMetres)
  return stripFloatNoise(squareMetres / factorOf(unit))
}

/**
 * Converts through m² (docs/product/calculators.md). Full precision; use `roundForDisplay` only when
 * showing the number. Throws `CalculatorError` on a non-finite value or unknown unit.
 */
export function convertArea(value: number, from: AreaUnit, to: AreaUnit): number {
  requireFinite(value)
  const fromFactor = factorOf(from)
  const toFactor = factorOf(to)
  // Same unit: return the input untouched rather than round-tripping it through m².
  if (from === to) return value
  return stripFloatNoise((value * fromFactor) / toFactor)
}

/** The value expressed in every unit, e.g. for the converter's result table. */
export function convertAll(value: number, from: AreaUnit): Record<AreaUnit, number> {
  const result = {} as Record<AreaUnit, number>
  for (const unit of AREA_UNITS) result[unit] = convertArea(value, from, unit)
  return result
}

export function roundForDisplay(value: number, unit: AreaUnit): number {
  if (!isAreaUnit(unit)) throw new CalculatorError(CALCULATOR_ERRORS.unitInvalid, 'unit')
  return roundTo(value, AREA_DISPLAY_DECIMALS[unit])
}

// --- Thai compound notation ------------------------------------------------------------------

const NGAN_PER_RAI = RAI_M2 / NGAN_M2
const WAH_PER_NGAN = NGAN_M2 / SQUARE_WAH_M2

const NUMBER = String.raw`(\d+(?:\.\d+)?)`
const RAI_WORD = String.raw`(?:rai|ไร่)`
const NGAN_WORD = String.raw`(?:ngan|งาน)`
// Longest alternatives first; ตร.ว. is the usual Thai abbreviation of ตารางวา.
const WAH_WORD = String.raw`(?:square\s*wah?|sq\.?\s*wah?|tarang\s*wah?|wah?|ตารางวา|ตร\.?\s*ว\.?)`
const SEPARATOR = String.raw`[\s,]*`

/** "4-2-25", "4-2-25 ไร่", "4 - 2 - 25.5 rai", "1,200-0-0". Integer rai and ngan, decimal wah. */
const DASH_FORM = new RegExp(
  String.raw`^(\d{1,3}(?:,\d{3})+|\d+)\s*[-–]\s*(\d+)\s*[-–]\s*(\d+(?:\.\d+)?)\s*${RAI_WORD}?$`,
  'u',
)
/** "4 rai 2 ngan 25 wah", "4 ไร่ 2 งาน 25 ตารางวา", "2 ngan", "25 sq wah" (order rai → ngan → wah). */
const WORD_FORM = new RegExp(
  String.raw`^(?:${NUMBER}\s*${RAI_WORD})?${SEPARATOR}(?:${NUMBER}\s*${NGAN_WORD})?${SEPARATOR}(?:${NUMBER}\s*${WAH_WORD})?$`,
  'u',
)
/** A bare number (optionally "4.5 rai"): read as rai, the unit the field is named after. */
const PLAIN_FORM = new RegExp(String.raw`^${NUMBER}\s*${RAI_WORD}?$`, 'u')

function toNumber(text: string | undefined): number {
  return text === undefined ? 0 : Number(text.replaceAll(',', ''))
}

/**
 * Parses Thai rai-ngan-wah notation into square metres (docs/product/calculators.md: "4-2-25 ไร่" =
 * 4 rai 2 ngan 25 wah² = 7,300 m²). Returns null when the text is not understood.
 *
 * The dash form is positional, so a ngan >= 4 or wah >= 100 there is almost certainly a typo and
 * is rejected rather than carried over. The word form labels every part, so "6 ngan" is
 * unambiguous and simply added up. Negative numbers never match.
 */
export function parseRaiNganWah(text: string): number | null {
  if (typeof text !== 'string') return null
  const normalised = normaliseDigits(text).trim().toLowerCase().replace(/\s+/g, ' ')
  if (normalised === '') return null

  const dash = DASH_FORM.exec(normalised)
  if (dash) {
    const rai = toNumber(dash[1])
    const ngan = toNumber(dash[2])
    const wah = toNumber(dash[3])
    if (ngan >= NGAN_PER_RAI || wah >= WAH_PER_NGAN) return null
    return finiteOrNull(rai * RAI_M2 + ngan * NGAN_M2 + wah * SQUARE_WAH_M2)
  }

  const plain = PLAIN_FORM.exec(normalised)
  if (plain) return finiteOrNull(toNumber(plain[1]) * RAI_M2)

  const words = WORD_FORM.exec(normalised)
  if (words && (words[1] ?? words[2] ?? words[3]) !== undefined) {
    return finiteOrNull(
      toNumber(words[1]) * RAI_M2 +
        toNumber(words[2]) * NGAN_M2 +
        toNumber(words[3]) * SQUARE_WAH_M2,
    )
  }
  return null
}

function finiteOrNull(squareMetres: number): number | null {
  return Number.isFinite(squareMetres) ? stripFloatNoise(squareMetres) : null
}

export interface RaiNganWah {
  rai: number
  ngan: number
  /** Square wah, possibly fractional, rounded to 2 dp. */
  wah: number
  /** Dash notation as printed on Thai land documents, e.g. '4-2-25'. */
  text: string
}

/**
 * Formats square metres as rai-ngan-wah. Rounding happens on the total (in hundredths of a wah)
 * before splitting, so 99.999 wah carries into the next ngan instead of printing "4-2-100".
 */
export function formatRaiNganWah(squareMetres: number): RaiNganWah {
  if (!Number.isFinite(squareMetres) || squareMetres < 0) {
    throw new CalculatorError(CALCULATOR_ERRORS.valueInvalid, 'squareMetres')
  }
  const hundredthsPerNgan = WAH_PER_NGAN * 100
  const hundredthsPerRai = NGAN_PER_RAI * hundredthsPerNgan
  const totalHundredths = Math.round((squareMetres / SQUARE_WAH_M2) * 100)
  const rai = Math.floor(totalHundredths / hundredthsPerRai)
  const rest = totalHundredths - rai * hundredthsPerRai
  const ngan = Math.floor(rest / hundredthsPerNgan)
  const wah = (rest - ngan * hundredthsPerNgan) / 100
  return { rai, ngan, wah, text: `${rai}-${ngan}-${wah}` }
}
