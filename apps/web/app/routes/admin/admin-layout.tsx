import { data, Form, isRouteErrorResponse, Link, NavLink, Outlet } from 'react-router'
import { requireLogin } from '~/utils/auth.server.ts'
import { isLocale } from '@padi/domain/i18n/locales'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMessages } from '~/utils/messages.server.ts'
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

export function loader({ params, request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext)
  // Refused here rather than in the middleware, so that the page saying so has its words. The
  // same layout serves the branch counter (/staff, docs/product/vouchers.md) for staff only.
  const role = session.data.user?.role
  const counter = /^\/[a-z]+\/staff(\/|$)/.test(new URL(request.url).pathname)
  const allowed = counter ? role === 'staff' : role === 'finance' || role === 'admin'
  if (!allowed) throw data(null, { status: 403 })
  const flash = session.takeFlash()
  const locale = isLocale(params.lang) ? params.lang : 'en'
  return {
    ...pageMessages({ lang: locale }, ['admin', 'kyc', 'dashboard', 'vouchers', 'counter']),
    name: session.data.user?.fullName ?? '',
    isAdmin: role === 'admin',
    counter,
    flash: flash ? { kind: flash.kind, messageKey: flash.messageKey } : null,
  }
}

function AdminHeader({
  name,
  isAdmin,
  counter,
}: {
  name: string
  isAdmin: boolean
  counter: boolean
}) {
  const { t, locale } = useI18n()
  return (
    <header className="admin-header">
      <Link to={localePath(locale, counter ? '/staff' : '/admin')} className="admin-brand">
        {t(counter ? 'counter.title' : 'admin.title')}
      </Link>
      {counter ? (
        <nav aria-label={t('admin.navLabel')} className="admin-nav">
          <NavLink end to={localePath(locale, '/staff')}>
            {t('counter.nav.serve')}
          </NavLink>
          <NavLink to={localePath(locale, '/staff/transactions')}>{t('counter.nav.today')}</NavLink>
          <NavLink to={localePath(locale, '/staff/orders')}>{t('admin.nav.orders')}</NavLink>
        </nav>
      ) : (
        <nav aria-label={t('admin.navLabel')} className="admin-nav">
          <NavLink to={localePath(locale, '/admin/orders')}>{t('admin.nav.orders')}</NavLink>
          <NavLink to={localePath(locale, '/admin/users')}>{t('admin.nav.users')}</NavLink>
          <NavLink to={localePath(locale, '/admin/kyc')}>{t('admin.nav.kyc')}</NavLink>
          <NavLink to={localePath(locale, '/admin/receipts')}>{t('admin.nav.receipts')}</NavLink>
          <NavLink to={localePath(locale, '/admin/late-repayments')}>
            {t('admin.nav.extensions')}
          </NavLink>
          <NavLink to={localePath(locale, '/admin/renewals')}>{t('admin.nav.renewals')}</NavLink>
          <NavLink to={localePath(locale, '/admin/vouchers')}>{t('admin.nav.vouchers')}</NavLink>
          {isAdmin ? (
            <>
              <NavLink to={localePath(locale, '/admin/products')}>
                {t('admin.nav.products')}
              </NavLink>
              <NavLink to={localePath(locale, '/admin/branches')}>
                {t('admin.nav.branches')}
              </NavLink>
              <NavLink to={localePath(locale, '/admin/audit')}>{t('admin.nav.audit')}</NavLink>
              <NavLink to={localePath(locale, '/admin/feedback')}>
                {t('admin.nav.feedback')}
              </NavLink>
              <NavLink to={localePath(locale, '/admin/jobs')}>{t('admin.nav.jobs')}</NavLink>
            </>
          ) : null}
          <Link to={localePath(locale, '/')}>{t('admin.nav.shop')}</Link>
        </nav>
      )}
      <div className="admin-user">
        {name ? <span>{name}</span> : null}
        <LanguageSwitcher />
        <Form method="post" action={localePath(locale, '/logout')}>
          <button type="submit" className="button secondary">
            {t('nav.logout')}
          </button>
        </Form>
      </div>
    </header>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { flash } = loaderData
  return (
    <>
      <AdminHeader
        name={loaderData.name}
        isAdmin={loaderData.isAdmin}
        counter={loaderData.counter}
      />
      <main id="main" className="admin-main">
        {flash ? (
          <p className={flash.kind === 'error' ? 'form-error' : 'notice'} role="status">
            {t(flash.messageKey)}
          </p>
        ) : null}
        <Outlet />
      </main>
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, locale } = useI18n()
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main" className="admin-main">
      <section className="error-screen">
        <h1>
          {t(forbidden ? 'errors.forbidden' : notFound ? 'errors.notFound' : 'errors.unexpected')}
        </h1>
        <p>
          <Link className="button" to={localePath(locale, '/')}>
            {t('errors.goHome')}
          </Link>
        </p>
      </section>
    </main>
  )
}
