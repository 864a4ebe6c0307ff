import { data, type RouterContextProvider } from 'react-router'
import type { CreditRecord } from '@padi/domain/credit/credit-schemas'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { readRefusal } from './api-errors.server.ts'
import { withUserToken } from './auth.server.ts'
import { apiContext } from './context.server.ts'
import { pageMessages } from './messages.server.ts'
import { sessionContext } from './session.server.ts'

/**
 * A repayment form's page (the receipt, the QR): the farmer's line as it is now, the page's texts,
 * and a new key for the filled-in form (docs/reliability.md, Faults). When the line cannot be
 * read, the page says so with the API's status.
 */
export async function repaymentFormData(
  args: { params: { lang?: string | undefined }; context: Readonly<RouterContextProvider> },
  namespaces: readonly string[],
) {
  const locale: Locale = isLocale(args.params.lang) ? args.params.lang : 'en'
  const session = args.context.get(sessionContext)
  const api = args.context.get(apiContext)
  const messages = pageMessages(args.params, namespaces)
  try {
    const credits = await withUserToken({ session, locale }, (token) => api.credits(token))
    return { ...messages, line: credits[0] ?? null, failed: false, attempt: crypto.randomUUID() }
  } catch (error) {
    return data(
      {
        ...messages,
        line: null as CreditRecord | null,
        failed: true,
        attempt: crypto.randomUUID(),
      },
      readRefusal(error).init,
    )
  }
}
