import type { Money } from '@padi/domain/money'
import { Link } from 'react-router'
import { localePath, useI18n } from '~/utils/i18n.ts'

export type ShownMessage = {
  key: string
  amount?: Money | undefined
  params?: Record<string, string | number> | undefined
}

/** A checkout message in the page's language; an amount is written in its own currency. */
export function useCheckoutText() {
  const { t, money } = useI18n()
  return (m: ShownMessage) =>
    t(m.key, {
      ...m.params,
      ...(m.amount ? { amount: money(m.amount.amount_minor, m.amount.currency) } : {}),
    })
}

/** A checkout page that could not be loaded: what happened, and the same page again. */
export function CheckoutLoadFailed({ titleKey, path }: { titleKey: string; path: string }) {
  const { t, locale } = useI18n()
  return (
    <section className="checkout-page">
      <h1>{t(titleKey)}</h1>
      <div className="form-error" role="alert">
        <p>{t('checkout.loadFailed')}</p>
        <Link to={localePath(locale, path)}>{t('checkout.retry')}</Link>
      </div>
    </section>
  )
}
