import { isRouteErrorResponse, Link, Outlet } from 'react-router'
import { localePath, useI18n } from '~/utils/i18n.ts'

/**
 * docs/product/back-office.md (Desks): the frame the counter's and the back office's pages share,
 * below each desk's own header: the message a form left (flash) and the page.
 */
export function DeskMain({
  flash,
  className = 'admin-main',
}: {
  flash: { kind: string; message: string } | null
  className?: string
}) {
  return (
    <main id="main" className={className}>
      {flash ? (
        <p className={flash.kind === 'error' ? 'form-error' : 'notice'} role="status">
          {flash.message}
        </p>
      ) : null}
      <Outlet />
    </main>
  )
}

/**
 * A desk page that failed. The way on is the desk itself (the counter, the finance or admin desk),
 * where the person works; only someone the desk is not for (refused, so the desk's own data never
 * loaded) is sent to the shop.
 */
export function DeskError({
  error,
  desk,
}: {
  error: unknown
  desk: { path: string; name: 'staff' | 'finance' | 'admin' } | null
}) {
  const { t, locale } = useI18n()
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const home = forbidden || !desk ? null : desk
  return (
    <main id="main" className="admin-main">
      <section className="error-screen">
        <h1>
          {t(forbidden ? 'errors.forbidden' : notFound ? 'errors.notFound' : 'errors.unexpected')}
        </h1>
        <p>
          <Link className="button" to={localePath(locale, home ? home.path : '/')}>
            {home ? t(`nav.desk.${home.name}`) : t('errors.goHome')}
          </Link>
        </p>
      </section>
    </main>
  )
}
