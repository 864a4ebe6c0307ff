import { data, Form, Link, redirect } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import {
  PackCreateSchema,
  ProductEditSchema,
  type ProductDeskProduct,
} from '@padi/domain/catalogue/product-desk-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { recordId } from '~/utils/route-params.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { productPhotoUrl } from '~/components/catalogue/product-image.tsx'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { fieldErrorsOf, packOf, priceOf, productTextsOf } from '~/utils/product-forms.server.ts'
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
    const refusal = readRefusal(error)
    throw data(null, { status: refusal.error.statusCode === 404 ? 404 : refusal.init.status })
  }
}

type Answer = FormAnswer & { form?: string }

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const id = recordId(params.id)
  // A photo is at most 8 MB; a little more is read so the answer can say so.
  const form = await readFormUpTo(request, PHOTO_MAX_BYTES + 64 * 1024)
  if (!form)
    return data<Answer>({ fieldErrors: { photo: 'validation.photoLarge' }, form: 'photo' }, 413)
  const text = (name: string) => String(form.get(name) ?? '')
  const intent = text('intent')
  const packId = Number(text('pack_id'))
  const values = Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, String(v)]),
  )
  const refused = (fieldErrors: Record<string, string>, formKey: string) =>
    data<Answer>({ fieldErrors, values, form: formKey }, 400)
  try {
    if (intent === 'photo') {
      const file = form.get('photo')
      if (!(file instanceof File) || file.size === 0)
        return refused({ photo: 'validation.photoType' }, 'photo')
      const bytes = new Uint8Array(await file.arrayBuffer())
      await withUserToken({ session, locale }, (token) =>
        api.setProductPhoto(token, id, bytes, file.type || 'application/octet-stream'),
      )
    } else if (intent === 'prices') {
      const my = priceOf(text('price_my'))
      const th = priceOf(text('price_th'))
      if (my === undefined || th === undefined)
        return refused(
          {
            ...(my === undefined ? { price_my: 'validation.priceFormat' } : {}),
            ...(th === undefined ? { price_th: 'validation.priceFormat' } : {}),
          },
          `prices-${packId}`,
        )
      await withUserToken({ session, locale }, (token) =>
        api.setPackPrices(token, id, packId, { price_my_minor: my, price_th_minor: th }),
      )
    } else if (intent === 'stock') {
      const quantity = text('quantity').trim()
      if (!/^\d{1,7}$/.test(quantity))
        return refused(
          { quantity: 'validation.stockFormat' },
          `stock-${packId}-${text('branch_id')}`,
        )
      await withUserToken({ session, locale }, (token) =>
        api.setPackStock(token, id, packId, {
          branch_id: Number(text('branch_id')),
          quantity: Number(quantity),
          expected: Number(text('expected')),
        }),
      )
    } else if (intent === 'remove-photo') {
      await withUserToken({ session, locale }, (token) => api.removeProductPhoto(token, id))
    } else if (intent === 'visibility') {
      await withUserToken({ session, locale }, (token) =>
        api.setProductHidden(token, id, text('hidden') === 'true'),
      )
    } else if (intent === 'pack') {
      const parsed = PackCreateSchema.safeParse(packOf(form))
      if (!parsed.success) return refused(fieldErrorsOf(parsed.error.issues), 'pack')
      await withUserToken({ session, locale }, (token) => api.addPack(token, id, parsed.data))
    } else {
      const parsed = ProductEditSchema.safeParse(productTextsOf(form))
      if (!parsed.success) return refused(fieldErrorsOf(parsed.error.issues), 'texts')
      await withUserToken({ session, locale }, (token) => api.editProduct(token, id, parsed.data))
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const refusal = readRefusal(error)
    const photoError = error.errors.find((e) => e.field === 'photo')?.message
    if (intent === 'photo' && (photoError || error.statusCode === 413))
      return refused({ photo: photoError ?? 'validation.photoLarge' }, 'photo')
    const skuError = error.errors.find((e) => e.field === 'sku')?.message
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
