import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { documentId, serveDocument } from '~/utils/uploads.server.ts'
import type { Route } from './+types/extension-document'

/** A late-repayment application's document for finance, with finance's own token. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const api = context.get(apiContext)
  const id = documentId(params.id)
  const doc = documentId(params.documentId)
  return serveDocument({ session: context.get(sessionContext), locale, request }, (token) =>
    api.extensionDocument(token, id, doc),
  )
}
