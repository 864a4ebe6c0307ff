import { Form, useNavigation } from 'react-router'
import { useI18n } from '~/utils/i18n.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'

/**
 * The two decisions on an item in a finance queue: approve, or reject with the reason the farmer
 * reads (and, given a `dateLabel`, the day from which they may try again). Plain forms: they work
 * before the page's scripts arrive. Without an `approveLabel` only the rejection is offered.
 */
export function DecisionForms({
  id,
  approveLabel,
  rejectLabel,
  reasonLabel,
  dateLabel,
  formError,
}: {
  id: number
  approveLabel: string | null
  rejectLabel: string
  /** The reason's label, when it is not the one the farmer reads. */
  reasonLabel?: string | undefined
  /** The label of 'may try again from', when the rejection carries that date. */
  dateLabel?: string | undefined
  formError?: Message | undefined
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <>
      {formError ? <FormAlert message={formError} /> : null}
      {approveLabel ? (
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          <button type="submit" name="intent" value="approve" className="button" disabled={busy}>
            {approveLabel}
          </button>
        </Form>
      ) : null}
      <Form method="post" className="admin-form">
        <input type="hidden" name="id" value={id} />
        <label htmlFor={`reason-${id}`}>{reasonLabel ?? t('admin.reject.reason')}</label>
        <textarea id={`reason-${id}`} name="reason" rows={2} maxLength={500} />
        {dateLabel ? (
          <>
            <label htmlFor={`again-${id}`}>{dateLabel}</label>
            <input id={`again-${id}`} name="can_resubmit_on" type="date" />
          </>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="reject"
          className="button link-button"
          disabled={busy}
        >
          {rejectLabel}
        </button>
      </Form>
    </>
  )
}

/** A queue's count in each state. */
export function QueueCounts({
  states,
  counts,
  labelKey,
}: {
  states: readonly string[]
  counts: Record<string, number>
  labelKey: (state: string) => string
}) {
  const { t } = useI18n()
  return (
    <dl className="admin-counts">
      {states.map((s) => (
        <div key={s}>
          <dt>{t(labelKey(s))}</dt>
          <dd>{counts[s] ?? 0}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A stored file shown in the page: an image, or a PDF in a frame of this site; and its download. */
export function InlineFile({
  href,
  contentType,
  title,
}: {
  href: string
  contentType: string
  title: string
}) {
  const { t } = useI18n()
  const view = `${href}${href.includes('?') ? '&' : '?'}view`
  return (
    <>
      {contentType === 'application/pdf' ? (
        <iframe src={view} title={title} className="admin-pdf" />
      ) : (
        <a href={view} target="_blank" rel="noreferrer" className="admin-image-link">
          <img src={view} alt={title} loading="lazy" className="admin-image" />
        </a>
      )}
      <p className="link-line">
        <a href={href}>{t('admin.application.download')}</a>
      </p>
    </>
  )
}
