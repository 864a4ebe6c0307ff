import { data, Form, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { AuditLog } from '@padi/domain/kyc/kyc-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { DayRangeFields } from '~/components/admin/day-range-fields.tsx'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/audit-log'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.audit.title')

/** The kinds of record the log names, for its filter. */
const SUBJECTS = [
  'user',
  'order',
  'kyc_application',
  'repayment_receipt',
  'late_repayment_application',
  'contract_renewal',
  'voucher',
] as const

/** docs/product/credit.md (KYC review): every back-office decision, for admins to read. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  if (session.data.user?.role !== 'admin') throw data(null, { status: 403 })
  const api = context.get(apiContext)
  const url = new URL(request.url)
  // docs/product/back-office.md (Audit log): filtered by the record, who, the kind and the days;
  // anything malformed is left out rather than sent on.
  const param = (name: string, pattern: RegExp) => {
    const value = url.searchParams.get(name)?.trim() ?? ''
    return pattern.test(value) ? value : ''
  }
  const ID = /^[1-9]\d{0,9}$/
  const DAY = /^\d{4}-\d{2}-\d{2}$/
  const filters = {
    subject_type: SUBJECTS.find((s) => s === url.searchParams.get('subject_type')) ?? '',
    subject_id: param('subject_id', ID),
    actor_id: param('actor_id', ID),
    action: param('action', /^[a-z_.]{1,50}$/),
    from: param('from', DAY),
    to: param('to', DAY),
  }
  const before = param('before', ID)
  try {
    const log = await withUserToken({ session, locale }, (token) =>
      api.auditLog(token, { ...filters, before }),
    )
    return { log, filters }
  } catch (error) {
    return data({ log: null as AuditLog | null, filters }, readRefusal(error).init)
  }
}

/** The filters that are set, for a link that keeps them. */
const present = (filters: Record<string, string>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''))

/** The fields of a record that changed, as `field: before → after`. */
function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const text = (v: unknown) => (v === null || v === undefined ? '–' : JSON.stringify(v))
  return [...keys]
    .filter((k) => text(before?.[k]) !== text(after?.[k]))
    .map((k) => `${k}: ${text(before?.[k])} → ${text(after?.[k])}`)
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { t, locale, date } = useI18n()
  const { log, filters } = loaderData
  const link = (type: string, id: number) =>
    type === 'kyc_application'
      ? `/admin/kyc/${id}`
      : type === 'order'
        ? `/admin/orders/${id}`
        : type === 'user'
          ? `/admin/users/${id}`
          : null
  return (
    <section className="admin-page">
      <h1>{t('admin.audit.title')}</h1>
      <p className="hint">{t('admin.audit.hint')}</p>
      <Form method="get" className="admin-filters card" aria-label={t('admin.audit.filter')}>
        <label>
          {t('admin.audit.subject')}
          <select name="subject_type" defaultValue={filters.subject_type}>
            <option value="">{t('admin.orders.all')}</option>
            {SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {t(`admin.audit.subjects.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.audit.subjectId')}
          <input
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            name="subject_id"
            defaultValue={filters.subject_id}
            maxLength={10}
          />
        </label>
        <label>
          {t('admin.audit.kind')}
          <input
            type="text"
            name="action"
            defaultValue={filters.action}
            placeholder="product."
            maxLength={50}
          />
        </label>
        <DayRangeFields from={filters.from} to={filters.to} />
        {filters.actor_id ? <input type="hidden" name="actor_id" value={filters.actor_id} /> : null}
        <button type="submit" className="button">
          {t('admin.orders.apply')}
        </button>
        <Link className="button secondary" to={localePath(locale, '/admin/audit')}>
          {t('admin.orders.clear')}
        </Link>
      </Form>
      {!log ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : log.data.length === 0 ? (
        <p className="card">{t('admin.audit.empty')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.when')}</th>
              <th scope="col">{t('admin.audit.who')}</th>
              <th scope="col">{t('admin.audit.what')}</th>
              <th scope="col">{t('admin.audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((e) => (
              <tr key={e.id}>
                <td>{date(e.created_at)}</td>
                <td>
                  {e.actor_user_id === null ? (
                    t('admin.audit.system')
                  ) : (
                    // Everything this person did: the same filters, by them.
                    <Link
                      to={`?${new URLSearchParams({ ...present(filters), actor_id: String(e.actor_user_id) })}`}
                    >
                      {e.actor_name ?? `#${e.actor_user_id}`}
                    </Link>
                  )}
                </td>
                <td>
                  {link(e.subject_type, e.subject_id) ? (
                    <Link to={localePath(locale, link(e.subject_type, e.subject_id)!)}>
                      {e.action} #{e.subject_id}
                    </Link>
                  ) : (
                    `${e.action} #${e.subject_id}`
                  )}
                </td>
                <td>
                  <ul className="admin-changes">
                    {changes(e.before, e.after).map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log?.next_before ? (
        <p>
          <Link
            className="button secondary"
            to={`?${new URLSearchParams({ ...present(filters), before: String(log.next_before) })}`}
          >
            {t('admin.audit.older')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
