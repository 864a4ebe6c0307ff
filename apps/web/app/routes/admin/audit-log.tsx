import { data, Form, Link } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTIONS,
  AUDIT_CODES,
  AUDIT_SUBJECTS,
  type AuditValue,
} from '@padi/domain/audit/audit-changes'
import type { AuditChangeAnswer, AuditLog } from '@padi/domain/audit/audit-schemas'
import { formatDateTime, formatDay } from '@padi/domain/dates'
import { formatMoney } from '@padi/domain/money'
import { MARKET_TIME_ZONE, type Market } from '@padi/domain/markets'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n, type Translate } from '~/utils/i18n.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { DayRangeFields } from '~/components/admin/day-range-fields.tsx'
import { AUDIT_FIELD_LABELS } from '~/components/admin/audit-fields.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/audit-log'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.audit.title')

/** docs/product/back-office.md (Audit log): every back-office change, for admins to read. */
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
    subject_type: AUDIT_SUBJECTS.find((s) => s === url.searchParams.get('subject_type')) ?? '',
    subject_id: param('subject_id', ID),
    actor_id: param('actor_id', ID),
    action: param('action', /^[a-z_.]{1,50}$/),
    from: param('from', DAY),
    to: param('to', DAY),
  }
  const before = param('before', ID)
  // Product categories name a new product's; their words are the shop's.
  const messages = pageMessages(params, ['products'])
  try {
    const log = await withUserToken({ session, locale }, (token) =>
      api.auditLog(token, {
        // Only the filters that are set: an empty one is not a filter.
        subject_type: AUDIT_SUBJECTS.find((s) => s === filters.subject_type),
        subject_id: filters.subject_id ? Number(filters.subject_id) : undefined,
        actor_id: filters.actor_id ? Number(filters.actor_id) : undefined,
        action: filters.action || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
        before: before ? Number(before) : undefined,
      }),
    )
    return { ...messages, log: log as AuditLog | null, filters }
  } catch (error) {
    return data({ ...messages, log: null as AuditLog | null, filters }, readRefusal(error).init)
  }
}

/** The filters that are set, for a link that keeps them. */
const present = (filters: Record<string, string>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''))

/** The page of the record an entry is about, where it has one. */
function recordPath(type: string, id: number): string | null {
  switch (type) {
    case 'kyc_application':
      return `/admin/kyc/${id}`
    case 'order':
      return `/admin/orders/${id}`
    case 'user':
      return `/admin/users/${id}`
    case 'product':
      return `/admin/products/${id}`
    case 'branch':
      return `/admin/branches/${id}`
    default:
      return null
  }
}

const LANGUAGE_FIELDS = ['en', 'bm', 'th'] as const

/** A field in words: `name.en` is 'Name (English)', `opening_hours.1` 'Opening hours (Monday)'. */
function fieldLabel(t: Translate, field: string): string {
  const [base = field, part] = field.split('.')
  const name = AUDIT_FIELD_LABELS.has(base)
    ? t(`admin.audit.fields.${base}`)
    : base.replace(/_/g, ' ')
  if (part === undefined) return name
  if (base === 'opening_hours' && /^[0-6]$/.test(part))
    return `${name} (${t(`admin.audit.weekdays.${part}`)})`
  if (LANGUAGE_FIELDS.some((l) => l === part))
    return `${name} (${t(`admin.audit.languages.${part}`)})`
  return `${name} (${part})`
}

/** The words of one of a code field's values (a status, a role, a document). */
function codeWords(t: Translate, field: string, value: string): string {
  const known = AUDIT_CODES[field === 'requested_documents' ? 'kind' : field]
  if (!known?.includes(value)) return value
  if (field === 'kind' || field === 'requested_documents') return t(`kyc.documents.${value}.label`)
  if (field === 'category') return t(`products.categories.${value}`)
  if (field === 'role') return t(`admin.users.roles.${value}`)
  return t(`admin.audit.values.${field}.${value}`)
}

/** A value as people read it: money with its currency, a day as a date, a moment with its time. */
function valueWords(
  t: Translate,
  locale: Locale,
  change: AuditChangeAnswer,
  value: AuditValue,
  timeZone: string,
): string {
  if (value === null) return change.kind === 'hours' ? t('admin.branches.closed') : '–'
  if (typeof value === 'object' && !Array.isArray(value)) return localizedText(value, locale)
  if (Array.isArray(value)) return value.map((v) => codeWords(t, change.field, v)).join(', ')
  if (typeof value === 'boolean') return t(value ? 'kyc.fields.yes' : 'kyc.fields.no')
  switch (change.kind) {
    case 'money':
      return typeof value === 'number' && change.currency
        ? formatMoney(value, change.currency)
        : String(value)
    case 'day':
      // A calendar day: shown as it is, whatever the reader's time zone.
      return typeof value === 'string' ? formatDay(value) : String(value)
    case 'time':
      return formatDateTime(String(value), timeZone)
    case 'seconds':
      return t('admin.audit.seconds', { count: Number(value) })
    case 'id':
      return `#${value}`
    case 'code':
      return codeWords(t, change.field, String(value))
    default:
      return String(value)
  }
}

/** An address breaks after its slashes and dots, never inside a tracking number or a word. */
function Breakable({ text }: { text: string }) {
  if (!/^https?:\/\//.test(text)) return <>{text}</>
  const parts = text.split(/(?<=[/.?&=])/)
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  )
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { t, locale, market: reader } = useI18n()
  const { log, filters } = loaderData
  // A kind kept in an address from before, not one of the list, stays chosen as it is.
  const unknownAction =
    filters.action &&
    !AUDIT_ACTIONS.some((a) => a === filters.action) &&
    !AUDIT_ACTION_GROUPS.some(([group]) => `${group}.` === filters.action)
      ? filters.action
      : ''
  const actionWords = (action: string) =>
    AUDIT_ACTIONS.some((a) => a === action) ? t(`admin.audit.actions.${action}`) : action
  const subjectWords = (type: string) =>
    AUDIT_SUBJECTS.some((s) => s === type) ? t(`admin.audit.subjects.${type}`) : type
  return (
    <section className="admin-page">
      <h1>{t('admin.audit.title')}</h1>
      <p className="hint">{t('admin.audit.hint')}</p>
      <Form method="get" className="admin-filters card" aria-label={t('admin.audit.filter')}>
        <label>
          {t('admin.audit.subject')}
          <select name="subject_type" defaultValue={filters.subject_type}>
            <option value="">{t('admin.orders.all')}</option>
            {AUDIT_SUBJECTS.map((s) => (
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
          <select name="action" defaultValue={filters.action}>
            <option value="">{t('admin.orders.all')}</option>
            {/* Each kind of record's changes together, first all of them ('user.' finds every
                change to a person), then one by one. */}
            {AUDIT_ACTION_GROUPS.map(([group, kinds]) => (
              <optgroup key={group} label={t(`admin.audit.groups.${group}`)}>
                <option value={`${group}.`}>
                  {t('admin.audit.allOf', { group: t(`admin.audit.groups.${group}`) })}
                </option>
                {kinds.map((a) => (
                  <option key={a} value={a}>
                    {actionWords(a)}
                  </option>
                ))}
              </optgroup>
            ))}
            {unknownAction ? <option value={unknownAction}>{unknownAction}</option> : null}
          </select>
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
      <p className="hint">{t('admin.audit.timesHint')}</p>
      {!log ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : log.data.length === 0 ? (
        <p className="card">{t('admin.audit.empty')}</p>
      ) : (
        <table className="admin-table admin-audit admin-cards">
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.when')}</th>
              <th scope="col">{t('admin.audit.who')}</th>
              <th scope="col">{t('admin.audit.what')}</th>
              <th scope="col">{t('admin.audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((e) => {
              // docs/product/dates-and-times.md (back office): told in the record's market's
              // time, named when it is not the reader's.
              const market: Market = e.market ?? 'MY'
              const timeZone = MARKET_TIME_ZONE[market]
              const path = recordPath(e.subject_type, e.subject_id)
              const subject = `${subjectWords(e.subject_type)} #${e.subject_id}`
              return (
                <tr key={e.id}>
                  <td data-label={t('admin.audit.when')}>
                    <time dateTime={e.created_at}>{formatDateTime(e.created_at, timeZone)}</time>
                    {market !== reader ? (
                      <span className="admin-zone"> ({t(`admin.zones.${market}`)})</span>
                    ) : null}
                  </td>
                  <td data-label={t('admin.audit.who')}>
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
                  <td data-label={t('admin.audit.what')}>
                    <strong>{actionWords(e.action)}</strong>
                    <br />
                    {path ? <Link to={localePath(locale, path)}>{subject}</Link> : subject}
                  </td>
                  <td data-label={t('admin.audit.changes')}>
                    <ul className="admin-changes">
                      {e.changes.map((c) => {
                        const before = valueWords(t, locale, c, c.before, timeZone)
                        const after = valueWords(t, locale, c, c.after, timeZone)
                        const one = c.kind === 'money' || c.kind === 'time' ? 'admin-money' : ''
                        return (
                          <li key={c.field}>
                            <span className="admin-change-field">{fieldLabel(t, c.field)}:</span>{' '}
                            {/* A record made (nothing before) or a field that says what the
                                change is about: its value alone. */}
                            {before === after || e.before === null ? (
                              <span className={one}>
                                <Breakable text={after} />
                              </span>
                            ) : (
                              <>
                                <span className={one}>
                                  <Breakable text={before} />
                                </span>{' '}
                                →{' '}
                                <span className={one}>
                                  <Breakable text={after} />
                                </span>
                              </>
                            )}
                          </li>
                        )
                      })}
                    </ul>
                  </td>
                </tr>
              )
            })}
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
