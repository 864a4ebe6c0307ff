import { data, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { INT4_MAX } from '@padi/domain/input-schemas'
import { marketOfCurrency } from '@padi/domain/markets'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import vouchersCss from '~/components/vouchers/vouchers.css?url'
import kycCss from '~/components/kyc/kyc.css?url'
import repayCss from '~/components/repay/repay.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { paymentQrSvg } from './+shared/draw-payment-qr.server.ts'
import { useCheckWhileOpen } from './+shared/use-check-while-open.ts'
import type { Route } from './+types/repay-qr'

export const handle: StyleHandle = { css: [kycCss, vouchersCss, repayCss] }
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'repay.title', 'repay.description')

/** docs/product/repayments.md (Paying by QR): one of the farmer's QRs, drawn on the server. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const messages = pageMessages(params, ['repay'])
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : NaN
  const missing = () => data({ ...messages, qr: null, svg: '' }, { status: 404 })
  if (!(id <= INT4_MAX)) return missing()
  const api = context.get(apiContext)
  try {
    const qr = await withUserToken({ session: context.get(sessionContext), locale }, (token) =>
      api.qrRepayment(token, id),
    )
    // Drawn only while it can still be paid: an expired or paid code is not shown to scan.
    const svg = qr.status === 'open' ? await paymentQrSvg(qr.payload) : ''
    return { ...messages, qr, svg }
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'notFound') return missing()
    throw data(null, refusal.init)
  }
}

export default function RepayQrPage({ loaderData }: Route.ComponentProps) {
  const { t, locale, money, dateTime } = useI18n()
  const { qr, svg } = loaderData
  useCheckWhileOpen(qr?.status === 'open')
  if (!qr)
    return (
      <section className="kyc-page">
        <h1>{t('repay.title')}</h1>
        <div className="card">
          <p>{t('repay.qr.notFound')}</p>
          <Link className="button" to={localePath(locale, '/repay')}>
            {t('repay.qr.again')}
          </Link>
        </div>
      </section>
    )
  const amount = money(qr.amount.amount_minor, qr.amount.currency)
  const market = marketOfCurrency(qr.amount.currency)
  return (
    <section className="kyc-page">
      {/* Says what the code is now: one paid or expired is not to be scanned. */}
      <h1>
        {t(
          qr.status === 'paid'
            ? 'repay.qr.titlePaid'
            : qr.status === 'expired'
              ? 'repay.qr.titleExpired'
              : 'repay.qr.title',
          { amount },
        )}
      </h1>
      {qr.status === 'paid' && qr.paid_at ? (
        <p className="notice" role="status">
          {t('repay.qr.paid', { date: dateTime(qr.paid_at, market) })}
        </p>
      ) : qr.status === 'expired' ? (
        <p className="form-error" role="alert">
          {t('repay.qr.expired')}
        </p>
      ) : (
        <div className="card">
          <p>{t(`repay.qr.${qr.scheme}`)}</p>
          <div
            className="qr-code"
            role="img"
            aria-label={t('repay.qr.alt', { amount, reference: qr.reference })}
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          <dl className="repay-facts">
            <div>
              <dt>{t('repay.qr.amount')}</dt>
              <dd>{amount}</dd>
            </div>
            <div>
              <dt>{t('repay.qr.reference')}</dt>
              <dd>
                <strong className="repay-reference">{qr.reference}</strong>
              </dd>
            </div>
            <div>
              <dt>{t('repay.qr.validUntil')}</dt>
              <dd>{dateTime(qr.expires_at, market)}</dd>
            </div>
          </dl>
          <p className="hint">{t('repay.qr.referenceHint')}</p>
          <p>
            <a
              className="button secondary"
              href={localePath(locale, `/repay/${qr.id}/qr.png`)}
              download={`sawahmart-${qr.reference}.png`}
            >
              {t('repay.qr.save')}
            </a>
          </p>
          <p className="hint">{t('repay.qr.saveHint')}</p>
          <p>{t('repay.qr.after')}</p>
        </div>
      )}
      <p>
        <Link to={localePath(locale, '/dashboard')}>{t('repay.qr.toDashboard')}</Link>
        {' · '}
        <Link to={localePath(locale, '/repay')}>{t('repay.qr.again')}</Link>
      </p>
    </section>
  )
}
