import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { ApiClient } from './api.server.ts'
import { withUserToken } from './auth.server.ts'
import { readRefusal } from './api-errors.server.ts'
import { apiContext } from './context.server.ts'
import { localePath } from './i18n.ts'
import { sessionContext } from './session.server.ts'
import { documentId } from './uploads.server.ts'
import { formIntent, parseForm } from './forms.ts'
import type { Message } from '~/components/auth/form-alert.tsx'

export type DecisionActionData = { id: number; formError: Message }

/** A decision on one item: a rejection needs its reason, of at most 500 characters. */
const decisionForm = (intent: string | undefined) =>
  z.object({
    id: z.string(),
    reason: z
      .string()
      .trim()
      .refine((v) => intent !== 'reject' || (v.length > 0 && v.length <= 500)),
    can_resubmit_on: z.string().trim(),
  })

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
  const formData = await args.request.formData()
  const intent = formIntent(formData, ['approve', 'reject'])
  const form = parseForm(decisionForm(intent), formData, ['id', 'reason', 'can_resubmit_on'])
  const id = documentId(form.values.id)
  if (!form.ok)
    return data<DecisionActionData>(
      { id, formError: { key: args.keys.reasonNeeded } },
      { status: 400 },
    )
  const { reason, can_resubmit_on: again } = form.data
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
