import { data, Form, Link } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { ProductDeskList } from '@padi/domain/catalogue/product-desk-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/product-list'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.products.title')

/** docs/product/back-office.md (Products): find a product by name or brand (admin). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  if (session.data.user?.role !== 'admin') throw data(null, { status: 403 })
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 60)
  const after = /^[1-9]\d{0,9}$/.test(url.searchParams.get('after') ?? '')
    ? Number(url.searchParams.get('after'))
    : undefined
  try {
    const list = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).deskProducts(token, { q: q || undefined, after }),
    )
    return { q, list: list as ProductDeskList | null }
  } catch (error) {
    return data({ q, list: null }, readRefusal(error).init)
  }
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const { q, list } = loaderData
  return (
    <section className="admin-page">
      <h1>{t('admin.products.title')}</h1>
      <p>
        <Link className="button" to={localePath(locale, '/admin/products/new')}>
          {t('admin.products.new')}
        </Link>
      </p>
      <Form method="get" className="admin-filters card" role="search">
        <label>
          {t('admin.products.search')}
          <input type="search" name="q" defaultValue={q} maxLength={60} />
        </label>
        <button type="submit" className="button">
          {t('admin.users.find')}
        </button>
      </Form>
      {!list ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="card">{t('admin.products.none')}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.products.name')}</th>
                <th scope="col">{t('admin.products.brand')}</th>
                <th scope="col">{t('admin.products.fromMy')}</th>
                <th scope="col">{t('admin.products.fromTh')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={localePath(locale, `/admin/products/${p.id}`)}>
                      {localizedText(p.name, locale)}
                    </Link>
                  </td>
                  <td>{p.brand}</td>
                  <td>{p.price_from_my === null ? '—' : money(p.price_from_my, 'MYR')}</td>
                  <td>{p.price_from_th === null ? '—' : money(p.price_from_th, 'THB')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list?.next_after ? (
        <p>
          <Link
            className="button secondary"
            to={`?${new URLSearchParams({ ...(q ? { q } : {}), after: String(list.next_after) })}`}
          >
            {t('admin.products.more')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
