import { Link, useFetcher, useLocation } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'

/** A plain form post without JavaScript; with it, a fetcher hides the banner at once. */
export function CookieConsent() {
  const { t, locale } = useI18n()
  const fetcher = useFetcher()
  const location = useLocation()
  if (fetcher.state !== 'idle' || fetcher.data) return null
  return (
    <section className="cookie-consent" aria-labelledby="cookie-consent-title" role="region">
      <h2 id="cookie-consent-title">{t('cookies.title')}</h2>
      <p>
        {t('cookies.body')}{' '}
        <Link to={localePath(locale, '/privacy')}>{t('cookies.learnMore')}</Link>
      </p>
      <fetcher.Form method="post" action="/cookie-consent" className="button-row">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
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
