import { data, Form, Link, redirect } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { ALL_CATEGORIES } from '@padi/domain/catalogue/catalogue'
import { ProductCreateSchema } from '@padi/domain/catalogue/product-desk-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { fieldErrorsOf, packOf, productTextsOf } from '~/utils/product-forms.server.ts'
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

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const form = await request.formData()
  const values = Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, String(v)]),
  )
  const parsed = ProductCreateSchema.safeParse({
    ...productTextsOf(form),
    category: String(form.get('category') ?? ''),
    pack: packOf(form, 'pack_'),
  })
  if (!parsed.success)
    return data<FormAnswer>({ fieldErrors: fieldErrorsOf(parsed.error.issues), values }, 400)
  try {
    const created = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).createProduct(token, parsed.data),
    )
    session.update({ flash: { kind: 'success', messageKey: 'admin.products.created' } })
    return redirect(localePath(locale, `/admin/products/${created.id}`), 303)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const sku = error.errors.find((e) => e.field === 'sku')?.message
    if (sku) return data<FormAnswer>({ fieldErrors: { pack_sku: sku }, values }, 400)
    const refusal = readRefusal(error)
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
