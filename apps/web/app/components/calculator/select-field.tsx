import type { SelectHTMLAttributes } from 'react'
import { useI18n } from '~/utils/i18n.ts'

export interface SelectOption {
  value: string
  label: string
  /** Shown but not to be chosen (a sprayer the product's label rules out). */
  disabled?: boolean
}

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value'> & {
  name: string
  label: string
  value: string
  options: readonly SelectOption[]
  hint?: string | undefined
  /** A catalogue key, translated here. */
  error?: string | undefined
  /** Extra class on the wrapping .field (layout only). */
  fieldClassName?: string | undefined
}

/**
 * A labelled select built like TextField (label, hint, error tied with aria-describedby). A value
 * that is not one of the options (a hand-edited link) shows an empty choice instead of quietly
 * displaying the first option as if it had been chosen.
 */
export function SelectField({
  name,
  label,
  value,
  options,
  hint,
  error,
  fieldClassName,
  id,
  ...rest
}: Props) {
  const { t } = useI18n()
  const selectId = id ?? `field-${name}`
  const describedBy = [hint ? `${selectId}-hint` : null, error ? `${selectId}-error` : null]
    .filter(Boolean)
    .join(' ')
  const known = options.some((option) => option.value === value)
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={selectId}>{label}</label>
      {hint ? (
        <p className="hint" id={`${selectId}-hint`}>
          {hint}
        </p>
      ) : null}
      <select
        id={selectId}
        name={name}
        value={known ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      >
        {known ? null : <option value="">{t('calculator.choose')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${selectId}-error`}>
          {t(error)}
        </p>
      ) : null}
    </div>
  )
}
