import { useEffect, useState } from 'react'
import { data, useRevalidator } from 'react-router'
import QRCode from 'qrcode'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { CounterCode, CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { SaleResult } from '~/components/vouchers/sale-result.tsx'
import qrCss from '~/components/vouchers/vouchers.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/my-qr'

export const handle: StyleHandle = { css: [qrCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'vouchers.qr.title', 'vouchers.qr.description')

/** docs/product/vouchers.md: a sale at the counter shows on the QR page for 10 minutes. */
const RECENT_MS = 10 * 60_000
/** How often the open page asks whether the counter has made a sale. */
const WATCH_MS = 4_000

/**
 * docs/product/vouchers.md (the customer's QR code): a fresh code, drawn here on the server as an
 * SVG (the phone needs no script to show it), with its 8 digits under it; above it, the sale the
 * counter has just made with it, if any.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['vouchers'])
  try {
    const since = new Date(Date.now() - RECENT_MS).toISOString()
    const [code, recent] = await withUserToken({ session, locale }, (token) =>
      Promise.all([api.counterCode(token), api.myTransactions(token, since)]),
    )
    const svg = await QRCode.toString(code.token, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    })
    return data(
      {
        ...messages,
        code: code as CounterCode | null,
        svg,
        sale: (recent[0] ?? null) as CounterTransaction | null,
        since: recent[0]?.created_at ?? since,
      },
      { headers: { 'cache-control': 'no-store' } },
    )
  } catch (error) {
    return data(
      { ...messages, code: null, svg: '', sale: null, since: '' },
      readRefusal(error).init,
    )
  }
}

export default function MyQr({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { code, svg, sale, since } = loaderData
  const digits = code ? `${code.digits.slice(0, 4)} ${code.digits.slice(4)}` : ''
  return (
    <section className="qr-page">
      <h1>{t('vouchers.qr.title')}</h1>
      {/* docs/product/vouchers.md: without scripts the page loads itself again every 60 s (a new
          code, and a sale just made); with scripts the countdown and the sale watch do it without
          reloading the whole page. */}
      <noscript>
        <meta httpEquiv="refresh" content="60" />
      </noscript>
      {sale ? (
        <>
          <SaleResult sale={sale} title={t('vouchers.sale.title')} />
          <p>{t('vouchers.sale.newCode')}</p>
        </>
      ) : null}
      {since ? <SaleWatch since={since} /> : null}
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

/**
 * With scripts: asks every few seconds (while the page is in view) whether the counter has made a
 * sale after `since`; if so the page loads again and shows it. Without scripts the page's own
 * refresh shows it within a minute.
 */
function SaleWatch({ since }: { since: string }) {
  const { locale } = useI18n()
  const revalidator = useRevalidator()
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    const url = `${localePath(locale, '/qr/sales')}?${new URLSearchParams({ since })}`
    async function look() {
      if (!document.hidden) {
        const res = await fetch(url, {
          headers: { accept: 'application/json' },
          redirect: 'manual',
        }).catch(() => null)
        // Logged out or barred: stop asking (a failed request is asked again next time).
        if (res && (res.status === 401 || res.status === 403 || res.type === 'opaqueredirect'))
          return
        const answer = res?.ok ? ((await res.json().catch(() => null)) as { count?: number }) : null
        if (!stopped && answer?.count) return void revalidator.revalidate()
      }
      if (!stopped) timer = setTimeout(() => void look(), WATCH_MS)
    }
    timer = setTimeout(() => void look(), WATCH_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
    // One watch per newest sale shown; the revalidator's identity changes as it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [since, locale])
  return null
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
