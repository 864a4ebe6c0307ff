import { Outlet, redirect } from 'react-router'
import { sessionContext } from '~/utils/session.server.ts'
import type { Route } from './+types/protected-layout'

/** docs/product/accounts.md 'protected' layout: pages for a logged-in user; anyone else logs in first. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, params, context }) => {
    const session = context.get(sessionContext)
    if (!session.isLoggedIn) {
      const url = new URL(request.url)
      const back = `${url.pathname}${url.search}`
      throw redirect(`/${params.lang}/login?redirectTo=${encodeURIComponent(back)}`)
    }
  },
]

export default function ProtectedLayout() {
  return <Outlet />
}
