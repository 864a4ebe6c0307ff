// docs/product/credit.md (Renewal): the renewal form's rules, without zod, for the page too.

/** A renewal waits for finance, then is approved (a new line opens) or rejected. */
export const RENEWAL_STATES = ['pending', 'approved', 'rejected'] as const
export type RenewalState = (typeof RENEWAL_STATES)[number]

/** The drawn signature: a PNG data URL of at most this many bytes once decoded. */
export const SIGNATURE_MAX_BYTES = 200 * 1024

export type RenewalField = 'planting_on' | 'harvest_on' | 'signature' | 'agree'

/**
 * docs/product/credit.md (Renewal): the harvest date is required and after the planting date; a
 * signature is required; the terms must be agreed. Answers each field's message key.
 */
export function renewalProblems(input: {
  plantingOn: string
  harvestOn: string
  signature: string
  agreed: boolean
}): Partial<Record<RenewalField, string>> {
  const problems: Partial<Record<RenewalField, string>> = {}
  const day = /^\d{4}-\d{2}-\d{2}$/
  if (!input.plantingOn) problems.planting_on = 'renewal.errors.required'
  else if (!day.test(input.plantingOn)) problems.planting_on = 'renewal.errors.date'
  if (!input.harvestOn) problems.harvest_on = 'renewal.errors.required'
  else if (!day.test(input.harvestOn)) problems.harvest_on = 'renewal.errors.date'
  else if (day.test(input.plantingOn) && input.harvestOn <= input.plantingOn)
    problems.harvest_on = 'renewal.errors.harvestAfterPlanting'
  if (!input.signature.startsWith('data:image/png;base64,'))
    problems.signature = 'renewal.errors.signature'
  if (!input.agreed) problems.agree = 'renewal.errors.agree'
  return problems
}
