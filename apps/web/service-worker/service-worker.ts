/// <reference lib="webworker" />
// docs/product/shell.md (The installable app): the shop's service worker (Workbox). Script files
// and product photos are kept as the pages use them; the catalogue pages, the cart and the QR page
// a user has opened are kept per user (the server names whose a page is: X-Cache-Scope) and open
// without a network, saying so; every other page offline gets the offline page. Nothing of one
// user is ever served to another: their pages are dropped when the name changes and at logout.
// API answers are never kept (the browser does not call the API; React Router's data answers of
// the same pages are kept with them).
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope
declare const OFFLINE_PAGE_REVISION: string

const PAGES_PREFIX = 'pages-'
const SCOPE_CACHE = 'cache-scope'
const SCOPE_KEY = '/__cache-scope'
/** Home, the catalogue (lists, searches, product pages), the cart and the QR page. */
const KEPT_PAGE = /^\/(en|bm|th)(\/products(\/[\w-]+)*|\/cart|\/qr)?(\.data)?$/
const LOGOUT = /^\/(en|bm|th)\/logout(\.data)?$/
/** Pages kept per user, the least recently opened going first (searches add up). */
const KEPT_PAGES_MAX = 80

precacheAndRoute([{ url: '/offline.html', revision: OFFLINE_PAGE_REVISION }])
self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
)
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && (url.pathname.startsWith('/img/') || url.pathname === '/favicon.svg'),
  new StaleWhileRevalidate({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 })],
  }),
)

let scope: string | null = null

async function currentScope(): Promise<string | null> {
  if (scope) return scope
  const saved = await (await caches.open(SCOPE_CACHE)).match(SCOPE_KEY)
  scope = saved ? await saved.text() : null
  return scope || null
}

/** Another user (or none): every page kept for anyone else goes. */
async function useScope(next: string) {
  if ((await currentScope()) === next) return
  scope = next
  await (await caches.open(SCOPE_CACHE)).put(SCOPE_KEY, new Response(next))
  await dropPages((name) => name !== `${PAGES_PREFIX}${next}`)
}

async function dropPages(which: (name: string) => boolean) {
  const names = await caches.keys()
  // The pages and the record of when each was opened (kept by Workbox in IndexedDB) both go.
  await Promise.all(
    names
      .filter((n) => n.startsWith(PAGES_PREFIX) && which(n))
      .map(async (n) => {
        await new CacheExpiration(n, { maxEntries: KEPT_PAGES_MAX }).delete()
        await caches.delete(n)
      }),
  )
}

/** A kept page, marked so it says it was opened without a network (the offline note shows). */
async function fromCache(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response
  const html = (await response.text()).replace('<html ', '<html data-offline="" ')
  return new Response(html, { status: response.status, headers: response.headers })
}

// Logging out drops every user's pages before the request goes.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && LOGOUT.test(url.pathname),
  async ({ request }) => {
    scope = null
    await caches.delete(SCOPE_CACHE)
    await dropPages(() => true)
    return fetch(request)
  },
  'POST',
)

// Pages and their data: the network first; a kept page when there is none.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    (request.mode === 'navigate' || (url.pathname.endsWith('.data') && request.method === 'GET')),
  async ({ request, url }) => {
    const keep = KEPT_PAGE.test(url.pathname)
    try {
      const response = await fetch(request)
      const name = response.headers.get('x-cache-scope')
      if (name) await useScope(name)
      if (keep && name && response.ok && response.status === 200) {
        const cacheName = `${PAGES_PREFIX}${name}`
        await (await caches.open(cacheName)).put(request.url, response.clone())
        const expiration = new CacheExpiration(cacheName, { maxEntries: KEPT_PAGES_MAX })
        await expiration.updateTimestamp(request.url)
        await expiration.expireEntries()
      }
      return response
    } catch (error) {
      const name = await currentScope()
      const kept =
        keep && name
          ? await (await caches.open(`${PAGES_PREFIX}${name}`)).match(request.url)
          : undefined
      if (kept) return fromCache(kept)
      if (request.mode === 'navigate') {
        const offline = await matchPrecache('/offline.html')
        if (offline) return offline
      }
      throw error
    }
  },
)
