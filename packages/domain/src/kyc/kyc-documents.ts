// The documents of a credit application and their limits, without zod: the wizard's page needs
// them in the browser, where zod is not loaded up front (docs/performance.md).

/** docs/product/credit.md (KYC documents): the kinds of file an application holds. */
export const KYC_DOCUMENT_KINDS = [
  'id_front',
  'id_back',
  'selfie',
  'bank_statement',
  'utility_bill',
  'land_document',
  'harvest_sales',
] as const
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number]

/** The card and the farmer's face: every application has these. */
export const IDENTITY_DOCUMENTS: readonly KycDocumentKind[] = ['id_front', 'id_back', 'selfie']

/**
 * The farm's papers: at least one with a submission (a first-season farmer may have no harvest
 * sales yet); finance asks for the others it needs ('insufficient documents').
 */
export const SUPPORTING_DOCUMENTS: readonly KycDocumentKind[] = [
  'bank_statement',
  'utility_bill',
  'land_document',
  'harvest_sales',
]

/**
 * docs/product/credit.md (KYC documents): what one application may hold, as the form states it.
 * Sized for photos of paper documents taken on a phone and shrunk before they are sent.
 */
export const KYC_LIMITS = {
  maxFiles: 12,
  maxFileBytes: 8 * 1024 * 1024,
  maxTotalBytes: 24 * 1024 * 1024,
} as const

/** The content types a KYC file may have, judged from its bytes. */
export const KYC_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const

/**
 * docs/product/credit.md (KYC documents): whether one more file fits the application's limits.
 * Answers the section 8 message's key, or null when it fits.
 */
export function uploadProblem(
  held: readonly { bytes: number }[],
  next: { bytes: number },
):
  | 'kyc.upload.empty'
  | 'kyc.upload.fileTooLarge'
  | 'kyc.upload.tooMany'
  | 'kyc.upload.totalTooLarge'
  | null {
  if (next.bytes <= 0) return 'kyc.upload.empty'
  if (next.bytes > KYC_LIMITS.maxFileBytes) return 'kyc.upload.fileTooLarge'
  if (held.length + 1 > KYC_LIMITS.maxFiles) return 'kyc.upload.tooMany'
  const total = held.reduce((n, f) => n + f.bytes, 0) + next.bytes
  if (total > KYC_LIMITS.maxTotalBytes) return 'kyc.upload.totalTooLarge'
  return null
}
