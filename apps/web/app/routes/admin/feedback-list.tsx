import { data, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { FeedbackList as FeedbackListData } from '@padi/domain/feedback/schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/feedback-list'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.feedback.title')

/**
 * docs/product/back-office.md (Bug reports): what users reported with 'Report a Bug' when no
 * error-reporting service is configured, newest first, for admins.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  if (session.data.user?.role !== 'admin') throw data(null, { status: 403 })
  const raw = new URL(request.url).searchParams.get('before') ?? ''
  const before = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined
  try {
    const list = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).listFeedback(token, before),
    )
    return { list }
  } catch (error) {
    return data({ list: null as FeedbackListData | null }, readRefusal(error).init)
  }
}

export default function FeedbackList({ loaderData }: Route.ComponentProps) {
  const { t, locale, moment, market } = useI18n()
  const { list } = loaderData
  return (
    <section>
      <h1>{t('admin.feedback.title')}</h1>
      <p>{t('admin.feedback.intro')}</p>
      {!list ? (
        <p className="form-error" role="alert">
          {t('admin.feedback.failed')}
        </p>
      ) : list.items.length === 0 ? (
        <p>{t('admin.feedback.empty')}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.feedback.when')}</th>
                <th scope="col">{t('admin.feedback.who')}</th>
                <th scope="col">{t('admin.feedback.page')}</th>
                <th scope="col">{t('admin.feedback.message')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <td>{moment(item.created_at, market)}</td>
                  <td>
                    {item.user ? (
                      <Link to={localePath(locale, `/admin/users/${item.user.id}`)}>
                        {item.user.full_name}
                      </Link>
                    ) : (
                      t('admin.feedback.visitor')
                    )}{' '}
                    ({item.locale})
                  </td>
                  <td>
                    <code>{item.page}</code>
                  </td>
                  <td className="feedback-message">{item.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list?.next_before ? (
        <p>
          <Link className="button secondary" to={`?before=${list.next_before}`}>
            {t('admin.feedback.older')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
