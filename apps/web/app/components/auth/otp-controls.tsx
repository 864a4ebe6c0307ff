import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { TextField } from '~/components/form/text-field.tsx'
import { useI18n } from '~/utils/i18n.ts'
import { useCountdown } from './use-countdown.ts'
import { ScriptsNow } from '~/components/scripts-now.tsx'
import { FormAlert, type Message } from './form-alert.tsx'

export const CODE_ALERT_ID = 'code-alert'

/**
 * The 6-digit code box: phones offer the code from the SMS (autocomplete one-time-code). A refused
 * code is told in the form's alert (its text has a number in it), which the box then points to.
 */
export function CodeField({
  error,
  refused,
}: {
  error?: string | undefined
  refused?: boolean | undefined
}) {
  const { t } = useI18n()
  const describedBy = ['field-userInputCode-hint', error ? 'field-userInputCode-error' : null]
  if (refused) describedBy.push(CODE_ALERT_ID)
  return (
    <TextField
      name="userInputCode"
      label={t('auth.fields.code')}
      hint={t('auth.fields.codeHint')}
      className="code-input"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      // The one field of this step: with JavaScript the cursor waits in it (React focuses it).
      autoFocus
      error={error}
      aria-invalid={error || refused ? true : undefined}
      aria-describedby={describedBy.filter(Boolean).join(' ')}
    />
  )
}

/**
 * 'Send a new code', its own form so it never sends the typed code. With JavaScript it is disabled
 * during the cool-down and counts down; without, it always posts and the server answers with the
 * wait when it is too early.
 */
export function ResendForm({
  action,
  cooldown,
  sentAt,
}: {
  action: string
  cooldown: number
  sentAt: number
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const left = useCountdown(cooldown, sentAt)
  const sending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resend'
  const waiting = left !== null && left > 0
  return (
    <Form method="post" action={action} className="otp-secondary">
      <input type="hidden" name="intent" value="resend" />
      <p className="hint">{t('auth.otp.resendHint')}</p>
      {/* The count starts when the scripts run, and the code field wants the cursor: at once. */}
      {left === null ? <ScriptsNow /> : null}
      <button className="button secondary" type="submit" disabled={waiting || sending}>
        {sending
          ? t('common.sending')
          : waiting
            ? t('auth.otp.resendIn', { seconds: left })
            : t('auth.otp.resend')}
      </button>
    </Form>
  )
}

/** 'Use a different number': drops the pending code and shows the first step again. */
export function RestartForm({ action }: { action: string }) {
  const { t } = useI18n()
  return (
    <Form method="post" action={action} className="otp-secondary">
      <input type="hidden" name="intent" value="restart" />
      <button className="link-button" type="submit">
        {t('auth.otp.restart')}
      </button>
    </Form>
  )
}

/**
 * The code step every SMS-code flow shares (sign-up, forgot password, late repayment without
 * login): the form with the code box (and any fields the step adds, such as a new password), its
 * refusal, the submit button, then 'Send a new code' and 'Use a different number'.
 */
export function CodeStepForms({
  action,
  intent,
  submitLabel,
  formError,
  codeError,
  cooldown,
  sentAt,
  className = 'form',
  children,
}: {
  action: string
  intent: string
  submitLabel: string
  formError?: Message | undefined
  codeError?: string | undefined
  cooldown: number
  sentAt: number
  className?: string
  children?: ReactNode
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  return (
    <>
      <Form method="post" action={action} className={className} noValidate>
        <input type="hidden" name="intent" value={intent} />
        {formError ? <FormAlert id={CODE_ALERT_ID} message={formError} /> : null}
        <CodeField error={codeError} refused={Boolean(formError)} />
        {children}
        <button className="button" type="submit" disabled={busy}>
          {busy ? t('common.sending') : submitLabel}
        </button>
      </Form>
      <ResendForm action={action} cooldown={cooldown} sentAt={sentAt} />
      <RestartForm action={action} />
    </>
  )
}
