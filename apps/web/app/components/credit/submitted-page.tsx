import { Link } from 'react-router'
import { localePath, useI18n } from '~/utils/i18n.ts'

/**
 * The page after something is sent for finance to decide (a receipt, a late-repayment
 * application, a renewal): that it is waiting, that an SMS will tell the decision, and the way on.
 * `keys` is the feature's catalogue prefix (title, body, sms, and the link's `next`).
 */
export function SubmittedPage({ keys, to }: { keys: string; to: string }) {
  const { t, locale } = useI18n()
  return (
    <section className="error-screen">
      <h1>{t(`${keys}.title`)}</h1>
      <p role="status">{t(`${keys}.body`)}</p>
      <p>{t(`${keys}.sms`)}</p>
      <p className="button-row">
        <Link className="button" to={localePath(locale, to)}>
          {t(`${keys}.next`)}
        </Link>
      </p>
    </section>
  )
}
