import { NavLink, Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { LanguageSwitcher } from './language-switcher.tsx'

export function SiteHeader({ productName }: { productName: string }) {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <div className="site-header-row">
        <Link to={href('/')} className="brand" prefetch="none">
          <img src="/favicon.svg" width="28" height="28" alt="" />
          <span>{productName}</span>
        </Link>
        <LanguageSwitcher />
      </div>
      <nav className="main-nav" aria-label={t('common.mainNavigation')}>
        <NavLink to={href('/calculator')}>{t('nav.calculators')}</NavLink>
        <NavLink to={href('/credit')}>{t('nav.credit')}</NavLink>
        <NavLink to={href('/contact')}>{t('nav.contact')}</NavLink>
        <NavLink to={href('/about')}>{t('nav.about')}</NavLink>
      </nav>
    </header>
  )
}
