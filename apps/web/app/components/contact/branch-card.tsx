import type { Branch } from '@padi/domain/branches/schemas'
import { LOCALE_HTML_LANG, localizedText } from '@padi/domain/i18n/locales'
import { useI18n } from '~/utils/i18n.ts'
import type { BranchStatus } from './branch-status.ts'
import { addressLines, directionsUrl, formatHoursRange } from './contact-format.ts'
import { PhoneLink } from './phone-link.tsx'

type Props = {
  branch: Branch
  status: BranchStatus
  number: number
  distanceKm: number | null
}

export function branchAnchor(code: string): string {
  return `branch-${code}`
}

/** Distances only appear after the user shares a location, in the browser, so Intl is safe. */
export function useFormatKm() {
  const { locale } = useI18n()
  return (km: number) =>
    new Intl.NumberFormat(LOCALE_HTML_LANG[locale], {
      maximumFractionDigits: km < 10 ? 1 : 0,
    }).format(km)
}

/** One branch: what a farmer needs to call or drive there, with the phone as a big button. */
export function BranchCard({ branch, status, number, distanceKm }: Props) {
  const { t, locale } = useI18n()
  const formatKm = useFormatKm()
  const name = localizedText(branch.name, locale)
  const [street, town] = addressLines(branch, locale)
  const headingId = `${branchAnchor(branch.code)}-name`
  return (
    <article
      className="card contact-branch"
      id={branchAnchor(branch.code)}
      aria-labelledby={headingId}
    >
      <div className="contact-head">
        <span className="contact-marker" aria-hidden="true">
          {number}
        </span>
        <h4 id={headingId}>{name}</h4>
      </div>
      <p className="contact-today">
        <span className={`status-pill ${status.openNow ? 'open' : 'closed'}`}>
          {status.openNow ? t('contact.openNow') : t('contact.closedNow')}
        </span>{' '}
        {status.today
          ? t('contact.today', { hours: formatHoursRange(status.today, locale, t) })
          : t('contact.closedToday')}
      </p>
      {distanceKm !== null ? (
        <p className="contact-distance">
          {t('contact.location.distance', { km: formatKm(distanceKm) })}
        </p>
      ) : null}
      <address>
        {street}
        <br />
        {town}
      </address>
      <div className="contact-actions">
        <PhoneLink phone={branch.phone} name={name} />
        <a
          className="button secondary"
          href={directionsUrl(branch)}
          aria-label={t('contact.directionsTo', { name })}
        >
          {t('contact.directions')}
        </a>
      </div>
    </article>
  )
}
