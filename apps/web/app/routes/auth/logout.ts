import { redirect } from 'react-router'
import { isLocale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { Route } from './+types/logout'

/** Explicit logout: the API ends the session, all state is cleared, and the user goes home (docs/product/accounts.md). */
export async function action({ params, context }: Route.ActionArgs) {
  const session = context.get(sessionContext)
  const token = session.data.accessToken
  // The local state goes whatever the API says: a farmer who taps 'Log out' is logged out here.
  if (token)
    await context
      .get(apiContext)
      .logout(token)
      .catch(() => undefined)
  session.clear({ kind: 'info', messageKey: 'flash.loggedOut' })
  throw redirect(`/${isLocale(params.lang) ? params.lang : 'en'}`)
}

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/${isLocale(params.lang) ? params.lang : 'en'}`)
}
