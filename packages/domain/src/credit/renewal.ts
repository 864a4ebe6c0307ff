import { mayApplyAgain } from '../kyc/kyc-application.ts'

/** docs/product/credit.md (Renewal): the state of the farmer's contract. */
export type ContractStatus = 'APPROVED' | 'REJECTED' | 'INCOMPLETE' | null

/** Why a renewal may not start yet, one reason per condition that does not hold. */
export type RenewalBlock =
  'amount_due' | 'credit_not_suspended' | 'user_inactive' | 'resubmit_later'

/**
 * docs/product/credit.md (Renewal): a renewal may start only when nothing is due, the current
 * credit is suspended, the user is active, and the contract is approved, incomplete or absent, or
 * rejected with its resubmission date come. Answers every condition that does not hold (none:
 * the renewal may start), so the page can say each.
 */
export function renewalBlocks(input: {
  totalDueMinor: number
  creditSuspended: boolean
  userActive: boolean
  contractStatus: ContractStatus
  canResubmitAt: Date | null
  now: Date
}): RenewalBlock[] {
  const blocks: RenewalBlock[] = []
  if (input.totalDueMinor !== 0) blocks.push('amount_due')
  if (!input.creditSuspended) blocks.push('credit_not_suspended')
  if (!input.userActive) blocks.push('user_inactive')
  // As with a KYC application: a rejection without a date may be followed at once.
  if (input.contractStatus === 'REJECTED' && !mayApplyAgain(input.canResubmitAt, input.now))
    blocks.push('resubmit_later')
  return blocks
}
