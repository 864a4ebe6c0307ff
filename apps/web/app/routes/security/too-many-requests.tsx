import { Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/too-many-requests'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'security.tooManyRequests.title')

/** docs/product/shell.md: security page 'too-many-requests'. */
export default function SecurityPage() {
  const { t, locale } = useI18n()
  return (
    <section className="error-screen">
      <h1>{t('security.tooManyRequests.title')}</h1>
      <p>{t('security.tooManyRequests.details')}</p>
      <Link className="button" to={localePath(locale, '/')}>
        {t('errors.goHome')}
      </Link>
    </section>
  )
}
