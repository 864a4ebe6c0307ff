import type { Currency } from '../markets.ts'

/** docs/product/credit.md: the credit line. */
export const CREDIT_LINE_STATES = ['active', 'suspended', 'expired'] as const
export type CreditLineState = (typeof CREDIT_LINE_STATES)[number]

/** docs/product/credit.md: the ledger. Every movement of a line is one of these, never edited. */
export const LEDGER_KINDS = ['purchase', 'repayment', 'late_fee', 'adjustment', 'reversal'] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** What a line holds, in minor units of its currency. */
export type CreditLineBalances = {
  currency: Currency
  approvedMinor: number
  /** Principal owed: what purchases took from the line and repayments have not yet returned. */
  utilisedMinor: number
  interestMinor: number
  lateFeeMinor: number
  state: CreditLineState
  expiresAt: Date
  dueAt: Date | null
}

/** One ledger entry's change to each part of what is owed. */
export type LedgerDeltas = { principalMinor: number; interestMinor: number; lateFeeMinor: number }

/** docs/product/credit.md: available = approved − utilised. */
export function availableMinor(line: Pick<CreditLineBalances, 'approvedMinor' | 'utilisedMinor'>) {
  return line.approvedMinor - line.utilisedMinor
}

/**
 * docs/product/credit.md: a line pays for an order only while it is active and not past its expiry.
 * The state says 'active' until finance or the expiry job changes it; the date is checked as well so
 * a line is never spent in the hours between its expiry and that job.
 */
export function isSpendable(
  line: Pick<CreditLineBalances, 'state' | 'expiresAt'>,
  now: Date,
): boolean {
  return line.state === 'active' && line.expiresAt.getTime() > now.getTime()
}

/** docs/product/credit.md: the outstanding balance and its parts. */
export function outstanding(line: CreditLineBalances) {
  return {
    principalMinor: line.utilisedMinor,
    interestMinor: line.interestMinor,
    lateFeeMinor: line.lateFeeMinor,
    totalMinor: line.utilisedMinor + line.interestMinor + line.lateFeeMinor,
  }
}

/** docs/product/credit.md: overdue is everything still owed once the due date has passed. */
export function totalDueMinor(line: CreditLineBalances, now: Date): number {
  if (!line.dueAt || line.dueAt.getTime() > now.getTime()) return 0
  return outstanding(line).totalMinor
}

/**
 * docs/product/orders-and-payments.md: how much more credit an order needs ('You need an additional
 * RM X'); 0 when the line covers it.
 */
export function shortfallMinor(
  line: Pick<CreditLineBalances, 'approvedMinor' | 'utilisedMinor'>,
  amountMinor: number,
): number {
  return Math.max(0, amountMinor - availableMinor(line))
}

/**
 * docs/product/credit.md: a repayment pays the late fee first, then interest, then principal. A
 * repayment larger than everything owed is refused before this is called.
 */
export function allocateRepayment(
  line: Pick<CreditLineBalances, 'utilisedMinor' | 'interestMinor' | 'lateFeeMinor'>,
  amountMinor: number,
): LedgerDeltas {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a repayment is a positive whole number of minor units')
  const owed = line.utilisedMinor + line.interestMinor + line.lateFeeMinor
  if (amountMinor > owed) throw new RangeError('a repayment cannot exceed what is owed')
  let left = amountMinor
  const lateFee = Math.min(left, line.lateFeeMinor)
  left -= lateFee
  const interest = Math.min(left, line.interestMinor)
  left -= interest
  // `|| 0` keeps a zero a plain 0 rather than -0.
  return { lateFeeMinor: -lateFee || 0, interestMinor: -interest || 0, principalMinor: -left || 0 }
}
