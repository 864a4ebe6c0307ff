import { TextField } from '~/components/form/text-field.tsx'
import type { FieldErrors } from '~/utils/forms.ts'
import { useI18n } from '~/utils/i18n.ts'
import { BranchSelect, type BranchGroup } from './branch-select.tsx'

/**
 * docs/product/accounts.md: the profile's fields as sign-up asks for them (name, e-mail,
 * postcode, area, district, preferred branch); the settings page edits the same ones.
 */
export function ProfileFields({
  values,
  errors,
  groups,
}: {
  values: Record<string, string | undefined>
  errors: FieldErrors
  groups: readonly BranchGroup[]
}) {
  const { t } = useI18n()
  return (
    <>
      <TextField
        name="full_name"
        label={t('fields.fullName')}
        autoComplete="name"
        maxLength={120}
        required
        defaultValue={values.full_name}
        error={errors.full_name}
      />
      <TextField
        name="email"
        type="email"
        label={t('auth.fields.emailOptional')}
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        defaultValue={values.email}
        error={errors.email}
      />
      <TextField
        name="postcode"
        label={t('fields.postcode')}
        hint={t('fields.postcodeHint')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        pattern="[0-9]{5}"
        required
        defaultValue={values.postcode}
        error={errors.postcode}
      />
      <TextField
        name="area"
        label={t('fields.area')}
        hint={t('fields.areaHint')}
        autoComplete="address-level3"
        maxLength={100}
        required
        defaultValue={values.area}
        error={errors.area}
      />
      <TextField
        name="district"
        label={t('fields.district')}
        autoComplete="address-level2"
        maxLength={100}
        required
        defaultValue={values.district}
        error={errors.district}
      />
      <BranchSelect
        groups={groups}
        defaultValue={values.preferred_branch}
        error={errors.preferred_branch}
      />
    </>
  )
}
