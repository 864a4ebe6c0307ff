import { useI18n } from '~/utils/i18n.ts'
import { useHydrated } from './use-hydrated.ts'
import type { LocationErrorCode } from './use-location-watch.ts'
import { useFormatKm } from './branch-card.tsx'
import { ScriptsNow } from '~/components/scripts-now.tsx'

const ERROR_KEYS: Record<LocationErrorCode, string> = {
  0: 'contact.location.errors.unsupported',
  1: 'contact.location.errors.denied',
  2: 'contact.location.errors.unavailable',
  3: 'contact.location.errors.timeout',
}

type Props = {
  watching: boolean
  located: boolean
  errorCode: LocationErrorCode | null
  nearest: { name: string; anchor: string; distanceKm: number } | null
  onStart: () => void
  onStop: () => void
}

/**
 * Issue text: 'Find my nearest branch' appears only once JavaScript runs; without it a plain note
 * says the list below is complete. The position never leaves the phone: sorting happens here.
 */
export function NearestBranch({ watching, located, errorCode, nearest, onStart, onStop }: Props) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const formatKm = useFormatKm()
  if (!hydrated)
    return (
      <>
        <p className="hint contact-nearest">{t('contact.location.noScript')}</p>
        {/* The button comes with the scripts: they start at once on this page. */}
        <ScriptsNow />
      </>
    )
  return (
    <div className="contact-nearest">
      <div role="status">
        {nearest ? (
          <p className="notice">
            <a href={`#${nearest.anchor}`}>
              {t('contact.location.nearest', {
                name: nearest.name,
                km: formatKm(nearest.distanceKm),
              })}
            </a>
          </p>
        ) : watching ? (
          <p>{t('contact.location.finding')}</p>
        ) : null}
      </div>
      {errorCode !== null ? (
        <p className="form-error" role="alert">
          {t(ERROR_KEYS[errorCode])}
        </p>
      ) : null}
      <div className="contact-actions">
        {watching || located ? (
          <button className="button secondary" type="button" onClick={onStop}>
            {t('contact.location.stop')}
          </button>
        ) : (
          <button className="button" type="button" onClick={onStart}>
            {t('contact.location.find')}
          </button>
        )}
      </div>
      {watching || located ? null : <p className="hint">{t('contact.location.privacy')}</p>}
    </div>
  )
}
