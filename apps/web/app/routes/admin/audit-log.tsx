import { data, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { AuditLog } from '@padi/domain/kyc/kyc-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/audit-log'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.audit.title')

/** docs/product/credit.md (KYC review): every back-office decision, for admins to read. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  if (session.data.user?.role !== 'admin') throw data(null, { status: 403 })
  const api = context.get(apiContext)
  try {
    return { log: await withUserToken({ session, locale }, (token) => api.auditLog(token)) }
  } catch (error) {
    return data({ log: null as AuditLog | null }, readRefusal(error).init)
  }
}

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
  const { log } = loaderData
  return (
    <section className="admin-page">
      <h1>{t('admin.audit.title')}</h1>
      <p className="hint">{t('admin.audit.hint')}</p>
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
                  {e.actor_user_id === null
                    ? t('admin.audit.system')
                    : (e.actor_name ?? `#${e.actor_user_id}`)}
                </td>
                <td>
                  {e.subject_type === 'kyc_application' || e.subject_type === 'order' ? (
                    <Link
                      to={localePath(
                        locale,
                        `/admin/${e.subject_type === 'order' ? 'orders' : 'kyc'}/${e.subject_id}`,
                      )}
                    >
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
    </section>
  )
}
