// docs/product/credit.md (KYC review): finance's judgement of one document. Without zod: the
// farmer's page reads it in the browser.

/** Accepted as it is, or to be sent again (with the reason the farmer reads). */
export const KYC_DOCUMENT_REVIEWS = ['accepted', 'resend'] as const
export type KycDocumentReview = (typeof KYC_DOCUMENT_REVIEWS)[number]

/** The longest reason finance may give the farmer for sending a document again. */
export const RESEND_REASON_MAX = 500

/**
 * The document kinds an application sent back must have again: those of the documents finance
 * marked to be sent again (a new file of the kind takes the old one's place).
 */
export function kindsToResend<K extends string>(
  documents: readonly { kind: K; review: KycDocumentReview | null }[],
): K[] {
  return [...new Set(documents.filter((d) => d.review === 'resend').map((d) => d.kind))]
}
