import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { documentId, serveDocument } from '~/utils/uploads.server.ts'
import type { Route } from './+types/renewal-contract'

/** A signed renewal contract (PDF) for finance, with finance's own token. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const api = context.get(apiContext)
  const id = documentId(params.id)
  return serveDocument({ session: context.get(sessionContext), locale, request }, (token) =>
    api.renewalContractForFinance(token, id),
  )
}
