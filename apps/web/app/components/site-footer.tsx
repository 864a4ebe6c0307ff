import { Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'

export function SiteFooter({ productName, year }: { productName: string; year: number }) {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.label')}>
        <Link to={href('/contact')}>{t('footer.contact')}</Link>
        <Link to={href('/privacy')}>{t('footer.privacy')}</Link>
        <Link to={href('/terms')}>{t('footer.terms')}</Link>
        <Link to={href('/register-interest')}>{t('footer.registerInterest')}</Link>
        <Link to={href('/report-bug')}>{t('footer.reportBug')}</Link>
      </nav>
      <p className="app-promo">{t('footer.mobileApp')}</p>
      <p className="muted">{t('footer.copyright', { year, product: productName })}</p>
    </footer>
  )
}
