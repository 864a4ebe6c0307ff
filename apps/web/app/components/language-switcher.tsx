import { useLocation } from 'react-router'
import { LOCALES } from '@padi/domain/i18n/locales'
import { useI18n } from '~/utils/i18n.ts'

/** Plain links to /set-locale keep the page and work before JavaScript (docs/product/shell.md). */
export function LanguageSwitcher() {
  const { t, locale } = useI18n()
  const location = useLocation()
  const path = `${location.pathname}${location.search}`
  return (
    <nav className="language-switcher" aria-label={t('common.language')}>
      {LOCALES.map((l) => (
        <a
          key={l}
          href={`/set-locale?to=${l}&path=${encodeURIComponent(path)}`}
          hrefLang={l === 'bm' ? 'ms' : l}
          lang={l === 'bm' ? 'ms' : l}
          aria-current={l === locale ? 'true' : undefined}
          rel="nofollow"
        >
          {t(`common.languages.${l}`)}
        </a>
      ))}
    </nav>
  )
}
