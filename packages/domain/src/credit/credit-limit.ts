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
