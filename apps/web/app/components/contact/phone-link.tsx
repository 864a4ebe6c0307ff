import { useI18n } from '~/utils/i18n.ts'
import { formatPhone } from './contact-format.ts'

type Props = {
  /** E.164, kept in the tel: link so the call works from either country. */
  phone: string
  /** The branch, for screen readers when several call buttons sit on one page. */
  name?: string
  className?: string
}

/**
 * A big call button: handset icon and the number as printed on shop signs. The icon instead of the
 * word 'Call' keeps it on one line beside 'Directions' on a 360 px phone.
 */
export function PhoneLink({ phone, name, className = 'button' }: Props) {
  const { t } = useI18n()
  const formatted = formatPhone(phone)
  return (
    <a
      className={`${className} contact-call`}
      href={`tel:${phone}`}
      aria-label={
        name
          ? t('contact.callBranch', { phone: formatted, name })
          : t('contact.call', { phone: formatted })
      }
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {/* Material Icons 'call' (Apache-2.0). */}
        <path
          fill="currentColor"
          d="M6.62 10.79a15.05 15.05 0 0 0 6.59 6.59l2.2-2.2a1 1 0 0 1 1.02-.24c1.12.37 2.33.57 3.57.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1C10.61 21 3 13.39 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1.02l-2.2 2.2z"
        />
      </svg>
      <span>{formatted}</span>
    </a>
  )
}
