import type { InputHTMLAttributes } from 'react'
import { useI18n, type TranslateParams } from '~/utils/i18n.ts'

type Props = InputHTMLAttributes<HTMLInputElement> & {
  name: string
  label: string
  hint?: string | undefined
  /** A catalogue key, translated here (with errorParams). */
  error?: string | undefined
  errorParams?: TranslateParams | undefined
}

/** A labelled input whose error is announced and tied to it (axe: label, aria-describedby). */
export function TextField({ name, label, hint, error, errorParams, id, ...rest }: Props) {
  const { t } = useI18n()
  const inputId = id ?? `field-${name}`
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p className="hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {error ? (
        <p className="field-error" id={`${inputId}-error`}>
          {t(error, errorParams)}
        </p>
      ) : null}
    </div>
  )
}
