import type { Currency } from '../markets.ts'
import { readReference, REFERENCE_LENGTH } from './repayment-reference.ts'

// docs/product/repayments.md (Matching the statement): each credit on the collecting account's
// statement is matched to a QR repayment by the reference the farmer's bank passed on; only an
// exact match (our reference, the same amount and currency, not yet paid) is applied without a
// person. Everything else waits in finance's review list with the reason.

/** One credit (money in) on a statement, as the import reads it. */
export type StatementCredit = {
  /** The bank's own id for the transaction: a line imported twice is the same line. */
  bankTransactionId: string
  bookedOn: string
  amountMinor: number
  currency: Currency
  /** What the bank passed on from the payer: the reference and any other text. */
  details: string
  payerName: string | null
}

export const REVIEW_REASONS = [
  'no_reference',
  'unknown_reference',
  'several_references',
  'amount_differs',
  'currency_differs',
  'already_paid',
  'more_than_owed',
  'covered_by_receipt',
] as const
export type ReviewReason = (typeof REVIEW_REASONS)[number]

/**
 * The references of ours in a statement's text: each word of nine letters and digits that reads
 * as one (repayment-reference.ts), and, in a longer word (a bank that runs its own text into it),
 * each nine-character stretch that does. A stretch reads as a reference by chance one time in
 * 32 (the check character); it counts only if it is also a reference we gave, which the import
 * looks up, so a line names a repayment only through a reference we made.
 */
export function referencesIn(details: string): string[] {
  const found = new Set<string>()
  for (const word of details.toUpperCase().split(/[^0-9A-Z]+/)) {
    if (word.length < REFERENCE_LENGTH) continue
    for (let i = 0; i + REFERENCE_LENGTH <= word.length; i++) {
      const reference = readReference(word.slice(i, i + REFERENCE_LENGTH))
      if (reference) found.add(reference)
    }
  }
  return [...found]
}

/** The QR repayment a reference names, as the matching needs it. */
export type MatchCandidate = {
  id: number
  amountMinor: number
  currency: Currency
  paid: boolean
}

export type MatchDecision =
  | { kind: 'match'; candidate: MatchCandidate }
  | { kind: 'review'; reason: ReviewReason; candidate: MatchCandidate | null }

/**
 * Whether a credit repays the repayment its reference names: one reference of ours, known, for
 * the same currency and amount, not paid yet. An expired code paid anyway is still the farmer's
 * money for the amount they chose, so it is matched. (More than is owed by the time it arrives is
 * found when it is applied, under the line's lock: `more_than_owed`.)
 */
export function matchCredit(
  credit: StatementCredit,
  candidates: readonly MatchCandidate[],
  referencesFound: number,
): MatchDecision {
  if (referencesFound === 0) return { kind: 'review', reason: 'no_reference', candidate: null }
  // A reference we never gave, or two of ours in one line: a person decides.
  if (candidates.length === 0)
    return { kind: 'review', reason: 'unknown_reference', candidate: null }
  if (candidates.length > 1)
    return { kind: 'review', reason: 'several_references', candidate: null }
  const candidate = candidates[0]!
  if (candidate.currency !== credit.currency)
    return { kind: 'review', reason: 'currency_differs', candidate }
  if (candidate.paid) return { kind: 'review', reason: 'already_paid', candidate }
  if (candidate.amountMinor !== credit.amountMinor)
    return { kind: 'review', reason: 'amount_differs', candidate }
  return { kind: 'match', candidate }
}

/** An unpaid QR repayment that a credit in review might be, with its farmer's name. */
export type SuggestionCandidate = {
  qrRepaymentId: number
  userId: number
  name: string
  amountMinor: number
  createdAt: Date
}

const words = (name: string) =>
  new Set(
    name
      .toUpperCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && !['BIN', 'BINTI', 'BT', 'BTE', 'A/L', 'A/P'].includes(w)),
  )

/**
 * docs/product/repayments.md (The review list): the farmer a credit in review most likely came
 * from, for finance to confirm or not: among unpaid QR repayments asked before the money was
 * booked, the same amount counts most, then the words of the farmer's name in the payer's name,
 * then the nearest day. Null when nothing shares the amount or a word of the name.
 */
export function suggestFarmer(
  credit: Pick<StatementCredit, 'amountMinor' | 'payerName' | 'bookedOn'>,
  candidates: readonly SuggestionCandidate[],
): SuggestionCandidate | null {
  const payer = words(credit.payerName ?? '')
  const booked = Date.parse(`${credit.bookedOn}T23:59:59Z`)
  let best: { score: number; candidate: SuggestionCandidate } | null = null
  for (const candidate of candidates) {
    if (candidate.createdAt.getTime() > booked) continue
    const shared = [...words(candidate.name)].filter((w) => payer.has(w)).length
    const sameAmount = candidate.amountMinor === credit.amountMinor
    if (!sameAmount && shared === 0) continue
    const days = (booked - candidate.createdAt.getTime()) / 86_400_000
    const score = (sameAmount ? 1_000 : 0) + shared * 100 - Math.min(days, 99)
    if (!best || score > best.score) best = { score, candidate }
  }
  return best?.candidate ?? null
}

/** Letters and digits only, in capitals: how two writings of one reference are compared. */
const bare = (text: string) => text.toUpperCase().replace(/[^0-9A-Z]/g, '')

/**
 * docs/product/repayments.md (Receipts and the statement): whether a farmer's receipt and a
 * credit applied from the statement are the same money, so that they never both count. `same`:
 * the same amount, and the receipt's reference holds the bank's id for the credit or our QR
 * reference it paid; `maybe`: the same amount, booked within three days of the day on the
 * receipt (finance is shown it, and decides). Otherwise null.
 */
export function sameMoney(
  receipt: { amountMinor: number; paidOn: string; reference: string },
  credit: {
    amountMinor: number
    bookedOn: string
    bankTransactionId: string
    qrReference: string | null
  },
): 'same' | 'maybe' | null {
  if (receipt.amountMinor !== credit.amountMinor) return null
  const written = bare(receipt.reference)
  const ids = [bare(credit.bankTransactionId), bare(credit.qrReference ?? '')]
  if (ids.some((id) => id.length >= 6 && written.includes(id))) return 'same'
  const days = Math.abs(Date.parse(receipt.paidOn) - Date.parse(credit.bookedOn)) / 86_400_000
  return days <= 3 ? 'maybe' : null
}
