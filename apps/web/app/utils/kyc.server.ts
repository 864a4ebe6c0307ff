import { KYC_DOCUMENT_KINDS, type KycDocumentKind } from '@padi/domain/kyc/kyc-documents'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Message } from '~/components/auth/form-alert.tsx'
import { UPLOAD_LIMITS } from '~/components/kyc/kyc-limits.ts'
import { ApiError, type ApiClient } from './api.server.ts'
import { withUserToken } from './auth.server.ts'
import { readRefusal } from './api-errors.server.ts'
import type { WebSession } from './session.server.ts'

export function isKycKind(value: unknown): value is KycDocumentKind {
  return KYC_DOCUMENT_KINDS.some((k) => k === value)
}

/** The shape of an upload's key (the API's Idempotency-Key); anything else is not passed on. */
const ATTEMPT = /^[A-Za-z0-9_-]{8,100}$/

/**
 * docs/product/credit.md (KYC documents): the key of one chosen file, as the page sent it (the
 * form's hidden field, or the script's query). The same file sent twice with it is kept once.
 */
export function uploadAttempt(value: unknown): string | undefined {
  return typeof value === 'string' && ATTEMPT.test(value) ? value : undefined
}

/**
 * The text an upload refusal shows: the API names the catalogue key of its problem (empty, not
 * PDF, JPEG or PNG, too large, the application's limits); anything else is the page's own.
 */
export function uploadRefusal(error: unknown): Message {
  const refusal = readRefusal(error)
  const key = refusal.error.body.message_key
  if (key?.startsWith('kyc.upload.')) {
    const mb = key === 'kyc.upload.totalTooLarge' ? UPLOAD_LIMITS.totalMb : UPLOAD_LIMITS.mb
    return { key, params: { mb, count: UPLOAD_LIMITS.count } }
  }
  if (refusal.message) return refusal.message
  if (refusal.code === 'KYC_NOT_EDITABLE') return { key: 'kyc.page.notEditable' }
  if (refusal.code === 'KYC_RESUBMIT_LATER') return { key: 'kyc.page.submitLater' }
  // The same chosen file, sent again while its first sending is still being kept.
  if (refusal.code === 'IDEMPOTENCY_IN_FLIGHT') return { key: 'kyc.upload.underWay' }
  // The page's key for one file came with another (a page kept from before): nothing was kept.
  if (refusal.code === 'IDEMPOTENCY_MISMATCH') return { key: 'kyc.upload.pageOutdated' }
  return { key: 'kyc.upload.failed' }
}

/**
 * One document on its way to the API with the farmer's token; a refusal becomes its message.
 * A file over the limit is refused here, before it is sent on.
 */
export async function uploadKycFile(
  ctx: { session: WebSession; locale: Locale; api: ApiClient },
  file: {
    kind: KycDocumentKind
    name: string
    type: string
    bytes: Uint8Array<ArrayBuffer> | null
    /** The chosen file's key (uploadAttempt): a second sending of it is kept once. */
    attempt?: string | undefined
  },
): Promise<{ ok: true } | { ok: false; status: number; message: Message }> {
  if (file.bytes === null)
    return {
      ok: false,
      status: 413,
      message: { key: 'kyc.upload.fileTooLarge', params: { mb: UPLOAD_LIMITS.mb } },
    }
  try {
    await withUserToken(ctx, (token) =>
      ctx.api.uploadKycDocument(
        token,
        {
          kind: file.kind,
          name: file.name.slice(0, 200),
          bytes: file.bytes!,
          // The API judges the bytes, not this; it only has to be one it reads as a file.
          type: 'application/octet-stream',
        },
        file.attempt,
      ),
    )
    return { ok: true }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { ok: false, status: error.statusCode, message: uploadRefusal(error) }
  }
}
