import { Form, useSubmit } from 'react-router'
import { useI18n } from '~/utils/i18n.ts'
import { useTypedBeforeHydration } from '~/utils/typed-before-hydration.ts'
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

/**
 * docs/product/calculators.md: choose a product from the catalogue and its label rate and pack fill the form. A GET
 * form the server answers with a redirect, so it works without JavaScript ("Use this product");
 * with JavaScript choosing is enough.
 */
export function ProductPicker({
  choices,
  values,
  onPick,
}: {
  choices: readonly ProductChoice[]
  values: InputFormValues
  /** Called before the pick navigates, so the form's pending URL update does not cancel it. */
  onPick: () => void
}) {
  const { t } = useI18n()
  const submit = useSubmit()
  // docs/product/shell.md: a product picked before the scripts arrived is used once they do (with
  // JavaScript there is no "Use this product" button to press), together with what was typed
  // about the field by then: the hidden fields below do not show that yet at this moment.
  useTypedBeforeHydration(['product_id', ...KEPT], ({ product_id, ...typed }) => {
    if (!product_id) return
    const data: Record<string, string> = {}
    for (const field of KEPT) {
      const value = typed[field] ?? values[field]
      if (value) data[field] = value
    }
    onPick()
    void submit({ ...data, product_id }, { method: 'get', preventScrollReset: true })
  })
  if (choices.length === 0) return null
  return (
    <Form
      method="get"
      className="calc-picker"
      onChange={(event) => {
        onPick()
        void submit(event.currentTarget, { preventScrollReset: true })
      }}
    >
      <div className="field">
        <label htmlFor="calc-product-id">{t('calculator.input.pickProduct')}</label>
        <p className="hint" id="calc-product-id-hint">
          {t('calculator.input.pickProductHint')}
        </p>
        <select
          id="calc-product-id"
          name="product_id"
          defaultValue=""
          aria-describedby="calc-product-id-hint"
        >
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
      {KEPT.map((field) =>
        values[field] ? (
          <input key={field} type="hidden" name={field} value={values[field]} />
        ) : null,
      )}
      <noscript>
        <button type="submit" className="button secondary">
          {t('calculator.input.pickProductButton')}
        </button>
      </noscript>
    </Form>
  )
}
