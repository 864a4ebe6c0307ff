import { Link, useRouteLoaderData } from 'react-router'
import { isLiveChatOpen } from '@padi/domain/contact/live-chat'
import { isLocale, localizedText } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { RootData } from '~/root.tsx'
import type { Branch } from '@padi/domain/branches/schemas'
import { branchStatus } from '~/components/contact/branch-status.ts'
import { groupBranches } from '~/components/contact/branch-groups.ts'
import { BranchCard, branchAnchor } from '~/components/contact/branch-card.tsx'
import { BranchMap } from '~/components/contact/branch-map.tsx'
import { HeadquartersCard } from '~/components/contact/headquarters-card.tsx'
import { LiveChatCard } from '~/components/contact/live-chat-card.tsx'
import { NearestBranch } from '~/components/contact/nearest-branch.tsx'
import { useLocationWatch } from '~/components/contact/use-location-watch.ts'
import { useMinuteClock } from '~/components/contact/use-minute-clock.ts'
import contactCss from '~/components/contact/contact.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/contact'
import { pageMessages } from '~/utils/messages.server.ts'
import { onlyLanguage } from '~/utils/page-language.server.ts'
import { pack, unpack } from '~/utils/packed-data.ts'

export const handle: StyleHandle = { css: [contactCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'contact.title', 'contact.description')

export async function loader({ context, params }: Route.LoaderArgs) {
  const locale = isLocale(params.lang) ? params.lang : 'en'
  const { messages } = pageMessages(params, ['contact'])
  // Issue text: open/closed states come from the server clock, so the first render (server and
  // hydration) agrees; the browser refreshes them every minute afterwards. The page carries the
  // instant and the hours, and both sides work the states out from them.
  const now = new Date().toISOString()
  try {
    const branches = await context.get(apiContext).listBranches()
    // One JSON text: the branch list is most of this page's data (docs/performance.md).
    return { messages, now, branches: pack(onlyLanguage(branches, locale)), unavailable: false }
  } catch (error) {
    readRefusal(error)
    // The chat hours are still worth showing when the branch list cannot be reached.
    return { messages, now, branches: pack<Branch[]>([]), unavailable: true }
  }
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const root = useRouteLoaderData<RootData>('root')
  const clock = useMinuteClock()
  const location = useLocationWatch()
  const origin =
    location.lat !== null && location.lng !== null ? { lat: location.lat, lng: location.lng } : null

  const at = clock ?? new Date(loaderData.now)
  const chatOpen = isLiveChatOpen(at)
  const branches = unpack(loaderData.branches).map((b) => ({ ...b, status: branchStatus(b, at) }))
  const headquarters = branches.find((b) => b.is_headquarters) ?? null
  const groups = groupBranches(branches, locale, origin)
  const closest = origin ? groups[0]?.branches[0] : undefined
  const nearest =
    closest && closest.distanceKm !== null
      ? {
          name: localizedText(closest.name, locale),
          anchor: branchAnchor(closest.code),
          distanceKm: closest.distanceKm,
        }
      : null

  return (
    <div className="contact-page">
      <div>
        <h1>{t('contact.title')}</h1>
        <p>{t('contact.intro')}</p>
      </div>

      <LiveChatCard open={chatOpen} phone={headquarters?.phone ?? null} />

      <section aria-labelledby="branches-title">
        <h2 id="branches-title">{t('contact.branches.title')}</h2>
        {loaderData.unavailable ? (
          <>
            <p className="form-error" role="alert">
              {t('contact.branches.unavailable')}
            </p>
            {/* With JavaScript only the data is fetched again; without, the page reloads. */}
            <p>
              <Link className="button secondary" to={localePath(locale, '/contact')}>
                {t('contact.branches.retry')}
              </Link>
            </p>
          </>
        ) : groups.length === 0 ? (
          <p>{t('contact.branches.empty')}</p>
        ) : (
          <>
            {groups.length > 1 ? (
              <nav className="contact-jump" aria-label={t('contact.branches.jump')}>
                {groups.map((g) => (
                  <a key={g.market} className="contact-link" href={`#market-${g.market}`}>
                    {t(`contact.markets.${g.market}`)} ({g.branches.length})
                  </a>
                ))}
              </nav>
            ) : null}
            <NearestBranch
              watching={location.watching}
              located={origin !== null}
              errorCode={location.errorCode}
              nearest={nearest}
              onStart={location.start}
              onStop={location.stop}
            />
          </>
        )}
        {groups.map((g) => {
          const marketName = t(`contact.markets.${g.market}`)
          return (
            <section
              key={g.market}
              id={`market-${g.market}`}
              className="contact-market"
              aria-labelledby={`market-${g.market}-title`}
            >
              <div className="contact-head">
                <h3 id={`market-${g.market}-title`}>{marketName}</h3>
                <a className="contact-link contact-map-jump" href={`#map-${g.market}`}>
                  {t('contact.map.show')}
                </a>
              </div>
              <div className="contact-market-layout">
                <ul className="contact-branch-list">
                  {g.branches.map((b) => (
                    <li key={b.id}>
                      <BranchCard
                        branch={b}
                        status={b.status}
                        number={b.number}
                        distanceKm={b.distanceKm}
                      />
                    </li>
                  ))}
                </ul>
                <BranchMap
                  id={`map-${g.market}`}
                  marketName={marketName}
                  points={g.branches.map((b) => ({
                    key: b.code,
                    number: b.number,
                    label: localizedText(b.name, locale),
                    lat: b.lat,
                    lng: b.lng,
                  }))}
                  you={origin}
                  mapTileUrl={root?.mapTileUrl ?? ''}
                />
              </div>
            </section>
          )
        })}
      </section>

      {headquarters ? (
        <HeadquartersCard branch={headquarters} weekday={headquarters.status.weekday} />
      ) : null}
    </div>
  )
}
