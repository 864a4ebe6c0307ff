import { notify } from '~/components/toasts.tsx'

// docs/product/shell.md (A new version): asked when the user moves to another page, at most every
// 5 minutes, never on 2G or with Save-Data on.
export const CHECK_EVERY_MS = 5 * 60_000

type Connection = { saveData?: boolean; effectiveType?: string }
type NavigationApi = { addEventListener: (type: 'navigate', listener: () => void) => void }
type Translate = (key: string) => string

/**
 * Watches the page's navigations (the browser's Navigation API, which sees React Router's moves
 * too; a browser without it asks only when a page loads afresh, which gets the new build anyway).
 */
export function watchForNewVersion(t: Translate) {
  let checkedAt = Date.now()
  const navigation = (window as { navigation?: NavigationApi }).navigation
  navigation?.addEventListener('navigate', () => {
    const connection = (navigator as { connection?: Connection }).connection
    if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return
    if (Date.now() - checkedAt < CHECK_EVERY_MS) return
    checkedAt = Date.now()
    void offerNewVersion(t)
  })
}

let offered = false

/**
 * The server names the build it runs; a page built from another one offers to reload, once. The
 * page is left as it is until the user chooses: a half-filled form is not lost.
 */
export async function offerNewVersion(t: Translate) {
  if (offered) return
  const running = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
    ?.version
  const answer = await fetch('/builds/latest.json', { cache: 'no-store' }).catch(() => null)
  const latest: unknown = answer?.ok ? await answer.json().catch(() => null) : null
  const id = latest && typeof latest === 'object' && 'id' in latest ? latest.id : null
  if (typeof id !== 'string' || !running || id === running || offered) return
  offered = true
  notify({
    kind: 'info',
    message: t('common.newVersion.message'),
    duration: Infinity,
    action: {
      label: t('common.newVersion.reload'),
      dismiss: t('common.newVersion.later'),
      run: () => window.location.reload(),
    },
  })
}
