import type { Locale } from '@padi/domain/i18n/locales'
import { createTranslator, mergeRouteMessages } from './i18n.ts'
import type { BrowserErrorReporting } from './error-reporting.client.ts'
import { watchForNewVersion } from './new-version.ts'
import { ignoreSupersededRequests } from './superseded-requests.ts'
import { watchSearchSuggestions } from './search-suggestions.ts'

/**
 * What a page does in the background once it runs (loaded after the page is interactive, so the
 * first load carries none of it): error reporting when a service is configured
 * (docs/product/error-reporting.md), the new-version watch (docs/product/shell.md), and keeping
 * requests the router cancelled out of the errors (superseded-requests.ts), and the search boxes'
 * suggestions (search-suggestions.ts).
 */
export function afterHydration(root: {
  locale: Locale
  messages: unknown
  errorReporting: BrowserErrorReporting | null
}) {
  const { errorReporting } = root
  ignoreSupersededRequests()
  watchSearchSuggestions(root.locale)
  if (errorReporting)
    void import('./error-reporting.client.ts').then((m) => m.start(errorReporting))
  watchForNewVersion(createTranslator(root.locale, mergeRouteMessages([root])))
}
