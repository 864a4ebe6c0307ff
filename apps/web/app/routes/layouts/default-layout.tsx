import { useEffect } from 'react'
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router'
import { SiteHeader } from '~/components/site-header.tsx'
import { SiteFooter } from '~/components/site-footer.tsx'
import { CookieConsent } from '~/components/cookie-consent.tsx'
import { notify } from '~/components/toasts.tsx'
import { ScriptsNow } from '~/components/scripts-now.tsx'
import { ErrorScreen } from '~/components/error-screen.tsx'
import { isLocale } from '@padi/domain/i18n/locales'
import { flashText } from '~/utils/messages.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { headerCartCount } from '~/utils/cart.server.ts'
import type { RootData } from '~/root.tsx'
import type { Route } from './+types/default-layout'

/** Who is logged in, and a message left for this page (docs/product/errors.md toasts), on every navigation. */
export function loader({ context, params }: Route.LoaderArgs) {
  const session = context.get(sessionContext)
  const user = session.isLoggedIn && session.data.user ? { role: session.data.user.role } : null
  const flash = session.takeFlash()
  const locale = isLocale(params.lang) ? params.lang : 'en'
  return {
    user,
    // docs/product/dates-and-times.md: dates told in the reader's market's zone.
    accountMarket: session.isLoggedIn ? (session.data.user?.market ?? null) : null,
    cartCount: headerCartCount(session),
    toast: flash ? flashText(locale, flash) : null,
  }
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root')
  const toast = loaderData.toast
  useEffect(() => {
    // docs/product/errors.md: a red toast for 5 seconds with the catalogue's title and details.
    if (toast) notify({ ...toast, ...(toast.title ? { title: toast.title } : {}), duration: 5000 })
  }, [toast])
  return (
    <>
      <SiteHeader
        productName={root?.productName ?? ''}
        user={loaderData.user}
        cartCount={loaderData.cartCount}
      />
      {root?.consent ? null : <CookieConsent />}
      <main id="main" className="page">
        {toast ? (
          <>
            {/* The toast needs the page's scripts: they start at once, not at the first touch. */}
            <ScriptsNow />
            {/* Without JavaScript there is no toast: the same message shows at the top of the page. */}
            <noscript>
              <p className={toast.kind === 'error' ? 'form-error' : 'notice'}>
                {toast.title ? <strong>{toast.title}: </strong> : null}
                {toast.message}
              </p>
            </noscript>
          </>
        ) : null}
        <Outlet />
      </main>
      <SiteFooter productName={root?.productName ?? ''} year={root?.year ?? 2026} />
    </>
  )
}

/**
 * A page that fails or does not exist keeps the shop around it (header with the menu and the
 * language choice, footer), so the farmer is never stranded on a bare error screen.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>('root')
  const layout = useRouteLoaderData<typeof loader>('routes/layouts/default-layout')
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <>
      <SiteHeader
        productName={root?.productName ?? ''}
        user={layout?.user ?? null}
        cartCount={layout?.cartCount ?? 0}
      />
      <ErrorScreen status={status} error={error} />
      <SiteFooter productName={root?.productName ?? ''} year={root?.year ?? 2026} />
    </>
  )
}
