import { data, Link } from 'react-router'
import { localizedText } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/branch-list'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.branches.title')

/** docs/product/back-office.md (Branches): the branches, each with a link to edit it (admin). */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.get(sessionContext).data.user?.role !== 'admin') throw data(null, { status: 403 })
  return { branches: await context.get(apiContext).listBranches() }
}

export default function BranchList({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  return (
    <section className="admin-page">
      <h1>{t('admin.branches.title')}</h1>
      <ul className="admin-queue">
        {loaderData.branches.map((b) => (
          <li key={b.id} className="card">
            <Link to={localePath(locale, `/admin/branches/${b.id}`)}>
              {localizedText(b.name, locale)}
            </Link>{' '}
            · {b.phone}
          </li>
        ))}
      </ul>
    </section>
  )
}
