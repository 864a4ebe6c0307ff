import { Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/security-check'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'security.securityCheck.title')

/** docs/product/shell.md: security page 'security-check'. */
export default function SecurityPage() {
  const { t, locale } = useI18n()
  return (
    <section className="error-screen">
      <h1>{t('security.securityCheck.title')}</h1>
      <p>{t('security.securityCheck.details')}</p>
      <Link className="button" to={localePath(locale, '/')}>
        {t('errors.goHome')}
      </Link>
    </section>
  )
}
