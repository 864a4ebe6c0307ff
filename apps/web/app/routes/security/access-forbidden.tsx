import { Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/access-forbidden'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'security.accessForbidden.title')

/** docs/product/shell.md: security page 'access-forbidden'. */
export default function SecurityPage() {
  const { t, locale } = useI18n()
  return (
    <section className="error-screen">
      <h1>{t('security.accessForbidden.title')}</h1>
      <p>{t('security.accessForbidden.details')}</p>
      <Link className="button" to={localePath(locale, '/')}>
        {t('errors.goHome')}
      </Link>
    </section>
  )
}
