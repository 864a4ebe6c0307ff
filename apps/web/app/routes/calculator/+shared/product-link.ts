import type { ProductDetail } from '@padi/domain/catalogue/schemas'
import {
  calculateInput,
  DEFAULT_SPRAYERS,
  KNAPSACK_LITRES_PER_HECTARE_MIN,
} from '@padi/domain/calculators/input-calculation'
import type { BaseProductUnit, Rate, SprayerType } from '@padi/domain/calculators/input-calculation'

type RateUnit = 'ml' | 'l' | 'g' | 'kg'
const LIQUID: readonly string[] = ['ml', 'l']
const UNITS: readonly string[] = ['ml', 'l', 'g', 'kg']

function isRateUnit(unit: string | null): unit is RateUnit {
  return unit !== null && UNITS.includes(unit)
}

type LabelRate = NonNullable<ProductDetail['label_rate']>

/** The dose in one tank of the label's mix, the same figure the calculator shows for it. */
export type LabelTank = {
  sprayer: SprayerType
  tankLitres: number
  litresPerHectare: number
  amount: number
  unit: BaseProductUnit
}

function domainRate(rate: LabelRate): Rate {
  if (rate.kind === 'per_tank' && rate.tankLitres !== undefined)
    return {
      kind: 'per_tank',
      amount: rate.amount,
      unit: rate.unit,
      tankLitres: rate.tankLitres,
      labelLitresPerHectare: rate.labelLitresPerHectare,
    }
  return { kind: 'per_hectare', amount: rate.amount, unit: rate.unit }
}

/**
 * docs/product/calculators.md: the product page and the calculator opened from it state the same
 * dose per tank, because both come from this one calculation: the label's rate at the label's
 * spray volume, in the usual tank of the sprayer that volume is for (a drone below 100 L/ha).
 * Null when the label gives no spray volume (granules, broadcast fertiliser).
 */
export function labelTankDose(rate: ProductDetail['label_rate']): LabelTank | null {
  if (!rate || rate.labelLitresPerHectare === undefined) return null
  if (rate.kind === 'per_tank' && rate.tankLitres === undefined) return null
  const litresPerHectare = rate.labelLitresPerHectare
  const sprayer: SprayerType =
    litresPerHectare < KNAPSACK_LITRES_PER_HECTARE_MIN ? 'drone' : 'knapsack'
  const tankLitres = DEFAULT_SPRAYERS[sprayer].tankLitres
  const result = calculateInput({
    area: { value: 1, unit: 'hectare' },
    rate: domainRate(rate),
    sprayer: { type: sprayer, tankLitres, litresPerHectare },
  })
  return {
    sprayer,
    tankLitres,
    litresPerHectare,
    amount: result.productPerFullTank,
    unit: result.productUnit,
  }
}

/**
 * Query string of the input calculator prefilled with a product's label rate (parameters as in
 * routes/calculator/+shared/input-form.ts), the label's spray volume and tank (so the calculator
 * states the dose per tank the product page states) and the chosen pack size. A pack in the other
 * kind of unit (a 100 g sachet for a mL rate) or in pieces cannot be counted, so it is left out.
 * Null when the product has no label rate (drone parts, most fertilisers).
 */
export function calculatorSearch(
  productName: string,
  rate: ProductDetail['label_rate'],
  pack: { id?: number; pack_amount: number | null; pack_unit: string | null } | null,
  productId?: number,
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
  // The sprayers the label allows, when it rules one out (docs/product/calculators.md).
  if (rate.sprayers) params.set('label_sprayers', rate.sprayers.join(','))
  const tank = labelTankDose(rate)
  if (tank) {
    params.set('sprayer', tank.sprayer)
    params.set('tank_litres', String(tank.tankLitres))
    params.set('litres_per_hectare', String(tank.litresPerHectare))
    params.set('volume_basis', 'hectare')
  }
  if (
    pack &&
    pack.pack_amount !== null &&
    pack.pack_amount > 0 &&
    isRateUnit(pack.pack_unit) &&
    LIQUID.includes(pack.pack_unit) === LIQUID.includes(rate.unit)
  ) {
    params.set('pack_amount', String(pack.pack_amount))
    params.set('pack_unit', pack.pack_unit)
    // Which pack of which product this is, so the answer can offer to put that many in the cart
    // (docs/product/orders-and-payments.md); its size is part of it, so a pack size the farmer
    // changed afterwards no longer matches.
    if (productId !== undefined && pack.id !== undefined)
      params.set('pack_id', packId(productId, pack.id, pack.pack_amount, pack.pack_unit))
  }
  return `?${params.toString()}`
}

/** 'product.variation.sizeunit', e.g. '12.34.500ml'. */
export function packId(productId: number, variationId: number, amount: number, unit: string) {
  return `${productId}.${variationId}.${amount}${unit}`
}

/**
 * The pack of the product the calculator was opened with, if the pack size on screen is still
 * that pack's: its product and variation, for 'Add these packs to the cart'.
 */
export function packForCart(
  packIdParam: string | null,
  packSize: { amount: number; unit: string } | undefined,
): { productId: number; variationId: number } | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.(.+)$/.exec(packIdParam ?? '')
  if (!match || !packSize) return null
  if (match[3] !== `${packSize.amount}${packSize.unit}`) return null
  return { productId: Number(match[1]), variationId: Number(match[2]) }
}
