import { Outlet, useRouteLoaderData } from 'react-router'
import { SiteHeader } from '~/components/site-header.tsx'
import { SiteFooter } from '~/components/site-footer.tsx'
import { CookieConsent } from '~/components/cookie-consent.tsx'
import type { RootData } from '~/root.tsx'

export default function DefaultLayout() {
  const root = useRouteLoaderData<RootData>('root')
  return (
    <>
      <SiteHeader productName={root?.productName ?? ''} />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter productName={root?.productName ?? ''} year={root?.year ?? 2026} />
      {root?.consent ? null : <CookieConsent />}
    </>
  )
}
