import { useEffect, useState } from 'react'
import { data, useRevalidator } from 'react-router'
import QRCode from 'qrcode'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { CounterCode } from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import qrCss from '~/components/vouchers/vouchers.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/my-qr'

export const handle: StyleHandle = { css: [qrCss] }

// docs/product/vouchers.md: without scripts the page itself asks for the next code every 60 s.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'vouchers.qr.title', 'vouchers.qr.description'),
  { httpEquiv: 'refresh', content: '60' },
]

/**
 * docs/product/vouchers.md (the customer's QR code): a fresh code, drawn here on the server as an
 * SVG (the phone needs no script to show it), with its 8 digits under it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['vouchers'])
  try {
    const code = await withUserToken({ session, locale }, (token) => api.counterCode(token))
    const svg = await QRCode.toString(code.token, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    })
    return data(
      { ...messages, code: code as CounterCode | null, svg },
      { headers: { 'cache-control': 'no-store' } },
    )
  } catch (error) {
    return data({ ...messages, code: null, svg: '' }, readRefusal(error).init)
  }
}

export default function MyQr({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { code, svg } = loaderData
  const digits = code ? `${code.digits.slice(0, 4)} ${code.digits.slice(4)}` : ''
  return (
    <section className="qr-page">
      <h1>{t('vouchers.qr.title')}</h1>
      {!code ? (
        <p className="form-error" role="alert">
          {t('vouchers.qr.failed')}
        </p>
      ) : (
        <>
          <p>{t('vouchers.qr.intro')}</p>
          <div
            className="qr-code"
            role="img"
            aria-label={t('vouchers.qr.alt')}
            // The SVG comes from the qrcode library, drawn from our own token.
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          <p className="qr-digits" aria-label={t('vouchers.qr.digitsLabel')}>
            {digits}
          </p>
          {/* A new code (new digits) starts the count again: a fresh countdown. */}
          <Countdown key={code.digits} refreshInMs={code.refresh_in_ms} />
        </>
      )}
    </section>
  )
}

/** The seconds until the next code, then the next code (with scripts; without, the page reloads). */
function Countdown({ refreshInMs }: { refreshInMs: number }) {
  const { t } = useI18n()
  const revalidator = useRevalidator()
  const [left, setLeft] = useState(Math.round(refreshInMs / 1000))
  useEffect(() => {
    const started = Date.now()
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.round((refreshInMs - (Date.now() - started)) / 1000))
      setLeft(remaining)
      if (remaining === 0) {
        clearInterval(timer)
        void revalidator.revalidate()
      }
    }, 1000)
    return () => clearInterval(timer)
    // The count runs once per code (the component is keyed by it); the revalidator's identity
    // changes as it loads, which must not restart the count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshInMs])
  return (
    <p className="qr-countdown" role="timer" aria-live="off">
      {t('vouchers.qr.refreshIn', { seconds: left })}
    </p>
  )
}
