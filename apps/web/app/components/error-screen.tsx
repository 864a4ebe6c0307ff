import { isRouteErrorResponse, Link } from 'react-router'
import { errorText } from '@padi/domain/errors'
import { useI18n, localePath } from '~/utils/i18n.ts'

/** docs/product/errors.md: 'Oops!', 'Error {statusCode}', the message for the status, and 'Go Home'. */
export function ErrorScreen({ status, error }: { status: number; error: unknown }) {
  const { t, locale } = useI18n()
  let message: string
  if (status === 404) message = t('errors.notFound')
  else if (status === 403) message = t('errors.forbidden')
  else if (isRouteErrorResponse(error))
    message = errorText(typeof error.data === 'string' ? error.data : null)
  else message = t('errors.unexpected')
  if (message === errorText(null)) message = t('errors.unexpected')
  const path =
    isRouteErrorResponse(error) && status === 404 && error.data && typeof error.data === 'object'
      ? (error.data as { path?: string }).path
      : undefined
  return (
    <main className="error-screen" id="main">
      <h1>{t('errors.oops')}</h1>
      <p className="error-status">{t('errors.status', { statusCode: status })}</p>
      <p>{message}</p>
      {path ? <p className="muted">{t('errors.pageNotFound', { path })}</p> : null}
      <Link className="button" to={localePath(locale, '/')} reloadDocument>
        {t('errors.goHome')}
      </Link>
    </main>
  )
}
