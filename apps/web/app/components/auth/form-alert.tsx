import type { ReactNode } from 'react'
import { useI18n } from '~/utils/i18n.ts'

/** A catalogue key with its placeholders, translated where it is shown. */
export type Message = { key: string; params?: Record<string, string | number> }

/** A form's own error (not tied to one field), read out when it appears. */
export function FormAlert({
  message,
  id,
  children,
}: {
  message: Message
  id?: string | undefined
  children?: ReactNode
}) {
  const { t } = useI18n()
  return (
    <div className="form-error" role="alert" id={id}>
      <p>{t(message.key, message.params)}</p>
      {children}
    </div>
  )
}

/** A confirmation after a step (a code was sent), announced politely. */
export function Notice({ messageKey }: { messageKey: string }) {
  const { t } = useI18n()
  return (
    <p className="notice" role="status">
      {t(messageKey)}
    </p>
  )
}

const SLOT = '\u0000'

/**
 * A translated sentence with the phone number in it, the number kept on one line and in bold: a
 * masked number broken over two lines ('+60 12-' / '••• 6789') is hard to read on a small screen.
 */
export function TextWithMobile({ messageKey, mobile }: { messageKey: string; mobile: string }) {
  const { t } = useI18n()
  const [before = '', after = ''] = t(messageKey, { mobile: SLOT }).split(SLOT)
  return (
    <p>
      {before}
      <strong className="nowrap">{mobile}</strong>
      {after}
    </p>
  )
}
