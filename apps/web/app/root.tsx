import { useEffect } from 'react'
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { isLocale, LOCALE_HTML_LANG, type Locale } from '@padi/domain/i18n/locales'
import { marketDay } from '@padi/domain/dates'
import {
  accountMarketOf,
  createI18n,
  readerMarket,
  createTranslator,
  I18nContext,
  mergeRouteMessages,
} from '~/utils/i18n.ts'
import { LoadingBar } from '~/components/loading-bar.tsx'
import { Toasts } from '~/components/toasts.tsx'
import { ModalHost } from '~/components/modal-host.tsx'
import { ErrorScreen } from '~/components/error-screen.tsx'
import { DemoBanner } from '~/components/demo-banner.tsx'
import { ScriptsEarly, ScriptsNow } from '~/components/scripts-now.tsx'
import { SCRIPTS_AT_ONCE, SCRIPTS_FETCHED_EARLY } from '~/utils/script-policy.ts'
import { SCRIPTS_AFTER_PAINT_STARTER } from '~/utils/scripts-after-paint.ts'
import { stopRecordingTyped } from '~/utils/typed-before-hydration.ts'
import { useNonce } from '~/utils/nonce.ts'
import { apiContext } from '~/utils/context.server.ts'
import { createApiClient } from '~/utils/api.server.ts'
import {
  cacheScope,
  readSession,
  sessionContext,
  sessionCookieHeader,
} from '~/utils/session.server.ts'
import { getEnv } from '~/utils/env.server.ts'
import { isCrossSiteRequest } from '~/utils/origin-check.server.ts'
import { localeForRequest } from '~/utils/locale.server.ts'
import { readCookie } from '~/utils/cookies.server.ts'
import { packMessages, pickMessages, SHARED_NAMESPACES } from '~/utils/messages.server.ts'
import type { Route } from './+types/root'
import appCss from './styles/app.css?url'
import { RouteStyles, type StyleHandle } from '~/utils/route-styles.tsx'

export const handle: StyleHandle = { css: [appCss] }

/**
 * Every request, pages and resources alike, gets the one API client (carrying the farmer's address
 * for the API's per-client limits) and the session; a changed session is written back as a cookie.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const env = getEnv()
    // docs/security.md row 23: nothing from another site reaches an action, resource or page.
    if (isCrossSiteRequest(request, env.PUBLIC_ORIGINS))
      throw data('Cross-site request refused', { status: 403 })
    context.set(
      apiContext,
      createApiClient(env.apiUrl, {
        clientIp: request.headers.get('x-client-ip'),
        proxySecret: env.PROXY_SECRET,
      }),
    )
    const session = await readSession(request)
    const wasLoggedIn = session.isLoggedIn
    context.set(sessionContext, session)
    let response: Response
    try {
      response = await next()
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown
      response = thrown
    }
    // docs/security.md row 24: a logged-in farmer's pages, and any answer that sets the session
    // cookie, are never kept by a browser cache or a proxy.
    const personal = wasLoggedIn || session.isLoggedIn || session.dirty
    if (session.dirty || (personal && response.headers.get('cache-control') !== 'no-store')) {
      response = new Response(response.body, response)
      if (session.dirty) response.headers.append('Set-Cookie', await sessionCookieHeader(session))
      response.headers.set('Cache-Control', 'no-store')
    }
    // docs/product/shell.md (The installable app): whose pages the service worker may keep.
    response = new Response(response.body, response)
    response.headers.set('X-Cache-Scope', cacheScope(session))
    return response
  },
]

export function loader({ request, params, context }: Route.LoaderArgs) {
  const env = getEnv()
  const locale: Locale = isLocale(params.lang) ? params.lang : localeForRequest(request)
  const session = context.get(sessionContext)
  const reader = readerMarket(locale, session.isLoggedIn ? session.data.user?.market : null)
  const consent = readCookie(request, 'cookie_consent')
  return {
    locale,
    messages: packMessages(pickMessages(locale, SHARED_NAMESPACES)),
    productName: env.PRODUCT_NAME,
    theme: env.THEME_PRIMARY,
    consent: consent === 'accepted' || consent === 'rejected' ? consent : null,
    mapTileUrl: env.MAP_TILE_URL,
    demo: env.demoMode,
    errorReporting: env.SENTRY_DSN
      ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV }
      : null,
    // The server's year, so the footer renders the same on the server and in the browser; the
    // year it is in the reader's market (docs/product/dates-and-times.md), not in UTC, which is
    // still the old year for the first 7-8 hours of 1 January.
    year: Number(marketDay(new Date(), reader).slice(0, 4)),
  }
}
export type RootData = ReturnType<typeof loader>

/** The error screen's title: '{Error 404} | {product}' in the page's language. */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  if (!error) return []
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (!loaderData) return [{ title: `Error ${status}` }]
  const t = createTranslator(loaderData.locale, mergeRouteMessages([loaderData]))
  return [{ title: `${t('errors.status', { statusCode: status })} | ${loaderData.productName}` }]
}

/** The catalogue only changes with the language; other navigations reuse it. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (args.currentParams.lang !== args.nextParams.lang) return true
  return args.formAction === '/cookie-consent' && args.defaultShouldRevalidate
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root')
  const locale = data?.locale ?? 'en'
  const nonce = useNonce()
  // docs/product/script-policy.md: a page that needs its scripts at once says so to the starter.
  const matches = useMatches()
  const atOnce = matches.some((m) => SCRIPTS_AT_ONCE.has(m.id))
  const early = matches.some((m) => SCRIPTS_FETCHED_EARLY.has(m.id))
  // Runs after every page effect of the hydration, which have taken over what was typed before.
  useEffect(stopRecordingTyped, [])
  return (
    <html lang={LOCALE_HTML_LANG[locale]} data-theme={data?.theme ?? 'green'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.theme === 'red' ? '#b3261e' : '#1f6f3a'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <RouteStyles />
        <Links />
      </head>
      <body>
        {children}
        {atOnce ? <ScriptsNow /> : early ? <ScriptsEarly /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // The starter runs once, from the server's HTML; hydration leaves an inline script's
          // text as it is, so the browser's bundle does not carry it (docs/performance.md, F4).
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR ? SCRIPTS_AFTER_PAINT_STARTER : '',
          }}
        />
      </body>
    </html>
  )
}

function I18nProvider({
  data,
  children,
}: {
  data: RootData | undefined
  children: React.ReactNode
}) {
  // The root sends the shared catalogue; each matched page loader adds its own namespaces.
  const parts = useMatches().map((m) => m.loaderData)
  const locale = data?.locale ?? 'en'
  const reader = readerMarket(locale, accountMarketOf(parts))
  const i18n = createI18n(locale, mergeRouteMessages(parts), reader)
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Background work (error reporting, the new-version watch), loaded once the page runs.
  useEffect(() => {
    void import('~/utils/after-hydration.ts').then((m) => m.afterHydration(loaderData))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load
  }, [])
  return (
    <I18nProvider data={loaderData}>
      <LoadingBar />
      <DemoBanner />
      <Outlet />
      <ModalHost />
      <Toasts />
    </I18nProvider>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootData>('root')
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <I18nProvider data={data}>
      <LoadingBar error />
      <DemoBanner />
      <ErrorScreen status={status} error={error} />
    </I18nProvider>
  )
}
