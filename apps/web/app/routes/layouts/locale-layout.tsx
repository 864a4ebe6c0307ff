import { Outlet } from 'react-router'
import { requireLocale } from '~/utils/locale.server.ts'
import type { Route } from './+types/locale-layout'

/** A path whose first segment is not a locale is redirected before any loader runs (issue 2). */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, params }) => {
    requireLocale(request, params.lang)
  },
]

export default function LocaleLayout() {
  return <Outlet />
}
