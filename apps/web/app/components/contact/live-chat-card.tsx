import { LIVE_CHAT_CLOSES_MINUTES, LIVE_CHAT_OPENS_MINUTES } from '@padi/domain/contact/live-chat'
import { useI18n } from '~/utils/i18n.ts'
import { formatClock, whatsAppUrl } from './contact-format.ts'
import { PhoneLink } from './phone-link.tsx'

type Props = {
  open: boolean
  /** The headquarters phone (E.164); without it only the hours are shown. */
  phone: string | null
}

/** docs/product/branches-and-contact.md: live chat daily 9:30AM-6:30PM, open/closed in Malaysian time. */
export function LiveChatCard({ open, phone }: Props) {
  const { t, locale } = useI18n()
  const opens = formatClock(LIVE_CHAT_OPENS_MINUTES, locale, t)
  const closes = formatClock(LIVE_CHAT_CLOSES_MINUTES, locale, t)
  return (
    <section className="card contact-chat" aria-labelledby="chat-title">
      <div className="contact-head">
        <h2 id="chat-title">{t('contact.chat.title')}</h2>
        <span className={`status-pill ${open ? 'open' : 'closed'}`} aria-live="polite">
          {open ? t('contact.openNow') : t('contact.closedNow')}
        </span>
      </div>
      <p>
        <strong>
          {t('contact.chat.hours', {
            hours: t('contact.hoursRange', { open: opens, close: closes }),
          })}
        </strong>
      </p>
      <p>{open ? t('contact.chat.openBody') : t('contact.chat.closedBody', { time: opens })}</p>
      {phone ? (
        <div className="contact-actions">
          <a className="button" href={whatsAppUrl(phone)}>
            {t('contact.chat.whatsapp')}
          </a>
          <PhoneLink phone={phone} className="button secondary" />
        </div>
      ) : null}
    </section>
  )
}
