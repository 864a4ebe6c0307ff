import type { ProductDetail } from '@padi/domain/catalogue/schemas'

type RateUnit = 'ml' | 'l' | 'g' | 'kg'
const LIQUID: readonly string[] = ['ml', 'l']
const UNITS: readonly string[] = ['ml', 'l', 'g', 'kg']

function isRateUnit(unit: string | null): unit is RateUnit {
  return unit !== null && UNITS.includes(unit)
}

/**
 * Query string of the input calculator prefilled with a product's label rate (parameters as in
 * routes/calculator/+shared/input-form.ts) and the chosen pack size. A pack in the other kind of
 * unit (a 100 g sachet for a mL rate) or in pieces cannot be counted, so it is left out. Null when
 * the product has no label rate (drone parts, most fertilisers).
 */
export function calculatorSearch(
  productName: string,
  rate: ProductDetail['label_rate'],
  pack: { pack_amount: number | null; pack_unit: string | null } | null,
): string | null {
  if (!rate) return null
  const params = new URLSearchParams()
  params.set('product', productName)
  params.set('rate_kind', rate.kind)
  params.set('rate_amount', String(rate.amount))
  params.set('rate_unit', rate.unit)
  if (rate.kind === 'per_tank' && rate.tankLitres !== undefined)
    params.set('rate_tank_litres', String(rate.tankLitres))
  if (rate.labelLitresPerHectare !== undefined)
    params.set('label_litres_per_hectare', String(rate.labelLitresPerHectare))
  if (
    pack &&
    pack.pack_amount !== null &&
    pack.pack_amount > 0 &&
    isRateUnit(pack.pack_unit) &&
    LIQUID.includes(pack.pack_unit) === LIQUID.includes(rate.unit)
  ) {
    params.set('pack_amount', String(pack.pack_amount))
    params.set('pack_unit', pack.pack_unit)
  }
  return `?${params.toString()}`
}
