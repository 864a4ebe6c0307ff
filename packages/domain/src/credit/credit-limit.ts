import type { Market } from '../markets.ts'
import { ADVERTISED_CREDIT } from './advertised.ts'

/**
 * docs/product/credit.md: limit = advertised amount per hectare × registered hectares, rounded down to
 * the sen (5 relong = 1.4389 ha -> RM1,438.88). Float noise is removed before flooring so exact
 * products such as 1.6 ha × 100000 are not floored one sen short.
 */
export function perHectareLimitMinor(hectares: number, perHectareMinor: number): number {
  if (!(hectares >= 0) || !Number.isFinite(hectares)) throw new RangeError('hectares must be >= 0')
  const raw = hectares * perHectareMinor
  return Math.floor(Number(raw.toPrecision(12)))
}

/**
 * docs/product/credit.md (KYC review): the credit line an approval opens. The verified hectares
 * at the market's rate (a setting); where the advertised figure is a ceiling for the whole line
 * (Thailand: 35,000 baht), never more than it.
 */
export function approvedLimitMinor(
  market: Market,
  hectares: number,
  ratePerHectareMinor: number,
): number {
  const limit = perHectareLimitMinor(hectares, ratePerHectareMinor)
  const advertised = ADVERTISED_CREDIT[market]
  return advertised.perHectare ? limit : Math.min(limit, advertised.amountMinor)
}
