import { useI18n } from '~/utils/i18n.ts'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import type { ProductChoice } from './product-picker.server.ts'
import type { InputFormValues } from './input-form.ts'

/** What the farmer typed about the field and sprayer travels with the pick (see KEPT_FIELDS). */
const KEPT: readonly (keyof InputFormValues)[] = [
  'area_value',
  'area_unit',
  'sprayer',
  'tank_litres',
  'litres_per_hectare',
]

/** The address that picks `productId`, keeping what the farmer entered about field and sprayer. */
export function pickedProductSearch(values: InputFormValues, productId: string): string {
  const params = new URLSearchParams()
  for (const field of KEPT) if (values[field]) params.set(field, values[field])
  // A spray volume means nothing without what it is per (the product's own is per hectare).
  if (params.has('litres_per_hectare')) params.set('volume_basis', values.volume_basis)
  params.set('product_id', productId)
  return `?${params}`
}

/**
 * docs/product/calculators.md: choose a product from the catalogue and its label rate and pack
 * fill the form. The choice belongs to the calculator's form (`formId`): the server answers the
 * form sent with a product with a redirect (product-picker.server.ts), so without the page's
 * scripts "Use this product" sends it with everything entered so far, even before Calculate.
 * With the scripts choosing is enough (`onPick`); the button stays and leads to the list (which
 * starts again at "choose" after each pick).
 */
export function ProductPicker({
  choices,
  formId,
  onPick,
}: {
  choices: readonly ProductChoice[]
  formId: string
  onPick: (productId: string) => void
}) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  if (choices.length === 0) return null
  return (
    <div className="calc-picker">
      <div className="field">
        <label htmlFor="calc-product-id">{t('calculator.input.pickProduct')}</label>
        <p className="hint" id="calc-product-id-hint">
          {t('calculator.input.pickProductHint')}
        </p>
        <select
          id="calc-product-id"
          name="product_id"
          form={formId}
          defaultValue=""
          aria-describedby="calc-product-id-hint"
          onChange={(event) => onPick(event.currentTarget.value)}
        >
          {/* Disabled, so a form sent without a pick carries no product_id. */}
          <option value="" disabled>
            {t('calculator.input.pickProductNone')}
          </option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      {/* Stays once the scripts run (the pick alone is then enough): were it to go, every field
        under it would jump up as the farmer reached for one of them. */}
      <button
        type="submit"
        form={formId}
        className="button secondary"
        // With the scripts the pick alone is enough: the button leads to the list.
        onClick={(event) => {
          if (!hydrated) return
          event.preventDefault()
          document.getElementById('calc-product-id')?.focus()
        }}
      >
        {t('calculator.input.pickProductButton')}
      </button>
    </div>
  )
}
