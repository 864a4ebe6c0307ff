import { data, Form, Link } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_TYPES } from '@padi/domain/orders/order-rules'
import { OrderDeskQuerySchema, type OrderDeskList } from '@padi/domain/orders/order-desk-schemas'
import type { Branch } from '@padi/domain/branches/schemas'
import { apiContext } from '~/utils/context.server.ts'
import type { DeskOrdersApiQuery } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { DayRangeFields } from '~/components/admin/day-range-fields.tsx'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { OrderStatusPill } from '~/components/orders/order-details.tsx'
import ordersCss from '~/components/orders/orders.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/order-list'

export const handle: StyleHandle = { css: [ordersCss] }
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.orders.title')

const FILTERS = ['status', 'branch_id', 'payment', 'fulfilment', 'from', 'to', 'q'] as const

/**
 * docs/product/back-office.md (Orders): every order, newest first, with filters that are a plain
 * GET form (they work without scripts and a filtered list can be bookmarked or shared). Staff
 * reach the same page under /staff and see their own branch's orders only (the API decides).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const url = new URL(request.url)
  const staff = /^\/[a-z]+\/staff\//.test(url.pathname)
  const filters = Object.fromEntries(
    FILTERS.map((f) => [f, url.searchParams.get(f)?.trim() ?? '']),
  ) as Record<(typeof FILTERS)[number], string>
  // The API's own rule for the filters, checked here so the call is typed by the document; a
  // filter it refuses is said on the page as the API would (400, "check the filters").
  const parsed = OrderDeskQuerySchema.safeParse(
    Object.fromEntries(
      [...Object.entries(filters), ['cursor', url.searchParams.get('cursor') ?? '']].filter(
        ([, v]) => v !== '',
      ),
    ),
  )
  const messages = pageMessages(params, ['orders'])
  const base = staff ? '/staff/orders' : '/admin/orders'
  // The branches for the filter come whatever the list answers, so a refused list keeps its
  // filters on the page.
  const branches = staff ? Promise.resolve([] as Branch[]) : api.listBranches().catch(() => [])
  const load = (q: DeskOrdersApiQuery) =>
    withUserToken({ session, locale }, (token) => api.deskOrders(token, q))
  /** The page with its filters and no list, saying why. */
  const refused = async (failed: string, init: ResponseInit) =>
    data(
      {
        ...messages,
        list: null as OrderDeskList | null,
        branches: await branches,
        filters,
        base,
        failed,
        notice: '',
      },
      init,
    )
  if (!parsed.success) return refused('admin.orders.badFilter', { status: 400 })
  const query = parsed.data
  try {
    let list: OrderDeskList
    let notice = ''
    try {
      list = await load(query)
    } catch (error) {
      // docs/product/back-office.md (Orders): a page marker that is not valid (broken, forged,
      // from an older version) starts the list again, with the same filters, and says so.
      if (readRefusal(error).code !== 'CURSOR_INVALID' || !query.cursor) throw error
      const { cursor: _dropped, ...rest } = query
      list = await load(rest)
      notice = 'admin.orders.restarted'
    }
    return {
      ...messages,
      list,
      branches: await branches,
      filters,
      base,
      failed: '',
      notice,
    }
  } catch (error) {
    const refusal = readRefusal(error)
    // Staff asking for another branch are told why, not to try again.
    return refused(
      refusal.code === 'BRANCH_NOT_YOURS'
        ? 'admin.orders.ownBranchOnly'
        : refusal.code === 'VALIDATION_FAILED'
          ? 'admin.orders.badFilter'
          : 'admin.loadFailed',
      refusal.init,
    )
  }
}

export default function OrderList({ loaderData }: Route.ComponentProps) {
  const { t, locale, money, moment } = useI18n()
  const { list, branches, filters, base, failed, notice } = loaderData
  const next = list?.next_cursor
    ? `?${new URLSearchParams({
        ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
        cursor: list.next_cursor,
      })}`
    : null
  return (
    <section className="admin-page">
      <h1>{t('admin.orders.title')}</h1>
      <Form method="get" className="admin-filters card" aria-label={t('admin.orders.filters')}>
        <Choice name="status" value={filters.status} label={t('orders.fields.status')}>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </Choice>
        {branches.length > 0 ? (
          <Choice name="branch_id" value={filters.branch_id} label={t('admin.orders.branch')}>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {localizedText(b.name, locale)}
              </option>
            ))}
          </Choice>
        ) : null}
        <Choice name="payment" value={filters.payment} label={t('orders.fields.payment')}>
          {PAYMENT_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`orders.payment.${p}`)}
            </option>
          ))}
        </Choice>
        <Choice name="fulfilment" value={filters.fulfilment} label={t('orders.fields.fulfilment')}>
          {FULFILMENTS.map((f) => (
            <option key={f} value={f}>
              {t(`orders.fulfilment.${f}`)}
            </option>
          ))}
        </Choice>
        <DayRangeFields from={filters.from} to={filters.to} />
        <label>
          {t('admin.orders.number')}
          <input type="search" name="q" defaultValue={filters.q} maxLength={40} />
        </label>
        <button type="submit" className="button">
          {t('admin.orders.apply')}
        </button>
        <Link className="button secondary" to={localePath(locale, base)}>
          {t('admin.orders.clear')}
        </Link>
      </Form>
      {notice ? (
        <p className="notice" role="status">
          {t(notice)}
        </p>
      ) : null}
      {failed ? (
        <div className="form-error" role="alert">
          <p>{t(failed)}</p>
          {failed === 'admin.orders.ownBranchOnly' ? (
            <p>
              <Link to={localePath(locale, base)}>{t('admin.orders.ownBranchLink')}</Link>
            </p>
          ) : null}
        </div>
      ) : !list || list.data.length === 0 ? (
        <p className="card">{t('admin.orders.none')}</p>
      ) : (
        // Eight columns do not fit a phone: the table scrolls inside its box, not the page.
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('orders.fields.number')}</th>
                <th scope="col">{t('orders.fields.date')}</th>
                <th scope="col">{t('admin.orders.customer')}</th>
                <th scope="col">{t('admin.orders.branch')}</th>
                <th scope="col">{t('orders.fields.payment')}</th>
                <th scope="col">{t('orders.fields.fulfilment')}</th>
                <th scope="col">{t('orders.fields.status')}</th>
                <th scope="col">{t('admin.orders.total')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={localePath(locale, `${base}/${o.id}`)}>{o.number}</Link>
                  </td>
                  <td>{moment(o.created_at, marketOfCurrency(o.total.currency))}</td>
                  <td>{o.customer.full_name}</td>
                  <td>{localizedText(o.branch.name, locale)}</td>
                  <td>{t(`orders.payment.${o.payment}`)}</td>
                  <td>
                    {t(`orders.fulfilment.${o.fulfilment}`)}
                    {o.fulfilment === 'delivery' && !o.tracking_url && o.status === 'paid' ? (
                      <> · {t('admin.orders.toShip')}</>
                    ) : null}
                  </td>
                  <td>
                    <OrderStatusPill status={o.status} />
                  </td>
                  <td>{money(o.total.amount_minor, o.total.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <Link className="button secondary" to={next}>
            {t('admin.orders.more')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}

/** A filter's drop-down; its first choice is 'all'. */
function Choice({
  name,
  value,
  label,
  children,
}: {
  name: string
  value: string
  label: string
  children: React.ReactNode
}) {
  const { t } = useI18n()
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        <option value="">{t('admin.orders.all')}</option>
        {children}
      </select>
    </label>
  )
}
