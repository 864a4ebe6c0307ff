import { Form, NavLink, Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { LanguageSwitcher } from './language-switcher.tsx'

export type HeaderUser = { fullName: string; role: string } | null

export function SiteHeader({ productName, user }: { productName: string; user: HeaderUser }) {
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
        <NavLink to={href('/products')}>{t('nav.products')}</NavLink>
        <NavLink to={href('/calculator')}>{t('nav.calculators')}</NavLink>
        <NavLink to={href('/credit')}>{t('nav.credit')}</NavLink>
        <NavLink to={href('/contact')}>{t('nav.contact')}</NavLink>
        <NavLink to={href('/about')}>{t('nav.about')}</NavLink>
        {user ? (
          <>
            <NavLink to={href('/settings')}>{t('nav.account')}</NavLink>
            <Form method="post" action={href('/logout')} className="nav-form">
              <button type="submit">{t('nav.logout')}</button>
            </Form>
          </>
        ) : (
          <>
            <NavLink to={href('/login')}>{t('nav.login')}</NavLink>
            <NavLink to={href('/signup')}>{t('nav.signup')}</NavLink>
          </>
        )}
      </nav>
    </header>
  )
}
