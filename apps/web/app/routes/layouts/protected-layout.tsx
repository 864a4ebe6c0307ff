import { Outlet } from 'react-router'
import { requireLogin } from '~/utils/auth.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { Route } from './+types/protected-layout'

/** docs/product/accounts.md 'protected' layout: pages for a logged-in user; anyone else logs in first. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, params, context }) => requireLogin(context.get(sessionContext), request, params.lang),
]

export default function ProtectedLayout() {
  return <Outlet />
}
