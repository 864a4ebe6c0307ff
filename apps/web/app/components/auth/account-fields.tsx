import { TextField } from '~/components/form/text-field.tsx'
import { useI18n } from '~/utils/i18n.ts'

/** The mobile number as login identifier (docs/product/accounts.md: at most 15 characters; typed with spaces). */
export function MobileField(props: {
  autoComplete: 'username' | 'tel'
  defaultValue?: string | undefined
  error?: string | undefined
}) {
  const { t } = useI18n()
  return (
    <TextField
      name="mobile"
      type="tel"
      label={t('auth.fields.mobile')}
      hint={t('auth.fields.mobileHint')}
      autoComplete={props.autoComplete}
      inputMode="tel"
      maxLength={19}
      required
      defaultValue={props.defaultValue}
      error={props.error}
    />
  )
}

/** A new password typed twice (docs/product/accounts.md: the two entries must match). */
export function NewPasswordFields(props: {
  labelKey: string
  confirmKey: string
  errors: { password?: string | undefined; password_confirm?: string | undefined }
}) {
  const { t } = useI18n()
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={t(props.labelKey)}
        hint={t('auth.fields.passwordHint')}
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        required
        error={props.errors.password}
      />
      <TextField
        name="password_confirm"
        type="password"
        label={t(props.confirmKey)}
        autoComplete="new-password"
        maxLength={128}
        required
        error={props.errors.password_confirm}
      />
    </>
  )
}
