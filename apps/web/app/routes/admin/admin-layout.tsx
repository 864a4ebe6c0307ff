import { data, Form, Link, NavLink } from 'react-router'
import { requireLogin } from '~/utils/auth.server.ts'
import { isLocale } from '@padi/domain/i18n/locales'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'
import { DeskError, DeskMain } from '~/components/admin/desk-frame.tsx'
import { useHeaderMenu } from '~/components/header-menu.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { flashText, pageMessages } from '~/utils/messages.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import adminCss from '~/components/admin/admin.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/admin-layout'

export const handle: StyleHandle = { css: [adminCss] }

/**
 * docs/product/credit.md (KYC review): finance's and admin's pages, with a layout of their own.
 * The API refuses anyone else whatever this says; this only keeps farmers off empty pages.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, params, context }) => {
    requireLogin(context.get(sessionContext), request, params.lang)
  },
]

export function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext)
  // Refused here rather than in the middleware, so that the page saying so has its words. (The
  // branch counter has a layout of its own: routes/staff/staff-layout.tsx.)
  const role = session.data.user?.role
  if (role !== 'finance' && role !== 'admin') throw data(null, { status: 403 })
  const flash = session.takeFlash()
  const locale = isLocale(params.lang) ? params.lang : 'en'
  return {
    ...pageMessages({ lang: locale }, ['admin', 'kyc', 'dashboard', 'vouchers', 'counter']),
    name: session.data.user?.fullName ?? '',
    isAdmin: role === 'admin',
    accountMarket: session.data.user?.market ?? null,
    flash: flash ? flashText(locale, flash) : null,
  }
}

function AdminHeader({ name, isAdmin }: { name: string; isAdmin: boolean }) {
  const { t, locale } = useI18n()
  const { menu, closeOnEscape } = useHeaderMenu()
  // docs/product/back-office.md (Desks): each desk names itself: finance's, admin's.
  const title = isAdmin ? 'admin.titleAdmin' : 'admin.title'
  return (
    <header className="admin-header">
      <Link to={localePath(locale, '/admin')} className="admin-brand">
        {t(title)}
      </Link>
      {/* On a phone the sections are a menu that opens below (it works without scripts); from
          48rem they stand in a bar. Neither scrolls sideways. */}
      <details className="admin-menu" ref={menu} onKeyDown={closeOnEscape}>
        <summary className="button secondary">{t('nav.menu')}</summary>
        <div className="admin-menu-panel">
          <AdminSections isAdmin={isAdmin} />
          <p className="admin-menu-heading">{t('nav.language')}</p>
          <LanguageSwitcher />
          {/* On a phone who is logged in and logging out are in the menu too: the header stays
              one row above the page. */}
          {name ? <p className="admin-menu-heading">{name}</p> : null}
          <Form method="post" action={localePath(locale, '/logout')}>
            <button type="submit" className="button secondary">
              {t('nav.logout')}
            </button>
          </Form>
        </div>
      </details>
      <AdminSections isAdmin={isAdmin} wide />
      {/* From 48rem: the person, the language and logging out in the bar (on a phone, the menu). */}
      <div className="admin-user">
        {name ? <span className="admin-user-name">{name}</span> : null}
        <div className="admin-languages">
          <LanguageSwitcher />
        </div>
        <Form method="post" action={localePath(locale, '/logout')}>
          <button type="submit" className="button secondary">
            {t('nav.logout')}
          </button>
        </Form>
      </div>
    </header>
  )
}

function AdminSections({ isAdmin, wide = false }: { isAdmin: boolean; wide?: boolean }) {
  const { t, locale } = useI18n()
  const label = isAdmin ? 'admin.navLabelAdmin' : 'admin.navLabel'
  const className = `admin-nav${wide ? ' admin-nav-wide' : ''}`
  return (
    <nav aria-label={t(label)} className={className}>
      <NavLink to={localePath(locale, '/admin/orders')}>{t('admin.nav.orders')}</NavLink>
      <NavLink to={localePath(locale, '/admin/users')}>{t('admin.nav.users')}</NavLink>
      <NavLink to={localePath(locale, '/admin/kyc')}>{t('admin.nav.kyc')}</NavLink>
      <NavLink to={localePath(locale, '/admin/receipts')}>{t('admin.nav.receipts')}</NavLink>
      <NavLink to={localePath(locale, '/admin/statements')}>{t('admin.nav.statements')}</NavLink>
      <NavLink to={localePath(locale, '/admin/late-repayments')}>
        {t('admin.nav.extensions')}
      </NavLink>
      <NavLink to={localePath(locale, '/admin/renewals')}>{t('admin.nav.renewals')}</NavLink>
      <NavLink to={localePath(locale, '/admin/vouchers')}>{t('admin.nav.vouchers')}</NavLink>
      {isAdmin ? (
        <>
          <NavLink to={localePath(locale, '/admin/products')}>{t('admin.nav.products')}</NavLink>
          <NavLink to={localePath(locale, '/admin/branches')}>{t('admin.nav.branches')}</NavLink>
          <NavLink to={localePath(locale, '/admin/audit')}>{t('admin.nav.audit')}</NavLink>
          <NavLink to={localePath(locale, '/admin/feedback')}>{t('admin.nav.feedback')}</NavLink>
          <NavLink to={localePath(locale, '/admin/jobs')}>{t('admin.nav.jobs')}</NavLink>
        </>
      ) : null}
      <Link to={localePath(locale, '/')}>{t('admin.nav.shop')}</Link>
    </nav>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminHeader name={loaderData.name} isAdmin={loaderData.isAdmin} />
      <DeskMain flash={loaderData.flash} />
    </>
  )
}

export function ErrorBoundary({ error, loaderData: loaded }: Route.ErrorBoundaryProps) {
  // The layout's data is there when a page below it failed, not when the layout refused.
  const desk = loaded
    ? { path: '/admin', name: loaded.isAdmin ? ('admin' as const) : ('finance' as const) }
    : null
  return <DeskError error={error} desk={desk} />
}
