import type { KycStatus } from '../auth/roles.ts'
import type { CreditLineState } from '../credit/credit-line.ts'

/**
 * docs/product/credit.md (KYC): the life of a credit application. The farmer fills a draft (kept
 * on the server step by step) and submits it; finance approves it, rejects it (with the date from
 * which the farmer may apply again) or asks for more documents, naming which; the farmer then adds
 * them and submits again. An approved application is final: renewing the contract is its own
 * process.
 */
export const KYC_APPLICATION_STATES = [
  'draft',
  'submitted',
  'insufficient_documents',
  'rejected',
  'approved',
] as const
export type KycApplicationState = (typeof KYC_APPLICATION_STATES)[number]

export type KycActor = 'customer' | 'finance'

/** Who may move an application from one state to another. */
const TRANSITIONS: Record<KycApplicationState, Partial<Record<KycApplicationState, KycActor>>> = {
  draft: { submitted: 'customer' },
  submitted: { approved: 'finance', rejected: 'finance', insufficient_documents: 'finance' },
  insufficient_documents: { submitted: 'customer' },
  rejected: {},
  approved: {},
}

/** docs/product/credit.md (KYC): whether `actor` may move an application from `from` to `to`. */
export function canMove(from: KycApplicationState, to: KycApplicationState, actor: KycActor) {
  return TRANSITIONS[from][to] === actor
}

/** The customer may change the application's answers and files only while it is theirs to edit. */
export function customerMayEdit(state: KycApplicationState): boolean {
  return state === 'draft' || state === 'insufficient_documents'
}

/**
 * docs/product/credit.md (KYC): a rejected applicant may start a new application from the date
 * finance set ('submit again later' before it); with no date set, at once.
 */
export function mayApplyAgain(canResubmitAt: Date | null, now: Date): boolean {
  return canResubmitAt === null || now.getTime() >= canResubmitAt.getTime()
}

/** The user's KYC status (profile and route guards) that an application in this state gives. */
export function userKycStatus(state: KycApplicationState): KycStatus | null {
  if (state === 'approved') return 'APPROVED'
  if (state === 'rejected') return 'REJECTED'
  if (state === 'draft') return null
  return 'INCOMPLETE'
}

/** docs/product/credit.md (Application statuses): the dashboard's words for where the farmer is. */
export const CREDIT_APPLICATION_STATUSES = [
  'none',
  'in_review',
  'insufficient_documents',
  'rejected',
  'completed',
  'incomplete_contract',
] as const
export type CreditApplicationStatus = (typeof CREDIT_APPLICATION_STATUSES)[number]

/**
 * The dashboard's status from the latest application and the credit line (docs/product/credit.md):
 * nothing submitted yet reads 'no application received'; an approval whose line is usable reads
 * 'completed', and one whose line is suspended or expired needs the contract renewed. A line
 * given without an application here (an account verified at the branch before the shop opened)
 * speaks for itself: the farmer is not asked to apply for what they have.
 */
export function creditApplicationStatus(
  application: KycApplicationState | null,
  line: { state: CreditLineState; expiresAt: Date } | null,
  now: Date,
): CreditApplicationStatus {
  const usable = line !== null && line.state === 'active' && line.expiresAt > now
  if ((application === null || application === 'draft') && line !== null)
    return usable ? 'completed' : 'incomplete_contract'
  if (application === null || application === 'draft') return 'none'
  if (application === 'submitted') return 'in_review'
  if (application === 'insufficient_documents') return 'insufficient_documents'
  if (application === 'rejected') return 'rejected'
  return usable ? 'completed' : 'incomplete_contract'
}
