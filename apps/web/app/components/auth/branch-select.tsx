import type { Market } from '@padi/domain/markets'
import { useI18n } from '~/utils/i18n.ts'

export type BranchGroup = { market: Market; options: { value: string; label: string }[] }

/** The preferred branch (docs/product/accounts.md sign-up payload): branches grouped by country, names localised. */
export function BranchSelect({
  groups,
  defaultValue,
  error,
}: {
  groups: readonly BranchGroup[]
  defaultValue?: string | undefined
  error?: string | undefined
}) {
  const { t } = useI18n()
  const id = 'field-preferred_branch'
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{t('auth.fields.branch')}</label>
      <p className="hint" id={`${id}-hint`}>
        {t('auth.fields.branchHint')}
      </p>
      <select
        id={id}
        name="preferred_branch"
        required
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{t('auth.fields.chooseBranch')}</option>
        {groups.map((group) => (
          <optgroup key={group.market} label={t(`auth.markets.${group.market}`)}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {t(error)}
        </p>
      ) : null}
    </div>
  )
}
