/**
 * docs/product/credit.md (Keeping KYC data): how long a farmer's identity documents and answers
 * are kept once they are no longer needed, and what holds them longer.
 */
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000

/** After the credit relationship ends: six years (AMLA s.17 keeps due-diligence records six years). */
export const KEEP_AFTER_RELATIONSHIP_MS = 6 * YEAR_MS
/** An application that never became credit (rejected, or left unfinished): one year. */
export const KEEP_UNUSED_MS = 1 * YEAR_MS
/** A legal hold (an AMLA report or an investigation) keeps everything six years from the hold. */
export const LEGAL_HOLD_MS = 6 * YEAR_MS

/**
 * Whether an application's KYC data is due to be removed at `now`. `closedAt` is when it stopped
 * being needed (the rejection, the last change of an unfinished one, or the end of the last
 * credit line with nothing owed); null while it is still needed. `approved`: it became credit.
 */
export function kycPurgeDue(input: {
  approved: boolean
  closedAt: Date | null
  legalHoldAt: Date | null
  now: Date
}): boolean {
  if (!input.closedAt) return false
  const now = input.now.getTime()
  if (input.legalHoldAt && now < input.legalHoldAt.getTime() + LEGAL_HOLD_MS) return false
  const keep = input.approved ? KEEP_AFTER_RELATIONSHIP_MS : KEEP_UNUSED_MS
  return now >= input.closedAt.getTime() + keep
}
