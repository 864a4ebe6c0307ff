import { SuggestionQuerySchema, type SuggestionList } from '@padi/domain/catalogue/schemas'
import { apiContext } from '~/utils/context.server.ts'
import { serverTranslator } from '~/utils/messages.server.ts'
import { marketData, localeOf } from './+shared/catalogue.server.ts'
import type { Route } from './+types/search-suggestions'

/** What the search box's suggestions show (utils/search-suggestions.ts), in the page's language. */
export type SuggestionsAnswer = {
  label: string
  items: { text: string; kind: string }[]
}

/**
 * docs/product/catalogue.md (Suggestions while typing): the search box asks this as the farmer
 * types; the API suggests weeds, pests, diseases and product names, and each comes back with what
 * it is, in the page's language. Cached a minute, like the lists. Anything odd typed (too long, a
 * control character) suggests nothing rather than failing.
 */
export async function loader(args: Route.LoaderArgs) {
  const locale = localeOf(args.params)
  const q = new URL(args.request.url).searchParams.get('q') ?? ''
  const t = serverTranslator(locale, ['products'])
  const headers = { 'cache-control': 'private, max-age=60' }
  let found: SuggestionList['data'] = []
  // The API's own rule for the text (no control character, 100 at most), checked here first.
  if (q.trim().length >= 2 && SuggestionQuerySchema.shape.q.safeParse(q).success) {
    const api = args.context.get(apiContext)
    const { market } = marketData(args)
    found = await api
      .suggestSearches({ q, locale, market })
      .then((answer) => answer.data)
      .catch(() => [])
  }
  const answer: SuggestionsAnswer = {
    label: t('products.suggest.label'),
    items: found.map((s) => ({ text: s.text, kind: t(`products.suggest.${s.kind}`) })),
  }
  return Response.json(answer, { headers })
}
