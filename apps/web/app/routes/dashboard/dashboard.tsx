import { data, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import {
  creditApplicationStatus,
  type CreditApplicationStatus,
} from '@padi/domain/kyc/kyc-application'
import type { CreditRecord } from '@padi/domain/credit/credit-schemas'
import type { KycAnswer } from '@padi/domain/kyc/kyc-schemas'
import type { Order } from '@padi/domain/orders/order-schemas'
import type { Receipt } from '@padi/domain/repayments/receipt-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { OrderStatusPill, useOrderDate } from '~/components/orders/order-details.tsx'
import ordersCss from '~/components/orders/orders.css?url'
import dashboardCss from '~/components/dashboard/dashboard.css?url'
import type { CounterTransaction, Voucher } from '@padi/domain/vouchers/voucher-schemas'
import { VoucherTab } from '~/components/vouchers/voucher-tab.tsx'
import vouchersCss from '~/components/vouchers/vouchers.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/dashboard'

export const handle: StyleHandle = { css: [ordersCss, dashboardCss, vouchersCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'dashboard.title', 'dashboard.description')

/** The dashboard's tabs (docs/product/credit.md): credit, and the vouchers. */
const TABS = ['credit', 'voucher'] as const
type Tab = (typeof TABS)[number]
/** docs/product/credit.md: the repayments list's filters. */
const REPAYMENT_FILTERS = ['all', 'approved', 'pending', 'rejected'] as const
type RepaymentFilter = (typeof REPAYMENT_FILTERS)[number]
/** The latest orders shown here; the whole history is on /orders. */
const RECENT_ORDERS = 5

/** docs/product/credit.md: the farmer's credit at a glance, where their application is, their orders. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const url = new URL(request.url)
  const tab: Tab = TABS.find((t) => t === url.searchParams.get('tab')) ?? 'credit'
  const repayments: RepaymentFilter =
    REPAYMENT_FILTERS.find((f) => f === url.searchParams.get('repayments')) ?? 'all'
  const messages = pageMessages(params, ['dashboard', 'orders', 'vouchers'])
  const ctx = { session, locale }
  try {
    // Four reads at once: on a slow network the page waits for the slowest, not for their sum.
    const [credits, kyc, orders, receipts, vouchers, transactions] = await Promise.all([
      withUserToken(ctx, (token) => api.credits(token)),
      withUserToken(ctx, (token) => api.kyc(token)),
      withUserToken(ctx, (token) => api.orders(token)),
      withUserToken(ctx, (token) =>
        api.receipts(token, repayments === 'all' ? undefined : repayments),
      ),
      // docs/product/vouchers.md: only the voucher tab shows them.
      tab === 'voucher' ? withUserToken(ctx, (token) => api.myVouchers(token)) : [],
      tab === 'voucher' ? withUserToken(ctx, (token) => api.myTransactions(token)) : [],
    ])
    const line = credits[0] ?? null
    const status = statusOf(kyc, line)
    return {
      ...messages,
      tab,
      repayments,
      line,
      status,
      // What the line lends now: nothing while suspended or after it has run out.
      spendable:
        line !== null &&
        !line.is_suspended &&
        line.state === 'active' &&
        Date.parse(line.expires_at) > Date.now(),
      // A rejected farmer may apply again now, or only from this day ('submit again later').
      applyAgainFrom: kyc.may_apply ? null : kyc.can_resubmit_at,
      reason: kyc.application?.decision_reason ?? null,
      orders: orders.slice(0, RECENT_ORDERS),
      moreOrders: orders.length > RECENT_ORDERS,
      receipts,
      vouchers,
      transactions,
      failed: false,
    }
  } catch (error) {
    return data(
      {
        ...messages,
        tab,
        repayments,
        line: null as CreditRecord | null,
        status: 'none' as CreditApplicationStatus,
        spendable: false,
        applyAgainFrom: null as string | null,
        reason: null as string | null,
        orders: [] as Order[],
        moreOrders: false,
        receipts: [] as Receipt[],
        vouchers: [] as Voucher[],
        transactions: [] as CounterTransaction[],
        failed: true,
      },
      readRefusal(error).init,
    )
  }
}

function statusOf(kyc: KycAnswer, line: CreditRecord | null): CreditApplicationStatus {
  return creditApplicationStatus(
    kyc.application?.state ?? null,
    line
      ? {
          state: line.is_suspended ? 'suspended' : line.state,
          expiresAt: new Date(line.expires_at),
        }
      : null,
    new Date(),
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const { tab } = loaderData
  const base = localePath(locale, '/dashboard')
  return (
    <section className="dashboard-page">
      <h1>{t('dashboard.title')}</h1>
      <nav className="order-filters" aria-label={t('dashboard.tabsLabel')}>
        {TABS.map((k) => (
          <Link
            key={k}
            to={k === 'credit' ? base : `${base}?tab=${k}`}
            aria-current={k === tab ? 'page' : undefined}
            className="order-filter"
          >
            {t(`dashboard.tabs.${k}`)}
          </Link>
        ))}
      </nav>
      {loaderData.failed ? (
        <div className="form-error" role="alert">
          <p>{t('dashboard.loadFailed')}</p>
          <Link to={base}>{t('orders.retry')}</Link>
        </div>
      ) : tab === 'voucher' ? (
        <VoucherTab vouchers={loaderData.vouchers} transactions={loaderData.transactions} />
      ) : (
        <CreditTab data={loaderData} />
      )}
    </section>
  )
}

type CreditData = Route.ComponentProps['loaderData']

/**
 * docs/product/credit.md (Late fees): the next fee is shown from a month before the due date on,
 * when it is close enough to act on; earlier it would only worry.
 */
function lateFeeSoon(dueAt: string | null): boolean {
  return dueAt !== null && Date.parse(dueAt) - Date.now() <= 31 * 86_400_000
}

function CreditTab({ data }: { data: CreditData }) {
  const { t, locale, money, date } = useI18n()
  const orderDate = useOrderDate()
  const { line, status } = data
  const amount = (m: { amount_minor: number; currency: 'MYR' | 'THB' }) =>
    money(m.amount_minor, m.currency)
  const overdue = line && line.overdue_account.total_due.amount_minor > 0
  const { spendable } = data
  return (
    <>
      <section className="card dashboard-status" aria-labelledby="dashboard-status-title">
        <h2 id="dashboard-status-title">{t('dashboard.status.title')}</h2>
        <p className={`dashboard-status-value dashboard-status-${status}`}>
          {t(`dashboard.status.${status}`)}
        </p>
        <StatusAction status={status} applyAgainFrom={data.applyAgainFrom} reason={data.reason} />
      </section>

      {line ? (
        <>
          {overdue ? (
            <div className="form-error" role="alert">
              <p>
                {t('dashboard.overdue', {
                  amount: amount(line.overdue_account.total_due),
                  date: line.due_at ? date(line.due_at) : '',
                })}
              </p>
            </div>
          ) : null}
          {line.is_suspended ? (
            <div className="form-error" role="alert">
              <p>{t('security.creditSuspended.details')}</p>
              {status !== 'incomplete_contract' ? (
                <p>
                  <Link to={localePath(locale, '/renew-contract')}>
                    {t('dashboard.status.renew')}
                  </Link>
                </p>
              ) : null}
            </div>
          ) : null}
          <section className="card" aria-labelledby="dashboard-credit-title">
            <h2 id="dashboard-credit-title">{t('dashboard.credit.title')}</h2>
            <dl className="dashboard-figures">
              <div className="dashboard-figure dashboard-figure-main">
                <dt>{t('dashboard.credit.available')}</dt>
                {/* docs/product/credit.md: a suspended or expired line lends nothing until the
                    contract is renewed; what it will lend again is said beside the nought. */}
                {spendable ? (
                  <dd>{amount(line.available_credits)}</dd>
                ) : (
                  <dd>
                    {amount({ amount_minor: 0, currency: line.available_credits.currency })}
                    <span className="hint dashboard-after-renewal">
                      {t('dashboard.credit.afterRenewal', {
                        amount: amount(line.available_credits),
                      })}
                    </span>
                  </dd>
                )}
              </div>
              <div className="dashboard-figure">
                <dt>{t('dashboard.credit.approved')}</dt>
                <dd>{amount(line.approved_credits)}</dd>
              </div>
              <div className="dashboard-figure">
                <dt>{t('dashboard.credit.utilised')}</dt>
                <dd>{amount(line.utilised_credits)}</dd>
              </div>
            </dl>
            <meter
              className="dashboard-meter"
              min={0}
              max={Math.max(1, line.approved_credits.amount_minor)}
              value={line.utilised_credits.amount_minor}
              aria-label={t('dashboard.credit.utilised')}
            />
          </section>
          <section className="card" aria-labelledby="dashboard-owed-title">
            <h2 id="dashboard-owed-title">{t('dashboard.owed.title')}</h2>
            <dl className="dashboard-lines">
              <div>
                <dt>{t('dashboard.owed.principal')}</dt>
                <dd>{amount(line.outstanding.principal)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.owed.interest')}</dt>
                <dd>{amount(line.outstanding.interest)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.owed.lateFee')}</dt>
                <dd>{amount(line.outstanding.late_fee)}</dd>
              </div>
              <div className="dashboard-total">
                <dt>{t('dashboard.owed.total')}</dt>
                <dd>{amount(line.outstanding.total)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.owed.dueDate')}</dt>
                <dd>{line.due_at ? date(line.due_at) : t('dashboard.owed.noDueDate')}</dd>
              </div>
              <div>
                <dt>{t('dashboard.owed.overdue')}</dt>
                <dd>{amount(line.overdue_account.total_due)}</dd>
              </div>
            </dl>
            {line.late_fee_preview && lateFeeSoon(line.due_at) ? (
              <p className="notice">
                {t('dashboard.owed.lateFeePreview', {
                  amount: amount(line.late_fee_preview.fee),
                  date: date(line.late_fee_preview.at),
                })}
              </p>
            ) : null}
            {line.outstanding.total.amount_minor > 0 ? (
              <Link className="button" to={localePath(locale, '/repay')}>
                {t('dashboard.owed.repay')}
              </Link>
            ) : null}
          </section>
        </>
      ) : null}

      <section className="card" aria-labelledby="dashboard-orders-title">
        <h2 id="dashboard-orders-title">{t('dashboard.orders.title')}</h2>
        {data.orders.length === 0 ? (
          <p>{t('orders.none')}</p>
        ) : (
          <ul className="order-list">
            {data.orders.map((o) => (
              <li key={o.id} className="order-row">
                <Link to={localePath(locale, `/orders/${o.id}`)} className="order-row-link">
                  <span className="order-row-top">
                    <strong>{o.number}</strong>
                    <OrderStatusPill status={o.status} />
                  </span>
                  <span className="hint">
                    {orderDate(o)} · {t(`orders.payment.${o.payment}`)}
                  </span>
                  <span className="order-row-total">
                    {money(o.total.amount_minor, o.total.currency)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="link-line">
          <Link to={localePath(locale, '/orders')}>{t('dashboard.orders.all')}</Link>
        </p>
      </section>

      <section className="card" aria-labelledby="dashboard-repayments-title">
        <h2 id="dashboard-repayments-title">{t('dashboard.repayments.title')}</h2>
        <nav className="order-filters" aria-label={t('dashboard.repayments.filterLabel')}>
          {REPAYMENT_FILTERS.map((f) => (
            <Link
              key={f}
              to={f === 'all' ? localePath(locale, '/dashboard') : `?repayments=${f}`}
              aria-current={f === data.repayments ? 'page' : undefined}
              className="order-filter"
              preventScrollReset
            >
              {t(`dashboard.repayments.filters.${f}`)}
            </Link>
          ))}
        </nav>
        {data.receipts.length === 0 ? (
          <p>{t('dashboard.repayments.none')}</p>
        ) : (
          <ul className="order-list">
            {data.receipts.map((r) => (
              <li key={r.id} className="order-row dashboard-receipt">
                <span className="order-row-top">
                  <strong>{money(r.amount.amount_minor, r.amount.currency)}</strong>
                  <span className={`order-status receipt-status-${r.status}`}>
                    {t(`dashboard.repayments.filters.${r.status}`)}
                  </span>
                </span>
                <span className="hint">
                  {date(r.paid_on)} · {t(`dashboard.repayments.methods.${r.method}`)} · {r.bank} ·{' '}
                  {r.reference}
                </span>
                {r.status === 'rejected' && r.decision_reason ? (
                  <span>{t('dashboard.status.reason', { reason: r.decision_reason })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {line ? (
          <p>
            <Link className="button secondary" to={localePath(locale, '/receipt')}>
              {t('dashboard.repayments.upload')}
            </Link>
          </p>
        ) : null}
      </section>
    </>
  )
}

function StatusAction({
  status,
  applyAgainFrom,
  reason,
}: {
  status: CreditApplicationStatus
  applyAgainFrom: string | null
  reason: string | null
}) {
  const { t, locale, date } = useI18n()
  switch (status) {
    case 'none':
      return (
        <Link className="button" to={localePath(locale, '/kyc')}>
          {t('dashboard.status.apply')}
        </Link>
      )
    case 'insufficient_documents':
      return (
        <>
          {reason ? <p>{t('dashboard.status.note', { note: reason })}</p> : null}
          <Link className="button" to={`${localePath(locale, '/kyc')}?step=3`}>
            {t('dashboard.status.addDocuments')}
          </Link>
        </>
      )
    case 'rejected':
      return (
        <>
          {reason ? <p>{t('dashboard.status.reason', { reason })}</p> : null}
          {applyAgainFrom ? (
            <p>{t('dashboard.status.applyAgainFrom', { date: date(applyAgainFrom) })}</p>
          ) : (
            <Link className="button" to={localePath(locale, '/kyc')}>
              {t('dashboard.status.applyAgain')}
            </Link>
          )}
        </>
      )
    case 'in_review':
      return <p className="hint">{t('dashboard.status.inReviewHint')}</p>
    case 'completed':
      return (
        <Link className="button" to={localePath(locale, '/products')}>
          {t('dashboard.status.shop')}
        </Link>
      )
    case 'incomplete_contract':
      return (
        <>
          <p>{t('security.creditSuspended.details')}</p>
          <Link className="button" to={localePath(locale, '/renew-contract')}>
            {t('dashboard.status.renew')}
          </Link>
        </>
      )
  }
}
