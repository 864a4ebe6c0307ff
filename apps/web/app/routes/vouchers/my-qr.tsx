import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
} from 'react'
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
import { useNonce } from '~/utils/nonce.ts'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import qrCss from '~/components/vouchers/vouchers.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { drawCode } from './+shared/live-code.server.ts'
import { EXPIRY_MARGIN_MS, judgeCode, type LiveCode } from './+shared/live-qr.ts'
import { startLiveQr, type LiveQrConfig, type LiveQrRoot } from './+shared/live-qr-dom.ts'
import LIVE_QR_SCRIPT from './+shared/live-qr-inline.ts?inline-script'
import { QrSale } from './+shared/qr-sale.tsx'
import type { Route } from './+types/my-qr'

export const handle: StyleHandle = { css: [qrCss] }

/** The live part's element (one per page). */
const LIVE_QR_ID = 'qr-live'

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
          code, and a sale just made); with scripts its own small script does both in place,
          untouched (ADR 084). */}
      <noscript>
        <meta httpEquiv="refresh" content="60" />
      </noscript>
      {/* Each answer of the loader (a visit, a language change) starts the part afresh. */}
      <LiveQr key={loaderData.now} initial={loaderData} />
    </section>
  )
}

/**
 * ADR 084: the live part (the code, the countdown, the sale) belongs to its own small script
 * (live-qr-dom.ts), which the server's HTML runs as soon as the part is in the page; the page's
 * React starts at the first touch, as on every page, and takes the part over exactly as the
 * script has drawn it by then (the code may be newer than the server's, a sale may have come), so
 * hydration neither redraws nor undoes it. A page React draws itself (opened from another page)
 * draws the part from its loader and starts the same script on it.
 */
function LiveQr({ initial }: { initial: QrData }) {
  const { locale } = useI18n()
  const nonce = useNonce()
  const ref = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  const [drawn] = useState(() =>
    hydrated || typeof document === 'undefined'
      ? null
      : (document.getElementById(LIVE_QR_ID)?.innerHTML ?? null),
  )
  useEffect(() => startLiveQr(ref.current as LiveQrRoot), [])
  const config: LiveQrConfig = {
    sales: localePath(locale, '/qr/sales'),
    now: initial.now,
    since: initial.since,
    code: initial.code && {
      expires_at: initial.code.expires_at,
      refresh_in_ms: initial.code.refresh_in_ms,
    },
  }
  return (
    <>
      {drawn === null ? (
        <div id={LIVE_QR_ID} ref={ref} data-config={JSON.stringify(config)}>
          <LiveParts initial={initial} />
        </div>
      ) : (
        <div
          id={LIVE_QR_ID}
          ref={ref}
          data-config={JSON.stringify(config)}
          dangerouslySetInnerHTML={{ __html: drawn }}
        />
      )}
      <script
        nonce={nonce}
        suppressHydrationWarning
        // Runs once, from the server's HTML, right after the part; a script React adds in the
        // browser does not run, and the browser's bundle does not carry its text.
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? LIVE_QR_SCRIPT : '' }}
      />
    </>
  )
}

/**
 * A part the live script shows and hides (live-qr-dom.ts): drawn when it shows as the page is
 * made, otherwise kept in a template in its place.
 */
function Part({ name, shown, children }: { name: string; shown: boolean; children: ReactElement }) {
  return shown ? (
    cloneElement(children, { 'data-part': name } as Record<string, string>)
  ) : (
    <template data-part={name}>{children}</template>
  )
}

/**
 * The live part as the page is made. Without scripts, or on a copy the phone saved (the service
 * worker marks it `data-offline`) before its script has judged it, the style sheet hides the code
 * once it may have run out and shows what to do instead (vouchers.css,
 * `.qr-live:not([data-live])`).
 */
function LiveParts({ initial }: { initial: QrData }) {
  const { t } = useI18n()
  const { code, sale } = initial
  const judgement = judgeCode(
    code,
    Date.parse(initial.now) + (code?.refresh_in_ms ?? 0),
    Date.parse(initial.now),
    false,
  )
  const { phase } = judgement
  const shown = Boolean(code) && phase === 'live'
  const digits = code ? `${code.digits.slice(0, 4)} ${code.digits.slice(4)}` : ''
  // Without scripts: how long after the page appears its code must no longer be shown.
  const life = code
    ? Math.max(0, Date.parse(code.expires_at) - EXPIRY_MARGIN_MS - Date.parse(initial.now))
    : 0
  const seconds = { seconds: '{{seconds}}' }
  return (
    <>
      <div data-slot="sale">{sale ? <QrSale sale={sale} /> : null}</div>
      <Part name="failed" shown={!code}>
        <p className="form-error" role="alert">
          {t('vouchers.qr.failed')}
        </p>
      </Part>
      <Part name="live" shown={Boolean(code)}>
        <div
          className="qr-live"
          style={{ '--qr-life': `${Math.floor(life / 1000)}s` } as CSSProperties}
        >
          <Part name="intro" shown={shown}>
            <p className="qr-intro">{t('vouchers.qr.intro')}</p>
          </Part>
          <div className="qr-stage">
            <Part name="code" shown={shown}>
              <div
                className="qr-code"
                role="img"
                aria-label={t('vouchers.qr.alt')}
                dangerouslySetInnerHTML={{ __html: code?.svg ?? '' }}
              />
            </Part>
            <Part name="renewing" shown={false}>
              <p className="qr-ran-out" role="status">
                {t('vouchers.qr.renewing')}
              </p>
            </Part>
            {/* In the page as drawn, for the style sheet to show when there is no script to
                judge; the script shows it once the code has run out without signal. */}
            <Part name="ranOut" shown={Boolean(code)}>
              <div className="qr-ran-out">
                <p>
                  <strong>{t('vouchers.qr.ranOut.title')}</strong>
                </p>
                <p>{t('vouchers.qr.ranOut.why')}</p>
                <p>{t('vouchers.qr.offline.whatToDo')}</p>
              </div>
            </Part>
          </div>
          <Part name="digits" shown={shown}>
            <p className="qr-digits" aria-label={t('vouchers.qr.digitsLabel')}>
              {digits}
            </p>
          </Part>
          <Part name="countdown" shown={shown}>
            <p
              className="qr-countdown"
              role="timer"
              aria-live="off"
              data-template={t('vouchers.qr.refreshIn', seconds)}
            >
              {t('vouchers.qr.refreshIn', { seconds: judgement.secondsToRenew })}
            </p>
          </Part>
          {/* Under the digits, so that the code and its digits stay where the clerk reads them on
              a small screen. */}
          <Part name="noSignal" shown={false}>
            <div className="form-error qr-no-signal" role="alert">
              <p data-template={t('vouchers.qr.offline.stillValid', seconds)} />
              <p>{t('vouchers.qr.offline.whatToDo')}</p>
            </div>
          </Part>
        </div>
      </Part>
    </>
  )
}
