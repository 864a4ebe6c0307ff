import { KYC_LIMITS } from '@padi/domain/kyc/kyc-documents'

const MB = 2 ** 20

/** docs/product/credit.md (KYC documents): the limits as the form and its messages state them. */
export const UPLOAD_LIMITS = {
  count: KYC_LIMITS.maxFiles,
  mb: KYC_LIMITS.maxFileBytes / MB,
  totalMb: KYC_LIMITS.maxTotalBytes / MB,
} as const

/** The wizard's address, at one of its steps. */
export function kycPath(locale: string, step?: number) {
  return `/${locale}/kyc${step ? `?step=${step}` : ''}`
}
