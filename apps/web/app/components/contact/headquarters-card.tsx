import type { Branch } from '@padi/domain/branches/schemas'
import { localizedText } from '@padi/domain/i18n/locales'
import { useI18n } from '~/utils/i18n.ts'
import { addressLines, directionsUrl, formatHoursRange } from './contact-format.ts'
import { PhoneLink } from './phone-link.tsx'

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
/** Monday first, as calendars in both countries print it; opening_hours index 0 is Sunday. */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

type Props = { branch: Branch; weekday: number }

/** docs/product/branches-and-contact.md: the headquarters entry with its address, phone and the whole week's hours. */
export function HeadquartersCard({ branch, weekday }: Props) {
  const { t, locale } = useI18n()
  const name = localizedText(branch.name, locale)
  const [street, town] = addressLines(branch, locale)
  return (
    <section className="card contact-hq" aria-labelledby="hq-title">
      <h2 id="hq-title">{t('contact.hq.title')}</h2>
      <p>
        <strong>{name}</strong>
      </p>
      <address>
        {street}
        <br />
        {town}
      </address>
      <div className="contact-actions">
        <PhoneLink phone={branch.phone} />
        <a
          className="button secondary"
          href={directionsUrl(branch)}
          aria-label={t('contact.directionsTo', { name })}
        >
          {t('contact.directions')}
        </a>
      </div>
      <h3 id="hq-hours-title">{t('contact.hq.hours')}</h3>
      <table className="contact-hours" aria-labelledby="hq-hours-title">
        <tbody>
          {DISPLAY_ORDER.map((day) => {
            const hours = branch.opening_hours[day] ?? null
            const today = day === weekday
            return (
              <tr key={day} aria-current={today ? 'date' : undefined}>
                <th scope="row">
                  {t(`contact.weekdays.${WEEKDAY_KEYS[day]}`)}
                  {today ? (
                    <span className="contact-today-tag">{t('contact.todayTag')}</span>
                  ) : null}
                </th>
                <td>{hours ? formatHoursRange(hours, locale, t) : t('contact.closed')}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
