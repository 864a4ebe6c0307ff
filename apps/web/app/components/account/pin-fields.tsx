import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { PinActionData, PinField } from '~/utils/pin-setup.server.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { localePath, useI18n } from '~/utils/i18n.ts'

/** PIN inputs: digits only, never filled in by the browser, never kept by it. */
export const PIN_INPUT = {
  type: 'password',
  inputMode: 'numeric' as const,
  pattern: '[0-9]{6}',
  maxLength: 6,
  minLength: 6,
  autoComplete: 'off',
  required: true,
}

/**
 * docs/product/orders-and-payments.md (The payment PIN): the fields that set a PIN (create and
 * confirm) or change it (current, new, confirm), with each refusal under its field.
 */
export function PinFields({
  isPinSet,
  actionData,
}: {
  isPinSet: boolean
  actionData: PinActionData | undefined
}) {
  const { t } = useI18n()
  const errors = actionData?.fieldErrors ?? {}
  // Keys: the field translates them (translating here too would look the text up as a key).
  const error = (field: PinField) => ({
    error: errors[field]?.key,
    errorParams: errors[field]?.params,
  })
  return (
    <>
      {actionData?.formError ? (
        <p className="form-error" role="alert">
          {t(actionData.formError.key, actionData.formError.params)}
        </p>
      ) : null}
      {isPinSet ? (
        <TextField
          name="current_pin"
          label={t('pin.current')}
          {...error('current_pin')}
          {...PIN_INPUT}
        />
      ) : null}
      <TextField
        name="pin"
        label={isPinSet ? t('pin.new') : t('pin.create')}
        {...error('pin')}
        {...PIN_INPUT}
        autoComplete="new-password"
      />
      <TextField
        name="confirm_pin"
        label={t('pin.confirm')}
        {...error('confirm_pin')}
        {...PIN_INPUT}
        autoComplete="new-password"
      />
    </>
  )
}

/**
 * A refused payment or device step: the message, and while the PIN is locked the way out (forgot
 * PIN), since the lock stops every way to pay (ADR 060).
 */
export function PaymentRefusalAlert({
  message,
  children,
}: {
  message: Message
  children?: ReactNode
}) {
  const { t, locale } = useI18n()
  return (
    <FormAlert message={message}>
      {children}
      {message.key === 'pin.errors.locked' ? (
        <p>
          <Link to={localePath(locale, '/forgot-pin')}>{t('pin.forgot.link')}</Link>
        </p>
      ) : null}
    </FormAlert>
  )
}
