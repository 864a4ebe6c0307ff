// docs/product/credit.md (Late repayment): the rules of an extension application, without zod, so
// the page can state and check them in the browser too.

/** An application waits for finance, then is approved (the dates move) or rejected. */
export const EXTENSION_STATES = ['pending', 'approved', 'rejected'] as const
export type ExtensionState = (typeof EXTENSION_STATES)[number]

/** Reason and affected area: at most 500 characters each. */
export const EXTENSION_TEXT_MAX = 500

/** Supporting documents: PDF, JPEG or PNG; at most 5 files, 8 MB each, 20 MB in all. */
export const EXTENSION_FILE_LIMITS = {
  files: 5,
  fileBytes: 8 * 1024 * 1024,
  totalBytes: 20 * 1024 * 1024,
}

export type ExtensionField = 'new_planting_on' | 'new_harvest_on' | 'reason' | 'affected_area'

/**
 * docs/product/credit.md (Late repayment): the new planting and harvest dates must each be later
 * than the ones in force, and the harvest after the planting; reason and affected area are needed
 * and at most 500 characters. Answers each field's message key (none: acceptable).
 */
export function extensionProblems(input: {
  newPlantingOn: string
  newHarvestOn: string
  reason: string
  affectedArea: string
  plantingOn: string | null
  harvestOn: string
}): Partial<Record<ExtensionField, string>> {
  const problems: Partial<Record<ExtensionField, string>> = {}
  const day = /^\d{4}-\d{2}-\d{2}$/
  if (!input.newPlantingOn) problems.new_planting_on = 'extension.errors.required'
  else if (!day.test(input.newPlantingOn)) problems.new_planting_on = 'extension.errors.date'
  else if (input.plantingOn && input.newPlantingOn <= input.plantingOn)
    problems.new_planting_on = 'extension.errors.plantingLater'
  if (!input.newHarvestOn) problems.new_harvest_on = 'extension.errors.required'
  else if (!day.test(input.newHarvestOn)) problems.new_harvest_on = 'extension.errors.date'
  else if (input.newHarvestOn <= input.harvestOn)
    problems.new_harvest_on = 'extension.errors.harvestLater'
  else if (day.test(input.newPlantingOn) && input.newHarvestOn <= input.newPlantingOn)
    problems.new_harvest_on = 'extension.errors.harvestAfterPlanting'
  for (const [field, text] of [
    ['reason', input.reason],
    ['affected_area', input.affectedArea],
  ] as const) {
    if (!text.trim()) problems[field] = 'extension.errors.required'
    else if ([...text].length > EXTENSION_TEXT_MAX) problems[field] = 'extension.errors.tooLong'
  }
  return problems
}
