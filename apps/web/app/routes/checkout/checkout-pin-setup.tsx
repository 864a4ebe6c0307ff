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
import type { Route } from './+types/checkout-pin-setup'

export const handle: StyleHandle = { css: [authCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'checkout.pinSetup.title', 'pin.description')

/**
 * docs/product/orders-and-payments.md (The payment PIN): a customer paying with credit for the
 * first time sets the PIN here (create, confirm, success), then goes on to pay.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  if (!session.data.checkout) throw redirect(localePath(locale, '/checkout'))
  const done = new URL(request.url).searchParams.has('done')
  if (session.data.user?.isPinSet && !done) throw redirect(localePath(locale, '/checkout/payment'))
  return { ...pageMessages(params, ['checkout', 'pin']), done }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const refused = await savePin(
    { session, api: context.get(apiContext), locale },
    await request.formData(),
  )
  if (refused) return refused
  return redirect(localePath(locale, '/checkout/pin-setup?done=1'), 303)
}

export default function CheckoutPinSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  if (loaderData.done) {
    return (
      <section className="auth-page">
        <h1>{t('checkout.pinSetup.doneTitle')}</h1>
        <p className="notice" role="status">
          {t('checkout.pinSetup.done')}
        </p>
        <p>
          <Link className="button" to={localePath(locale, '/checkout/payment')}>
            {t('checkout.pinSetup.continue')}
          </Link>
        </p>
      </section>
    )
  }
  return (
    <section className="auth-page">
      <p className="link-line">
        <Link to={localePath(locale, '/checkout')}>← {t('checkout.backToCheckout')}</Link>
      </p>
      <h1>{t('checkout.pinSetup.title')}</h1>
      <p>{t('checkout.pinSetup.intro')}</p>
      <p className="hint">{t('pin.intro')}</p>
      <Form method="post" className="form" noValidate>
        <PinFields isPinSet={false} actionData={actionData} />
        <button className="button" type="submit" disabled={navigation.state === 'submitting'}>
          {t('pin.saveNew')}
        </button>
      </Form>
    </section>
  )
}
