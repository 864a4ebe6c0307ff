import { Form, Link, redirect, useNavigation } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { savePin } from '~/utils/pin-setup.server.ts'
import { PinFields } from '~/components/account/pin-fields.tsx'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/payment-pin'

export const handle: StyleHandle = { css: [authCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'pin.title', 'pin.description')

/** docs/product/orders-and-payments.md: the payment PIN, set or changed from the settings. */
export function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext)
  return {
    ...pageMessages(params, ['account', 'pin']),
    isPinSet: Boolean(session.data.user?.isPinSet),
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const wasSet = Boolean(session.data.user?.isPinSet)
  const refused = await savePin(
    { session, api: context.get(apiContext), locale },
    await request.formData(),
  )
  if (refused) return refused
  session.update({
    flash: { kind: 'success', messageKey: wasSet ? 'common.pinChanged' : 'common.pinSet' },
  })
  return redirect(localePath(locale, '/settings'), 303)
}

export default function PaymentPin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <section className="auth-page">
      <p className="link-line">
        <Link to={localePath(locale, '/settings')}>← {t('account.addresses.back')}</Link>
      </p>
      <h1>{t('pin.title')}</h1>
      <p>{t('pin.intro')}</p>
      <p className="hint">{loaderData.isPinSet ? t('pin.isSet') : t('pin.notSet')}</p>
      <Form method="post" className="form" noValidate>
        <PinFields isPinSet={loaderData.isPinSet} actionData={actionData} />
        <button className="button" type="submit" disabled={busy}>
          {loaderData.isPinSet ? t('pin.saveChange') : t('pin.saveNew')}
        </button>
      </Form>
      {loaderData.isPinSet ? (
        <p>
          <Link className="tap-link" to={localePath(locale, '/forgot-pin')}>
            {t('pin.forgot.link')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
