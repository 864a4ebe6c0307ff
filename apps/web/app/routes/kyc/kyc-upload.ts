import { data } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { KYC_LIMITS } from '@padi/domain/kyc/kyc-documents'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { isKycKind, uploadAttempt, uploadKycFile } from '~/utils/kyc.server.ts'
import { readBodyUpTo } from '~/utils/uploads.server.ts'
import type { Route } from './+types/kyc-upload'

/**
 * docs/product/credit.md (KYC documents): one file sent by the page's script as the body itself,
 * so the page can show its progress and send it again alone when the network drops (with the
 * file's key, `attempt`, so a second sending of one chosen file keeps one document). The answer
 * is JSON for that script; the form without JavaScript posts to the KYC page instead.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const url = new URL(request.url)
  const kind = url.searchParams.get('kind')
  if (request.method !== 'POST' || !isKycKind(kind))
    return data({ ok: false, message: { key: 'kyc.upload.failed' } }, { status: 400 })
  const bytes = await readBodyUpTo(request, KYC_LIMITS.maxFileBytes)
  const answer = await uploadKycFile(
    { session: context.get(sessionContext), locale, api: context.get(apiContext) },
    {
      kind,
      name: url.searchParams.get('name') ?? '',
      type: request.headers.get('content-type') ?? '',
      bytes,
      attempt: uploadAttempt(url.searchParams.get('attempt')),
    },
  )
  return answer.ok ? data({ ok: true }) : data(answer, { status: answer.status })
}
