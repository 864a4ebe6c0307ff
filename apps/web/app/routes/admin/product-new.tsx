import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { ALL_CATEGORIES } from '@padi/domain/catalogue/catalogue'
import { ProductCreateSchema } from '@padi/domain/catalogue/product-desk-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import {
  fieldErrorsOf,
  packFields,
  packOf,
  PRODUCT_TEXT_FIELDS,
  productTextsOf,
} from '~/utils/product-forms.server.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { PackFields, ProductTextFields } from '~/components/admin/product-fields.tsx'
import type { Route } from './+types/product-new'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.products.new')

const EMPTY = { en: '', bm: '', th: '' }

/** docs/product/back-office.md (Products): admin adds a product with its first pack. */
export function loader({ params, context }: Route.LoaderArgs) {
  if (context.get(sessionContext).data.user?.role !== 'admin') throw data(null, { status: 403 })
  return pageMessages(params, ['products', 'validation'])
}

/** The new product's texts, its category and its first pack (`pack_` fields), as the API's body. */
const ProductNewForm = z
  .record(z.string(), z.union([z.string(), z.boolean()]))
  .transform((fields) => ({
    ...productTextsOf(fields),
    category: String(fields.category ?? ''),
    pack: packOf(fields, 'pack_'),
  }))
  .pipe(ProductCreateSchema)

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const form = parseForm(ProductNewForm, await request.formData(), {
    ...PRODUCT_TEXT_FIELDS,
    category: 'text',
    ...packFields('pack_'),
  })
  const values = form.values
  if (!form.ok)
    return data<FormAnswer>({ fieldErrors: fieldErrorsOf(form.fieldErrors), values }, 400)
  const product = form.data
  try {
    const created = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).createProduct(token, product),
    )
    session.update({ flash: { kind: 'success', messageKey: 'admin.products.created' } })
    return redirect(localePath(locale, `/admin/products/${created.id}`), 303)
  } catch (error) {
    const refusal = readRefusal(error)
    const sku = refusal.error.errors.find((e) => e.field === 'sku')?.message
    if (sku) return data<FormAnswer>({ fieldErrors: { pack_sku: sku }, values }, 400)
    return data<FormAnswer>(
      { values, formError: refusal.message ?? { key: 'admin.users.failed' } },
      refusal.init,
    )
  }
}

export default function ProductNew({ actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const errors = actionData?.fieldErrors ?? {}
  const value = (name: string, fallback: string) => actionData?.values?.[name] ?? fallback
  return (
    <section className="admin-page">
      <p className="link-line">
        <Link to={localePath(locale, '/admin/products')}>← {t('admin.products.title')}</Link>
      </p>
      <h1>{t('admin.products.new')}</h1>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      <Form method="post" className="card form admin-form" noValidate>
        <label htmlFor="product-category">{t('admin.products.category')}</label>
        <select
          id="product-category"
          name="category"
          defaultValue={value('category', '')}
          aria-invalid={errors.category ? true : undefined}
        >
          <option value="">—</option>
          {ALL_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`products.categories.${c}`)}
            </option>
          ))}
        </select>
        {errors.category ? (
          <p className="field-error" role="alert">
            {t(errors.category)}
          </p>
        ) : null}
        <ProductTextFields
          product={{ brand: '', name: EMPTY, title: EMPTY, description: EMPTY, featured: false }}
          value={value}
          errors={errors}
        />
        <h2>{t('admin.products.firstPack')}</h2>
        <PackFields prefix="pack_" value={value} errors={errors} />
        <button type="submit" className="button">
          {t('admin.products.create')}
        </button>
      </Form>
    </section>
  )
}
