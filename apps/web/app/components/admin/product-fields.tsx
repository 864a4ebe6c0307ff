import type { LocalizedText } from '@padi/domain/i18n/locales'
import { TextField } from '~/components/form/text-field.tsx'
import { TextAreaField } from '~/components/credit/text-area-field.tsx'
import { useI18n } from '~/utils/i18n.ts'

const LANGS = ['en', 'bm', 'th'] as const

type Texts = {
  brand: string
  name: LocalizedText
  title: LocalizedText
  description: LocalizedText
  featured: boolean
}

/**
 * docs/product/back-office.md (Products): a product's texts in every language, its brand and
 * 'featured', as the edit and the new-product forms both ask for them. `value` gives what the
 * form showed last (after a refusal) or else the product's own.
 */
export function ProductTextFields({
  product,
  value,
  errors,
}: {
  product: Texts
  value: (name: string, fallback: string) => string
  errors: Record<string, string>
}) {
  const { t } = useI18n()
  return (
    <>
      <TextField
        name="brand"
        label={t('admin.products.brand')}
        defaultValue={value('brand', product.brand)}
        error={errors.brand}
        maxLength={60}
      />
      {(['name', 'title'] as const).map((field) =>
        LANGS.map((l) => (
          <TextField
            key={`${field}_${l}`}
            name={`${field}_${l}`}
            label={t(`admin.products.${field}In.${l}`)}
            defaultValue={value(`${field}_${l}`, product[field][l] ?? '')}
            error={errors[`${field}_${l}`]}
            maxLength={field === 'name' ? 120 : 200}
          />
        )),
      )}
      {LANGS.map((l) => (
        <TextAreaField
          key={`description_${l}`}
          name={`description_${l}`}
          label={t(`admin.products.descriptionIn.${l}`)}
          defaultValue={value(`description_${l}`, product.description[l] ?? '')}
          error={errors[`description_${l}`]}
          maxLength={4000}
          rows={5}
        />
      ))}
      <label className="admin-choice">
        <input
          type="checkbox"
          name="featured"
          defaultChecked={value('featured', product.featured ? 'on' : '') === 'on'}
        />
        {t('admin.products.featured')}
      </label>
    </>
  )
}

/** A new pack: its SKU, its name in every language and its price in each country. */
export function PackFields({
  prefix = '',
  value,
  errors,
}: {
  prefix?: string
  value: (name: string, fallback: string) => string
  errors: Record<string, string>
}) {
  const { t } = useI18n()
  const field = (name: string) => `${prefix}${name}`
  return (
    <>
      <TextField
        name={field('sku')}
        label={t('admin.products.sku')}
        defaultValue={value(field('sku'), '')}
        error={errors[field('sku')]}
        maxLength={40}
      />
      {LANGS.map((l) => (
        <TextField
          key={l}
          name={field(`label_${l}`)}
          label={t(`admin.products.packIn.${l}`)}
          defaultValue={value(field(`label_${l}`), '')}
          error={errors[field(`label_${l}`)]}
          maxLength={60}
        />
      ))}
      <TextField
        name={field('price_my')}
        inputMode="decimal"
        label={t('admin.products.priceMy')}
        defaultValue={value(field('price_my'), '')}
        error={errors[field('price_my')]}
      />
      <TextField
        name={field('price_th')}
        inputMode="decimal"
        label={t('admin.products.priceTh')}
        defaultValue={value(field('price_th'), '')}
        error={errors[field('price_th')]}
      />
    </>
  )
}
