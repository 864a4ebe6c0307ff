import { data, Form, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { UserSearch } from '@padi/domain/auth/user-desk-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import type { Route } from './+types/user-search'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.users.title')

/** docs/product/back-office.md (Users): find a person by name or mobile number (a GET form). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim()
  const messages = pageMessages(params, ['validation'])
  if (!q) return { ...messages, q, found: null as UserSearch | null, failed: '' }
  try {
    const found = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).searchUsers(token, q),
    )
    return { ...messages, q, found: found as UserSearch | null, failed: '' }
  } catch (error) {
    const refusal = readRefusal(error)
    return data(
      {
        ...messages,
        q,
        found: null,
        failed:
          refusal.code === 'VALIDATION_FAILED' ? 'validation.searchTooShort' : 'admin.loadFailed',
      },
      refusal.init,
    )
  }
}

export default function UserSearchPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const { q, found, failed } = loaderData
  return (
    <section className="admin-page">
      <h1>{t('admin.users.title')}</h1>
      <Form method="get" className="admin-filters card" role="search">
        <label>
          {t('admin.users.search')}
          <input type="search" name="q" defaultValue={q} minLength={2} maxLength={60} required />
        </label>
        <button type="submit" className="button">
          {t('admin.users.find')}
        </button>
      </Form>
      {failed ? (
        <p className="form-error" role="alert">
          {t(failed)}
        </p>
      ) : found && found.data.length === 0 ? (
        <p className="card">{t('admin.users.none')}</p>
      ) : found ? (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.name')}</th>
                <th scope="col">{t('admin.users.mobile')}</th>
                <th scope="col">{t('admin.users.role')}</th>
                <th scope="col">{t('admin.users.status')}</th>
              </tr>
            </thead>
            <tbody>
              {found.data.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link to={localePath(locale, `/admin/users/${u.id}`)}>{u.full_name}</Link>
                  </td>
                  <td>{u.mobile}</td>
                  <td>{t(`admin.users.roles.${u.role}`)}</td>
                  <td>{t(`admin.users.statuses.${u.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
