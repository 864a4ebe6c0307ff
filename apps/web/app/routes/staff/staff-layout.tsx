import { data, Form, NavLink } from 'react-router'
import { isLocale } from '@padi/domain/i18n/locales'
import { requireLogin } from '~/utils/auth.server.ts'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'
import { DeskError, DeskMain } from '~/components/admin/desk-frame.tsx'
import { useHeaderMenu } from '~/components/header-menu.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { flashText, pageMessages } from '~/utils/messages.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import adminCss from '~/components/admin/admin.css?url'
import staffCss from '~/components/vouchers/staff-layout.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/staff-layout'

// The back office's styles too: the branch's order pages share them.
export const handle: StyleHandle = { css: [adminCss, staffCss] }

/**
 * docs/product/vouchers.md (the branch counter): the staff pages (the counter, today's list, the
 * branch's orders), for staff only. The API refuses anyone else whatever this says; this only
 * keeps others off empty pages.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, params, context }) => {
    requireLogin(context.get(sessionContext), request, params.lang)
  },
]

export function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext)
  // Refused here rather than in the middleware, so that the page saying so has its words.
  if (session.data.user?.role !== 'staff') throw data(null, { status: 403 })
  const flash = session.takeFlash()
  const locale = isLocale(params.lang) ? params.lang : 'en'
  return {
    ...pageMessages({ lang: locale }, ['admin', 'kyc', 'dashboard', 'vouchers', 'counter']),
    name: session.data.user?.fullName ?? '',
    // docs/product/dates-and-times.md: the counter's times in its own market's zone.
    accountMarket: session.data.user?.market ?? null,
    flash: flash ? flashText(locale, flash) : null,
  }
}

/**
 * docs/product/vouchers.md (the branch counter): one row on a phone held in one hand: the three
 * staff pages as tabs, and a menu (who is logged in, the language, log out) that opens without
 * JavaScript. The page below starts at once.
 */
function StaffHeader({ name }: { name: string }) {
  const { t, locale } = useI18n()
  const { menu, closeOnEscape } = useHeaderMenu()
  return (
    <header className="staff-header">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <nav aria-label={t('admin.navLabel')} className="staff-nav">
        <NavLink end to={localePath(locale, '/staff')}>
          {t('counter.nav.serve')}
        </NavLink>
        <NavLink to={localePath(locale, '/staff/transactions')}>{t('counter.nav.today')}</NavLink>
        <NavLink to={localePath(locale, '/staff/orders')}>{t('admin.nav.orders')}</NavLink>
      </nav>
      <details className="header-menu staff-menu" ref={menu} onKeyDown={closeOnEscape}>
        <summary className="header-icon" aria-label={t('nav.menu')}>
          <svg
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </summary>
        <div className="header-menu-panel staff-menu-panel">
          {name ? <p className="staff-menu-name">{name}</p> : null}
          <LanguageSwitcher />
          <Form method="post" action={localePath(locale, '/logout')}>
            <button type="submit" className="button secondary">
              {t('nav.logout')}
            </button>
          </Form>
        </div>
      </details>
    </header>
  )
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeader name={loaderData.name} />
      <DeskMain flash={loaderData.flash} className="admin-main staff-main" />
    </>
  )
}

export function ErrorBoundary({ error, loaderData: loaded }: Route.ErrorBoundaryProps) {
  // The layout's data is there when a page below it failed, not when the layout refused.
  return <DeskError error={error} desk={loaded ? { path: '/staff', name: 'staff' } : null} />
}
