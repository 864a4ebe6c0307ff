import { redirectToLocale } from '~/utils/locale.server.ts'
import type { Route } from './+types/locale-redirect'

export function loader({ request }: Route.LoaderArgs) {
  redirectToLocale(request)
}
