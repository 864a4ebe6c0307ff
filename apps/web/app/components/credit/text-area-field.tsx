import type { TextareaHTMLAttributes } from 'react'
import { useI18n, type TranslateParams } from '~/utils/i18n.ts'

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  name: string
  label: string
  hint?: string | undefined
  /** A catalogue key, translated here (with errorParams). */
  error?: string | undefined
  errorParams?: TranslateParams | undefined
}

/**
 * A labelled text area whose hint and error are tied to it, like TextField. Its own component,
 * with the credit pages' pieces, rather than an option of TextField: TextField is in the file
 * every page loads, which is at its budget (docs/performance.md), and only these pages need this.
 */
export function TextAreaField({ name, label, hint, error, errorParams, id, ...rest }: Props) {
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
      <textarea
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
