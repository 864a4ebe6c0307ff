import type { Branch } from '@padi/domain/branches/schemas'
import { localizedText, type Locale } from '@padi/domain/i18n/locales'
import { marketOrder } from '~/components/contact/branch-groups.ts'
import type { BranchGroup } from './branch-select.tsx'

/** Branches by market, the market of the page's language first, names in that language. */
export function branchGroups(branches: readonly Branch[], locale: Locale): BranchGroup[] {
  return marketOrder(locale)
    .map((market) => ({
      market,
      options: branches
        .filter((b) => b.market === market)
        .map((b) => ({
          value: String(b.id),
          label: localizedText(b.name, locale),
        })),
    }))
    .filter((g) => g.options.length > 0)
}
