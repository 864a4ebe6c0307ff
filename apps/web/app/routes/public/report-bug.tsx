import { data, Form, redirect, useNavigation } from 'react-router'
import { FeedbackSchema } from '@padi/domain/feedback/schemas'
import { FEEDBACK_MESSAGE_MAX } from '@padi/domain/feedback/feedback-limits'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { sendFeedbackToService } from '~/utils/feedback.server.ts'
import { parseForm, type FieldErrors } from '~/utils/forms.ts'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/report-bug'

// docs/security.md row 55: a 429 keeps its Retry-After. The page names the page the user came
// from (their Referer), so no cache keeps it for the next visitor.
export const headers: Route.HeadersFunction = (args) => {
  const headers = retryAfterHeaders(args)
  headers.set('Cache-Control', 'no-store')
  return headers
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'feedback.title', 'feedback.description')

const FIELDS = ['message', 'page'] as const

/** A path of this site only: what the report is about, never another address. */
function ownPath(value: string | null, origin: string): string | null {
  if (!value) return null
  try {
    const url = new URL(value, origin)
    if (url.origin !== origin || url.pathname.endsWith('/report-bug')) return null
    return `${url.pathname}${url.search}`.slice(0, 300)
  } catch {
    return null
  }
}

/**
 * docs/product/error-reporting.md (Report a Bug): the page the report is about is the one the
 * user came from (the footer's link sends no script-made address, so it works without scripts).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return {
    ...pageMessages(params, ['feedback', 'validation']),
    page:
      ownPath(url.searchParams.get('page'), url.origin) ??
      ownPath(request.headers.get('referer'), url.origin) ??
      '/',
    done: url.searchParams.get('done') === '1',
  }
}

type ActionData = { fieldErrors?: FieldErrors; values?: Record<string, string>; formError?: string }

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const form = parseForm(FeedbackSchema, await request.formData(), FIELDS)
  if (!form.ok)
    return data<ActionData>({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 })
  if (await sendFeedbackToService(form.data, locale))
    return redirect(`/${locale}/report-bug?done=1`)
  const api = context.get(apiContext)
  const token = context.get(sessionContext).data.accessToken
  try {
    await api.sendFeedback(form.data, locale, token).catch((error: unknown) => {
      // A session gone stale does not lose the report: it is sent without a name.
      if (token && readRefusal(error).kind === 'signedOut')
        return api.sendFeedback(form.data, locale)
      throw error
    })
  } catch (error) {
    const refusal = readRefusal(error)
    const values = { message: form.data.message, page: form.data.page }
    if (refusal.kind === 'busy' && refusal.message)
      return data<ActionData>({ values, formError: refusal.message.key }, refusal.init)
    return data<ActionData>({ values, formError: 'feedback.failed' }, { status: 503 })
  }
  return redirect(`/${locale}/report-bug?done=1`)
}

export default function ReportBug({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const busy = useNavigation().state === 'submitting'
  if (loaderData.done) {
    return (
      <section>
        <h1>{t('feedback.title')}</h1>
        <p className="notice" role="status">
          {t('feedback.thanks')}
        </p>
      </section>
    )
  }
  const errors = actionData?.fieldErrors ?? {}
  const page = actionData?.values?.page ?? loaderData.page
  return (
    <section>
      <h1>{t('feedback.title')}</h1>
      <p>{t('feedback.intro')}</p>
      <Form method="post" className="form" noValidate>
        {actionData?.formError ? (
          <p className="form-error" role="alert">
            {t(actionData.formError)}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="field-message">{t('feedback.message')}</label>
          <p className="hint" id="field-message-hint">
            {t('feedback.messageHint')}
          </p>
          <textarea
            id="field-message"
            name="message"
            rows={6}
            maxLength={FEEDBACK_MESSAGE_MAX}
            required
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={`field-message-hint${errors.message ? ' field-message-error' : ''}`}
            defaultValue={actionData?.values?.message ?? ''}
          />
          {errors.message ? (
            <p className="field-error" id="field-message-error">
              {t(errors.message)}
            </p>
          ) : null}
        </div>
        <p className="muted">
          {t('feedback.page')} <code>{page}</code>
        </p>
        <input type="hidden" name="page" value={page} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? t('common.sending') : t('feedback.submit')}
        </button>
      </Form>
    </section>
  )
}
