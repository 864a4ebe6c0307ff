import { Link, useFetcher, useLocation } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'

/**
 * A plain form post without JavaScript; with it, a fetcher hides the banner at once. It stands in
 * the page under the header, never over it, so it cannot cover a page's main action
 * (docs/product/shell.md: at most 120 px on a phone).
 */
export function CookieConsent() {
  const { t, locale } = useI18n()
  const fetcher = useFetcher()
  const location = useLocation()
  if (fetcher.state !== 'idle' || fetcher.data) return null
  return (
    <section className="cookie-consent" aria-labelledby="cookie-consent-title" role="region">
      <p>
        <strong id="cookie-consent-title">{t('cookies.title')}:</strong> {t('cookies.body')}
      </p>
      <fetcher.Form method="post" action="/cookie-consent" className="button-row">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <Link className="cookie-consent-privacy" to={localePath(locale, '/privacy')}>
          {t('cookies.privacyShort')}
        </Link>
        <button className="button" name="choice" value="accepted">
          {t('cookies.accept')}
        </button>
        <button className="button secondary" name="choice" value="rejected">
          {t('cookies.reject')}
        </button>
      </fetcher.Form>
    </section>
  )
}
