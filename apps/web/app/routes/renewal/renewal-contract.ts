import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { documentId, serveDocument } from '~/utils/uploads.server.ts'
import type { Route } from './+types/renewal-contract'

/** The farmer's own signed renewal contract (docs/product/credit.md, Renewal). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const id = documentId(params.id)
  const api = context.get(apiContext)
  return serveDocument({ session: context.get(sessionContext), locale, request }, (token) =>
    api.renewalContract(token, id),
  )
}
