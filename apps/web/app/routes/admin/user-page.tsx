import { data, Form, Link, redirect } from 'react-router'
import { formatDay } from '@padi/domain/dates'
import { marketOfCurrency } from '@padi/domain/markets'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import { STAFF_ROLES } from '@padi/domain/auth/roles'
import { StaffAssignmentSchema, type UserOverview } from '@padi/domain/auth/user-desk-schemas'
import type { Branch } from '@padi/domain/branches/schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { recordId } from '~/utils/route-params.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { OrderStatusPill } from '~/components/orders/order-details.tsx'
import ordersCss from '~/components/orders/orders.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/user-page'

export const handle: StyleHandle = { css: [ordersCss] }
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.users.person')

/**
 * docs/product/back-office.md (Users): one person on one page: profile, credit, KYC, orders,
 * vouchers and transactions; suspend or reactivate (finance, admin); a staff member's role and
 * branch (admin).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const id = recordId(params.id)
  try {
    const [overview, branches] = await Promise.all([
      withUserToken({ session, locale }, (token) => api.userOverview(token, id)),
      api.listBranches(),
    ])
    return {
      ...pageMessages(params, ['orders', 'vouchers', 'validation']),
      overview: overview as UserOverview,
      branches: branches as Branch[],
      isAdmin: session.data.user?.role === 'admin',
      self: session.data.user?.id === id,
    }
  } catch (error) {
    throw data(null, { status: readRefusal(error).init.status })
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const id = recordId(params.id)
  const formData = await request.formData()
  const intent = formIntent(formData, ['suspend', 'reactivate'])
  try {
    if (intent === 'suspend' || intent === 'reactivate') {
      await withUserToken({ session, locale }, (token) =>
        api.setUserSuspended(token, id, intent === 'suspend'),
      )
      session.update({
        flash: {
          kind: 'success',
          messageKey: intent === 'suspend' ? 'admin.users.suspended' : 'admin.users.reactivated',
        },
      })
    } else {
      const form = parseForm(StaffAssignmentSchema, formData, ['role', 'branch_id'])
      if (!form.ok)
        return data<FormAnswer>({ fieldErrors: form.fieldErrors, values: form.values }, 400)
      await withUserToken({ session, locale }, (token) => api.assignStaff(token, id, form.data))
      session.update({ flash: { kind: 'success', messageKey: 'admin.users.assigned' } })
    }
    return redirect(localePath(locale, `/admin/users/${id}`), 303)
  } catch (error) {
    const refusal = readRefusal(error)
    return data<FormAnswer>(
      { formError: refusal.message ?? { key: 'admin.users.failed' } },
      refusal.init,
    )
  }
}

export default function UserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money, moment } = useI18n()
  const { overview, branches, isAdmin, self } = loaderData
  const { user, credits, kyc, orders, vouchers, transactions } = overview
  const m = (x: { amount_minor: number; currency: 'MYR' | 'THB' }) =>
    money(x.amount_minor, x.currency)
  const suspended = user.status === 'suspended'
  return (
    <section className="admin-page">
      <p className="link-line">
        <Link to={localePath(locale, '/admin/users')}>← {t('admin.users.title')}</Link>
      </p>
      <h1>{user.full_name}</h1>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      <dl className="admin-facts card">
        <dt>{t('admin.users.mobile')}</dt>
        <dd>{user.mobile}</dd>
        <dt>{t('admin.users.role')}</dt>
        <dd>{t(`admin.users.roles.${user.role}`)}</dd>
        <dt>{t('admin.users.status')}</dt>
        <dd>{t(`admin.users.statuses.${user.status}`)}</dd>
        <dt>{t('admin.users.kyc')}</dt>
        <dd>
          {kyc ? (
            <Link to={localePath(locale, `/admin/kyc/${kyc.application_id}`)}>
              {t(`admin.states.${kyc.state}`)}
            </Link>
          ) : (
            t('admin.users.noKyc')
          )}
        </dd>
        <dt>{t('admin.users.lastLogin')}</dt>
        <dd>{user.last_login_at ? moment(user.last_login_at, user.market) : '—'}</dd>
      </dl>
      {user.status !== 'pending' && !self ? (
        <Form method="post" className="card form">
          <input type="hidden" name="intent" value={suspended ? 'reactivate' : 'suspend'} />
          <p>{t(suspended ? 'admin.users.reactivateHint' : 'admin.users.suspendHint')}</p>
          <button type="submit" className={suspended ? 'button' : 'button danger'}>
            {t(suspended ? 'admin.users.reactivate' : 'admin.users.suspend')}
          </button>
        </Form>
      ) : null}
      {isAdmin && user.role !== 'customer' && !self ? (
        <Form method="post" className="card form admin-form">
          <h2>{t('admin.users.assignTitle')}</h2>
          <input type="hidden" name="intent" value="assign" />
          <label htmlFor="assign-role">{t('admin.users.role')}</label>
          <select id="assign-role" name="role" defaultValue={user.role}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.users.roles.${r}`)}
              </option>
            ))}
          </select>
          <label htmlFor="assign-branch">{t('admin.users.branch')}</label>
          <select
            id="assign-branch"
            name="branch_id"
            defaultValue={user.staff_branch_id ?? ''}
            aria-describedby="assign-branch-hint"
          >
            <option value="">—</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {localizedText(b.name, locale)}
              </option>
            ))}
          </select>
          <p className="hint" id="assign-branch-hint">
            {t('admin.users.branchHint')}
          </p>
          {actionData?.fieldErrors?.branch_id ? (
            <p className="field-error" role="alert">
              {t(actionData.fieldErrors.branch_id)}
            </p>
          ) : null}
          <button type="submit" className="button">
            {t('admin.users.assign')}
          </button>
        </Form>
      ) : null}

      <h2>{t('admin.users.credit')}</h2>
      {credits.length === 0 ? (
        <p className="card">{t('admin.users.noCredit')}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.lineState')}</th>
                <th scope="col">{t('admin.users.approved')}</th>
                <th scope="col">{t('admin.users.available')}</th>
                <th scope="col">{t('admin.users.owed')}</th>
                <th scope="col">{t('admin.users.harvest')}</th>
              </tr>
            </thead>
            <tbody>
              {credits.map((c) => (
                <tr key={c.id}>
                  <td>{t(`admin.users.lineStates.${c.is_suspended ? 'suspended' : c.state}`)}</td>
                  <td>{m(c.approved_credits)}</td>
                  <td>{m(c.available_credits)}</td>
                  <td>{m(c.outstanding.total)}</td>
                  <td>{c.harvest_on ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('admin.orders.title')}</h2>
      {orders.length === 0 ? (
        <p className="card">{t('admin.users.noOrders')}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={localePath(locale, `/admin/orders/${o.id}`)}>{o.number}</Link>
                  </td>
                  <td>{moment(o.created_at, marketOfCurrency(o.total.currency))}</td>
                  <td>
                    <OrderStatusPill status={o.status} />
                  </td>
                  <td>{m(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('admin.nav.vouchers')}</h2>
      {vouchers.length === 0 ? (
        <p className="card">{t('vouchers.none.active')}</p>
      ) : (
        <ul className="admin-changes">
          {vouchers.map((v) => (
            <li key={v.id}>
              {v.serial} · {m(v.value)} · {t(`vouchers.lists.${v.status}`)} ·{' '}
              {t('vouchers.expires', { date: formatDay(v.expires_on) })}
            </li>
          ))}
        </ul>
      )}

      <h2>{t('vouchers.transactions.title')}</h2>
      {transactions.length === 0 ? (
        <p className="card">{t('vouchers.transactions.none')}</p>
      ) : (
        <ul className="admin-changes">
          {transactions.map((x) => (
            <li key={x.id}>
              {moment(x.created_at, marketOfCurrency(x.total.currency))} ·{' '}
              {localizedText(x.branch_name, locale)} · {m(x.total)} (
              {t('vouchers.transactions.paid', { vouchers: m(x.vouchers), cash: m(x.cash) })})
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
