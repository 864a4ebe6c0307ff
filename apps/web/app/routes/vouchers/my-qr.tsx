import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { data } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { SaleResult } from '~/components/vouchers/sale-result.tsx'
import qrCss from '~/components/vouchers/vouchers.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { drawCode } from './+shared/live-code.server.ts'
import {
  clockOffset,
  nextClockOffset,
  EXPIRY_MARGIN_MS,
  judgeCode,
  nextRequestIn,
  renewalDue,
  type LiveAnswer,
  type LiveCode,
} from './+shared/live-qr.ts'
import type { Route } from './+types/my-qr'

export const handle: StyleHandle = { css: [qrCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'vouchers.qr.title', 'vouchers.qr.description')

/** docs/product/vouchers.md: a sale at the counter shows on the QR page for 10 minutes. */
const RECENT_MS = 10 * 60_000

/**
 * docs/product/vouchers.md (the customer's QR code): a fresh code, drawn here on the server as an
 * SVG (the phone needs no script to show it), with its 8 digits under it; above it, the sale the
 * counter has just made with it, if any. `now` is this server's clock when the code was made.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['vouchers'])
  const since = new Date(Date.now() - RECENT_MS).toISOString()
  try {
    const [code, recent] = await withUserToken({ session, locale }, (token) =>
      Promise.all([api.counterCode(token), api.myTransactions(token, since)]),
    )
    return data(
      {
        ...messages,
        code: (await drawCode(code)) as LiveCode | null,
        sale: (recent[0] ?? null) as CounterTransaction | null,
        since: recent[0]?.created_at ?? since,
        now: new Date().toISOString(),
      },
      { headers: { 'cache-control': 'no-store' } },
    )
  } catch (error) {
    // No code this time: the page says so, and with scripts it keeps asking for one.
    return data(
      { ...messages, code: null, sale: null, since, now: new Date().toISOString() },
      readRefusal(error).init,
    )
  }
}

type QrData = Route.ComponentProps['loaderData']

export default function MyQr({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <section className="qr-page">
      <h1>{t('vouchers.qr.title')}</h1>
      {/* docs/product/vouchers.md: without scripts the page loads itself again every 60 s (a new
          code, and a sale just made); with scripts the page's own request does both in place,
          untouched (its scripts start right after the first paint, utils/script-policy.ts). */}
      <noscript>
        <meta httpEquiv="refresh" content="60" />
      </noscript>
      {/* Each answer of the loader (a visit, a language change) starts the page afresh. */}
      <LiveQr key={loaderData.now} initial={loaderData} />
    </section>
  )
}

/**
 * The code, the countdown and the sale, kept live by the page's script (useLiveQr). Without
 * scripts, or on a copy the phone saved (the service worker marks it `data-offline`) before its
 * scripts have judged it, the style sheet hides the code once it may have run out and shows what
 * to do instead (vouchers.css, `.qr-live:not([data-live])`).
 */
function LiveQr({ initial }: { initial: QrData }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const { code, sale, judgement } = useLiveQr(initial)
  const { phase } = judgement
  const shown = code && (phase === 'live' || phase === 'noSignal')
  const digits = code ? `${code.digits.slice(0, 4)} ${code.digits.slice(4)}` : ''
  // Without scripts: how long after the page appears its code must no longer be shown.
  const life = code
    ? Math.max(0, Date.parse(code.expires_at) - EXPIRY_MARGIN_MS - Date.parse(initial.now))
    : 0
  return (
    <>
      {sale ? (
        <>
          <SaleResult sale={sale} title={t('vouchers.sale.title')} />
          <p>{t('vouchers.sale.newCode')}</p>
        </>
      ) : null}
      {!code && phase !== 'ranOut' ? (
        <p className="form-error" role="alert">
          {t('vouchers.qr.failed')}
        </p>
      ) : null}
      {code || phase === 'ranOut' ? (
        <div
          className="qr-live"
          data-live={hydrated ? '' : undefined}
          data-phase={hydrated ? phase : undefined}
          style={{ '--qr-life': `${Math.floor(life / 1000)}s` } as CSSProperties}
        >
          {shown ? <p className="qr-intro">{t('vouchers.qr.intro')}</p> : null}
          <div className="qr-stage">
            {shown ? (
              <div
                key={code.digits}
                className="qr-code"
                role="img"
                aria-label={t('vouchers.qr.alt')}
                dangerouslySetInnerHTML={{ __html: code.svg }}
              />
            ) : null}
            {phase === 'renewing' ? (
              <p className="qr-ran-out" role="status">
                {t('vouchers.qr.renewing')}
              </p>
            ) : !hydrated || phase === 'ranOut' ? (
              // Shown by the script once the code has run out without signal; in the page as
              // drawn, for the style sheet to show when there is no script to judge.
              <div className="qr-ran-out" role={phase === 'ranOut' ? 'alert' : undefined}>
                <p>
                  <strong>{t('vouchers.qr.ranOut.title')}</strong>
                </p>
                <p>{t('vouchers.qr.ranOut.why')}</p>
                <p>{t('vouchers.qr.offline.whatToDo')}</p>
              </div>
            ) : null}
          </div>
          {shown ? (
            <>
              <p className="qr-digits" aria-label={t('vouchers.qr.digitsLabel')}>
                {digits}
              </p>
              {phase === 'live' ? (
                <p className="qr-countdown" role="timer" aria-live="off">
                  {t('vouchers.qr.refreshIn', { seconds: judgement.secondsToRenew })}
                </p>
              ) : (
                // Under the digits, so that the code and its digits stay where the clerk reads
                // them on a small screen.
                <div className="form-error qr-no-signal" role="alert">
                  <p>{t('vouchers.qr.offline.stillValid', { seconds: judgement.secondsLeft })}</p>
                  <p>{t('vouchers.qr.offline.whatToDo')}</p>
                </div>
              )}
            </>
          ) : null}
        </div>
      ) : null}
    </>
  )
}

/**
 * The page's script (docs/product/vouchers.md, the customer's QR code): one small request every
 * few seconds while the page is in view (qr-sales.ts), with nobody touching the phone. It brings
 * the counter's sale as soon as there is one, and a new code when the minute is over. Whether the
 * code shown still works is judged by the server's clock (each answer says it); when a new code
 * cannot be fetched (no network: the phone says so, or the request fails) the page says how long
 * the code still works, and once it has run out stops showing it and says what to do.
 */
function useLiveQr(initial: QrData) {
  const { locale } = useI18n()
  const [code, setCode] = useState<LiveCode | null>(initial.code)
  const [sale, setSale] = useState<CounterTransaction | null>(initial.sale)
  // The server's clock when the next code is due.
  const [renewAt, setRenewAt] = useState(
    () => Date.parse(initial.now) + (initial.code?.refresh_in_ms ?? 0),
  )
  const [renewFailed, setRenewFailed] = useState(false)
  // Read each second: the phone's clock, the server's clock minus the phone's (until known, the
  // phone's own clock) and whether the phone says it is online. On the server and at hydration,
  // the server's clock: the page hydrates exactly as it was drawn.
  const [clock, setClock] = useState({
    phoneNow: Date.parse(initial.now),
    offset: 0,
    online: true,
  })
  // What the requests go on; the state above is what the page shows.
  const live = useRef({
    code: initial.code,
    renewAt,
    offset: null as number | null,
    since: initial.since,
  })

  useEffect(() => {
    const state = live.current
    let stopped = false
    let busy = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const serverNow = () => Date.now() + (state.offset ?? 0)
    const tick = () =>
      setClock({ phoneNow: Date.now(), offset: state.offset ?? 0, online: navigator.onLine })

    // The document's own HTML, fresh from the server (not a copy the phone saved): its `now` and
    // the moment its first byte arrived give the server's clock before any request.
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined
    if (
      !document.documentElement.hasAttribute('data-offline') &&
      navigation &&
      new URL(navigation.name).pathname === location.pathname &&
      !window.__qrClockTaken
    ) {
      window.__qrClockTaken = true
      const arrived = performance.timeOrigin + navigation.responseStart
      if (Number.isFinite(arrived)) state.offset = clockOffset(initial.now, arrived, arrived)
    }

    async function ask() {
      clearTimeout(timer)
      if (stopped || busy || document.hidden) return
      busy = true
      const renew = renewalDue(state.code, state.renewAt, serverNow())
      const query = new URLSearchParams({ since: state.since, ...(renew ? { renew: '1' } : {}) })
      const sentAt = Date.now()
      const res = await fetch(`${localePath(locale, '/qr/sales')}?${query}`, {
        headers: { accept: 'application/json' },
        redirect: 'manual',
      }).catch(() => null)
      const answer = res?.ok ? ((await res.json().catch(() => null)) as LiveAnswer | null) : null
      busy = false
      if (stopped) return
      // Logged out or barred: the page loaded again shows why (the login page, or the refusal).
      if (res && (res.status === 401 || res.status === 403 || res.type === 'opaqueredirect'))
        return void window.location.reload()
      if (answer) {
        state.offset = nextClockOffset(state.offset, answer.now, sentAt, Date.now())
        if (answer.sale) {
          state.since = answer.sale.created_at
          setSale(answer.sale)
        }
        if (answer.code) {
          state.code = answer.code
          state.renewAt = Date.parse(answer.now) + answer.code.refresh_in_ms
          setCode(answer.code)
          setRenewAt(state.renewAt)
        }
      }
      const failed = renew && !answer?.code
      setRenewFailed(failed)
      tick()
      timer = setTimeout(() => void ask(), nextRequestIn(state.renewAt, serverNow(), failed))
    }

    const first = setTimeout(tick, 0)
    const everySecond = setInterval(tick, 1000)
    const backOnline = () => {
      tick()
      void ask()
    }
    const shownAgain = () => void (!document.hidden && ask())
    window.addEventListener('offline', tick)
    window.addEventListener('online', backOnline)
    document.addEventListener('visibilitychange', shownAgain)
    // At once: the sales since the page was made, and the server's clock (a page opened from
    // the app's menu may have come from the phone's saved copy).
    void ask()
    return () => {
      stopped = true
      clearTimeout(timer)
      clearTimeout(first)
      clearInterval(everySecond)
      window.removeEventListener('offline', tick)
      window.removeEventListener('online', backOnline)
      document.removeEventListener('visibilitychange', shownAgain)
    }
    // Once per page: the requests read and keep what they need in `live`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const judgement = judgeCode(
    code,
    renewAt,
    clock.phoneNow + clock.offset,
    renewFailed || !clock.online,
  )
  return { code, sale, judgement }
}

declare global {
  interface Window {
    /** The document's own HTML gave the QR page the server's clock (once per document). */
    __qrClockTaken?: boolean
  }
}
