// Kept apart from area-form.ts, which the spray calculator's first load shares: only the
// converter page needs these.

/**
 * Why the converter was opened, when another form sent the farmer to it (docs/product/credit.md,
 * KYC): `kyc`, from the credit application's farm step, which the converter leads back to with
 * the hectares found. Anything else in the address is ignored.
 */
export type AreaPurpose = 'kyc'

export function readAreaPurpose(params: URLSearchParams): AreaPurpose | undefined {
  return params.get('for') === 'kyc' ? 'kyc' : undefined
}

/**
 * The hectares to offer back to the credit application: two decimals, as the farmer writes them,
 * inside what the application accepts (more than 0, at most 1,000); null when there is none.
 */
export function hectaresForApplication(hectares: number): string | null {
  const rounded = Math.round(hectares * 100) / 100
  return rounded > 0 && rounded <= 1000 ? String(rounded) : null
}
