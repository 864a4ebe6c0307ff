import { useI18n } from '~/utils/i18n.ts'
import type { SelectOption } from './select-field.tsx'

type Props = {
  name: string
  legend: string
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  hint?: string | undefined
  /** A catalogue key, translated here. */
  error?: string | undefined
}

/**
 * Radio buttons in a fieldset, drawn as large tappable boxes (touch targets ≥ 44 px). Plain radios
 * so the choice is submitted by a GET form without JavaScript.
 */
export function ChoiceGroup({ name, legend, value, options, onChange, hint, error }: Props) {
  const { t } = useI18n()
  const describedBy = [hint ? `choice-${name}-hint` : null, error ? `choice-${name}-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    // radiogroup (allowed on fieldset) so aria-invalid is valid ARIA; the legend still names it.
    <fieldset
      className="choice-group"
      role="radiogroup"
      aria-labelledby={`choice-${name}-legend`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend id={`choice-${name}-legend`}>{legend}</legend>
      {hint ? (
        <p className="hint" id={`choice-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="choices">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`choice-${name}-error`}>
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  )
}
