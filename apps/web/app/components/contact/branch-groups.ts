import type { Branch } from '@padi/domain/branches/schemas'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/markets'
import { distanceKm, sortByDistance, type LatLng } from '@padi/domain/geo/distance'

export type NumberedBranch<T> = T & {
  /** Marker number on the market's map; stays the same when the list is re-sorted. */
  number: number
  /** Null until the user shares a location. */
  distanceKm: number | null
}

export type MarketGroup<T> = { market: Market; branches: NumberedBranch<T>[] }

/** Issue text: the market of the page's language comes first (th -> Thailand first). */
export function marketOrder(locale: Locale): Market[] {
  return locale === 'th' ? ['TH', 'MY'] : ['MY', 'TH']
}

/**
 * Groups the branches by market in the locale's order. With an origin, each group is nearest
 * first and the group holding the nearest branch moves to the top.
 */
export function groupBranches<T extends Pick<Branch, 'market' | 'lat' | 'lng'>>(
  branches: readonly T[],
  locale: Locale,
  origin: LatLng | null,
): MarketGroup<T>[] {
  const groups = marketOrder(locale)
    .map((market) => {
      const numbered = branches
        .filter((b) => b.market === market)
        .map((b, i) => ({
          ...b,
          number: i + 1,
          distanceKm: origin ? distanceKm(origin, b) : null,
        }))
      return { market, branches: sortByDistance(numbered, origin) }
    })
    .filter((g) => g.branches.length > 0)
  if (!origin) return groups
  const nearest = (g: MarketGroup<T>) => g.branches[0]?.distanceKm ?? Infinity
  return [...groups].sort((a, b) => nearest(a) - nearest(b))
}
