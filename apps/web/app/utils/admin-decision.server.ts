import { data, redirect, type RouterContextProvider } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { ApiClient } from './api.server.ts'
import { withUserToken } from './auth.server.ts'
import { readRefusal } from './api-errors.server.ts'
import { apiContext } from './context.server.ts'
import { localePath } from './i18n.ts'
import { sessionContext } from './session.server.ts'
import { documentId } from './uploads.server.ts'
import type { Message } from '~/components/auth/form-alert.tsx'

export type DecisionActionData = { id: number; formError: Message }

/**
 * A finance queue's action (docs/product/credit.md): approve, or reject with a reason of at most
 * 500 characters (and the day the farmer may try again, when `withDate`). A refusal stays on the
 * page beside its item; a decision goes back to the queue with its flash.
 */
export async function queueDecision(args: {
  params: { lang?: string | undefined }
  request: Request
  context: Readonly<RouterContextProvider>
  path: string
  keys: { approved: string; rejected: string; reasonNeeded: string; alreadyDecided: string }
  approve: (api: ApiClient, token: string, id: number) => Promise<unknown>
  reject: (
    api: ApiClient,
    token: string,
    id: number,
    input: { reason: string; can_resubmit_on?: string },
  ) => Promise<unknown>
  refusalKey?: (code: string | undefined) => string | null
}) {
  const locale: Locale = isLocale(args.params.lang) ? args.params.lang : 'en'
  const session = args.context.get(sessionContext)
  const api = args.context.get(apiContext)
  const form = await args.request.formData()
  const id = documentId(String(form.get('id') ?? ''))
  const intent = form.get('intent')
  const reason = String(form.get('reason') ?? '').trim()
  const again = String(form.get('can_resubmit_on') ?? '').trim()
  if (intent === 'reject' && (reason.length === 0 || reason.length > 500))
    return data<DecisionActionData>(
      { id, formError: { key: args.keys.reasonNeeded } },
      { status: 400 },
    )
  try {
    await withUserToken({ session, locale }, (token) =>
      intent === 'approve'
        ? args.approve(api, token, id)
        : args.reject(api, token, id, {
            reason,
            ...(/^\d{4}-\d{2}-\d{2}$/.test(again) ? { can_resubmit_on: again } : {}),
          }),
    )
  } catch (error) {
    const refusal = readRefusal(error)
    const key =
      args.refusalKey?.(refusal.code) ??
      (refusal.code === 'DECISION_TAKEN' || refusal.code === 'RECEIPT_DECIDED'
        ? args.keys.alreadyDecided
        : 'admin.application.failed')
    return data<DecisionActionData>({ id, formError: refusal.message ?? { key } }, refusal.init)
  }
  session.update({
    flash: {
      kind: 'success',
      messageKey: intent === 'approve' ? args.keys.approved : args.keys.rejected,
    },
  })
  return redirect(localePath(locale, args.path), 303)
}
