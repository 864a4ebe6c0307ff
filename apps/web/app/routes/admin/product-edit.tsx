import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import {
  PackCreateSchema,
  ProductEditSchema,
  type ProductDeskProduct,
} from '@padi/domain/catalogue/product-desk-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { recordId } from '~/utils/route-params.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { productPhotoUrl } from '~/components/catalogue/product-image.tsx'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import {
  fieldErrorsOf,
  packFields,
  packOf,
  priceOf,
  PRODUCT_TEXT_FIELDS,
  productTextsOf,
} from '~/utils/product-forms.server.ts'
import { PackFields, ProductTextFields } from '~/components/admin/product-fields.tsx'

const PHOTO_MAX_BYTES = 8 * 1024 * 1024
import type { Route } from './+types/product-edit'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.products.edit')

/**
 * docs/product/back-office.md (Products): admin edits a product's texts, each pack's price per
 * country and its stock per branch; the shop shows each change at once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  if (session.data.user?.role !== 'admin') throw data(null, { status: 403 })
  const id = recordId(params.id)
  try {
    const product = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).deskProduct(token, id),
    )
    return { ...pageMessages(params, ['validation']), product: product as ProductDeskProduct }
  } catch (error) {
    throw data(null, { status: readRefusal(error).init.status })
  }
}

type Answer = FormAnswer & { form?: string }

/** The row a form is for: its pack, branch and the stock the admin saw; whether to hide. */
const RowForm = z.object({
  pack_id: z.string(),
  branch_id: z.string(),
  expected: z.string(),
  hidden: z.string(),
})
/** A new photo: a file chosen (the API judges its kind and size). */
const PhotoForm = z.object({ photo: z.instanceof(File).refine((f) => f.size > 0) })
/** A price in the shop's money, or empty: not sold in that country. */
const Price = z.string().transform((text, ctx) => {
  const minor = priceOf(text)
  if (minor === undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.priceFormat' })
    return z.NEVER
  }
  return minor
})
const PricesForm = z.object({ price_my: Price, price_th: Price })
const StockForm = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, 'validation.stockFormat')
    .transform(Number),
})
const TextFields = z.record(z.string(), z.union([z.string(), z.boolean()]))
const PackForm = TextFields.transform((fields) => packOf(fields)).pipe(PackCreateSchema)
const TextsForm = TextFields.transform(productTextsOf).pipe(ProductEditSchema)

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const id = recordId(params.id)
  // A photo is at most 8 MB; a little more is read so the answer can say so.
  const formData = await readFormUpTo(request, PHOTO_MAX_BYTES + 64 * 1024)
  if (!formData)
    return data<Answer>({ fieldErrors: { photo: 'validation.photoLarge' }, form: 'photo' }, 413)
  const intent = formIntent(formData, [
    'photo',
    'prices',
    'stock',
    'remove-photo',
    'visibility',
    'pack',
  ])
  const row = parseForm(RowForm, formData, ['pack_id', 'branch_id', 'expected', 'hidden'])
  if (!row.ok) return data<Answer>({ formError: { key: 'admin.users.failed' } }, 400)
  const packId = Number(row.data.pack_id)
  // What the form sent, to refill it after a refusal.
  let values = row.values
  const refused = (fieldErrors: Record<string, string>, formKey: string) =>
    data<Answer>({ fieldErrors, values, form: formKey }, 400)
  try {
    if (intent === 'photo') {
      const form = parseForm(PhotoForm, formData, { photo: 'file' })
      if (!form.ok) return refused({ photo: 'validation.photoType' }, 'photo')
      const file = form.data.photo
      const bytes = new Uint8Array(await file.arrayBuffer())
      await withUserToken({ session, locale }, (token) =>
        api.setProductPhoto(token, id, bytes, file.type || 'application/octet-stream'),
      )
    } else if (intent === 'prices') {
      const form = parseForm(PricesForm, formData, ['price_my', 'price_th'])
      values = { ...values, ...form.values }
      if (!form.ok) return refused(form.fieldErrors, `prices-${packId}`)
      const { price_my, price_th } = form.data
      await withUserToken({ session, locale }, (token) =>
        api.setPackPrices(token, id, packId, {
          price_my_minor: price_my,
          price_th_minor: price_th,
        }),
      )
    } else if (intent === 'stock') {
      const form = parseForm(StockForm, formData, ['quantity'])
      values = { ...values, ...form.values }
      if (!form.ok) return refused(form.fieldErrors, `stock-${packId}-${row.data.branch_id}`)
      const { quantity } = form.data
      await withUserToken({ session, locale }, (token) =>
        api.setPackStock(token, id, packId, {
          branch_id: Number(row.data.branch_id),
          quantity,
          expected: Number(row.data.expected),
        }),
      )
    } else if (intent === 'remove-photo') {
      await withUserToken({ session, locale }, (token) => api.removeProductPhoto(token, id))
    } else if (intent === 'visibility') {
      await withUserToken({ session, locale }, (token) =>
        api.setProductHidden(token, id, row.data.hidden === 'true'),
      )
    } else if (intent === 'pack') {
      const form = parseForm(PackForm, formData, packFields())
      values = { ...values, ...form.values }
      if (!form.ok) return refused(fieldErrorsOf(form.fieldErrors), 'pack')
      const pack = form.data
      await withUserToken({ session, locale }, (token) => api.addPack(token, id, pack))
    } else {
      const form = parseForm(TextsForm, formData, PRODUCT_TEXT_FIELDS)
      values = { ...values, ...form.values }
      if (!form.ok) return refused(fieldErrorsOf(form.fieldErrors), 'texts')
      const texts = form.data
      await withUserToken({ session, locale }, (token) => api.editProduct(token, id, texts))
    }
  } catch (error) {
    const refusal = readRefusal(error)
    const photoError = refusal.error.errors.find((e) => e.field === 'photo')?.message
    const tooLarge = refusal.code === 'BODY_TOO_LARGE' || refusal.code === 'UPLOAD_TOO_LARGE'
    if (intent === 'photo' && (photoError || tooLarge))
      return refused({ photo: photoError ?? 'validation.photoLarge' }, 'photo')
    const skuError = refusal.error.errors.find((e) => e.field === 'sku')?.message
    if (intent === 'pack' && skuError) return refused({ sku: skuError }, 'pack')
    return data<Answer>(
      {
        values,
        formError:
          refusal.code === 'CONFLICT'
            ? { key: 'admin.products.stockChanged' }
            : (refusal.message ?? { key: 'admin.users.failed' }),
      },
      refusal.init,
    )
  }
  session.update({ flash: { kind: 'success', messageKey: 'admin.products.saved' } })
  return redirect(localePath(locale, `/admin/products/${id}`), 303)
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const { product } = loaderData
  const answer = actionData as Answer | undefined
  const errorsOf = (form: string) => (answer?.form === form ? (answer.fieldErrors ?? {}) : {})
  const valueOf = (form: string, name: string, fallback: string) =>
    answer?.form === form ? (answer.values?.[name] ?? fallback) : fallback
  const major = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2))
  const texts = errorsOf('texts')
  return (
    <section className="admin-page">
      <p className="link-line">
        <Link to={localePath(locale, '/admin/products')}>← {t('admin.products.title')}</Link>
      </p>
      <h1>{localizedText(product.name, locale)}</h1>
      <p className="link-line">
        <Link to={localePath(locale, `/products/${product.id}`)}>{t('admin.products.inShop')}</Link>
      </p>
      {answer?.formError ? <FormAlert message={answer.formError} /> : null}
      <Form method="post" className="card form">
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="hidden" value={product.hidden ? 'false' : 'true'} />
        <p>{t(product.hidden ? 'admin.products.isHidden' : 'admin.products.isShown')}</p>
        <button type="submit" className={product.hidden ? 'button' : 'button danger'}>
          {t(product.hidden ? 'admin.products.show' : 'admin.products.hide')}
        </button>
      </Form>

      <h2>{t('admin.products.photo')}</h2>
      <Form method="post" encType="multipart/form-data" className="card form admin-form">
        <input type="hidden" name="intent" value="photo" />
        {product.photo ? (
          <img
            src={productPhotoUrl(product.photo, 160)}
            srcSet={`${productPhotoUrl(product.photo, 320)} 2x`}
            width={160}
            height={160}
            alt={t('admin.products.currentPhoto')}
          />
        ) : (
          <p className="hint">{t('admin.products.noPhoto')}</p>
        )}
        <TextField
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          label={t('admin.products.newPhoto')}
          hint={t('admin.products.photoHint')}
          error={errorsOf('photo').photo}
        />
        <button type="submit" className="button">
          {t('admin.products.uploadPhoto')}
        </button>
      </Form>
      {product.photo ? (
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="remove-photo" />
          <button type="submit" className="button danger">
            {t('admin.products.removePhoto')}
          </button>
        </Form>
      ) : null}

      <h2>{t('admin.products.packs')}</h2>
      {product.packs.map((pack) => {
        const prices = errorsOf(`prices-${pack.id}`)
        return (
          <div key={pack.id} className="card admin-pack">
            <h3>
              {localizedText(pack.label, locale)} · {pack.sku}
            </h3>
            <Form method="post" className="admin-filters">
              <input type="hidden" name="intent" value="prices" />
              <input type="hidden" name="pack_id" value={pack.id} />
              <TextField
                id={`price-my-${pack.id}`}
                name="price_my"
                inputMode="decimal"
                label={t('admin.products.priceMy')}
                defaultValue={valueOf(`prices-${pack.id}`, 'price_my', major(pack.price_my_minor))}
                error={prices.price_my}
              />
              <TextField
                id={`price-th-${pack.id}`}
                name="price_th"
                inputMode="decimal"
                label={t('admin.products.priceTh')}
                defaultValue={valueOf(`prices-${pack.id}`, 'price_th', major(pack.price_th_minor))}
                error={prices.price_th}
              />
              <button type="submit" className="button">
                {t('admin.products.savePrices')}
              </button>
            </Form>
            <details>
              <summary>{t('admin.products.stock')}</summary>
              <table className="admin-table">
                <tbody>
                  {pack.stock.map((s) => {
                    const key = `stock-${pack.id}-${s.branch_id}`
                    return (
                      <tr key={s.branch_id}>
                        <th scope="row">{localizedText(s.branch_name, locale)}</th>
                        <td>
                          <Form method="post" className="admin-stock-form">
                            <input type="hidden" name="intent" value="stock" />
                            <input type="hidden" name="pack_id" value={pack.id} />
                            <input type="hidden" name="branch_id" value={s.branch_id} />
                            <input type="hidden" name="expected" value={s.quantity} />
                            <input
                              name="quantity"
                              inputMode="numeric"
                              aria-label={t('admin.products.countAt', {
                                branch: localizedText(s.branch_name, locale),
                              })}
                              defaultValue={valueOf(key, 'quantity', String(s.quantity))}
                              aria-invalid={errorsOf(key).quantity ? true : undefined}
                              size={6}
                            />
                            <button type="submit" className="button secondary">
                              {t('admin.products.saveCount')}
                            </button>
                          </Form>
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </details>
          </div>
        )
      })}

      <Form method="post" className="card form admin-form">
        <h3>{t('admin.products.addPack')}</h3>
        <input type="hidden" name="intent" value="pack" />
        <PackFields
          value={(name, fallback) => valueOf('pack', name, fallback)}
          errors={errorsOf('pack')}
        />
        <button type="submit" className="button secondary">
          {t('admin.products.addPack')}
        </button>
      </Form>

      <h2>{t('admin.products.texts')}</h2>
      <Form method="post" className="card form admin-form" noValidate>
        <input type="hidden" name="intent" value="texts" />
        <ProductTextFields
          product={product}
          value={(name, fallback) => valueOf('texts', name, fallback)}
          errors={texts}
        />
        <button type="submit" className="button">
          {t('admin.products.saveTexts')}
        </button>
      </Form>
    </section>
  )
}
