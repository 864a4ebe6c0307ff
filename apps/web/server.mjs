// The web server: static assets first, then React Router; stops cleanly on SIGTERM. With
// NODE_ENV=development (`npm run dev`) Vite serves the app from source with hot reload instead of
// the production build; its hot-reload socket shares this server, so the CSP's 'self' covers it.
import { createServer } from 'node:http'
import { constants as zlibConstants } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import express from 'express'
import compression from 'compression'
import helmet from 'helmet'
import { createRequestHandler } from '@react-router/express'
import { createPageCache, watchContentVersion } from './page-cache.mjs'
import {
  createErrorTunnel,
  ENVELOPE_MAX_BYTES,
  startWebErrorReporting,
  stopWebErrorReporting,
} from './error-reporting.mjs'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const dev = process.env.NODE_ENV === 'development'
// ADR 024: seconds a page rendered for a visitor without a session is served again (0: off).
const pageCacheSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 30)
if (!Number.isInteger(pageCacheSeconds) || pageCacheSeconds < 0 || pageCacheSeconds > 3600) {
  console.error('PAGE_CACHE_SECONDS must be a whole number of seconds from 0 to 3600.')
  process.exit(1)
}

// docs/reliability.md (Rolling restarts): on SIGTERM /readyz fails this long before the server
// stops taking connections, so a load balancer moves new requests elsewhere first.
const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 0)
if (!Number.isInteger(drainMs) || drainMs < 0 || drainMs > 30_000) {
  console.error('SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 30000.')
  process.exit(1)
}
// ADR 018: a load balancer's X-Forwarded-For is believed only from these addresses.
const trustedProxies = (process.env.TRUST_PROXY ?? 'false')
  .split(',')
  .map((a) => a.trim())
  .filter((a) => a && a !== 'false')

const reporting = await startWebErrorReporting()
const app = express()
const server = createServer(app)
const vite = dev
  ? await import('vite').then(({ createServer: createViteServer }) =>
      createViteServer({
        root: fileURLToPath(new URL('.', import.meta.url)),
        server: { middlewareMode: true, hmr: { server } },
      }),
    )
  : null
// WEB_BUILD_DIR: another build than ./build (the new-version browser test deploys a second one).
const buildDir = new URL(
  `${process.env.WEB_BUILD_DIR || './build'}/`,
  new URL('./', import.meta.url),
)
const build = vite
  ? () => vite.ssrLoadModule('virtual:react-router/server-build')
  : await import(new URL('./server/index.js', buildDir).href)
app.disable('x-powered-by')
let draining = false
app.get('/readyz', (_req, res) => {
  res
    .status(draining ? 503 : 200)
    .type('application/json')
    .set('cache-control', 'no-store')
  res.send(draining ? '{"status":"stopping"}' : '{"status":"ready"}')
})
// gzip at level 9, not zlib's default 6: about 75 B less of every page for a farmer on 2G, for
// about 0.6 ms more of the server's time per page (measured on /th/contact, 94 KB of HTML).
// Brotli (what phones' browsers ask for first) at quality 6, not the library's 4: the Malay list
// page is 14.2 KB instead of 15.3 KB for about 0.3 ms more; the qualities above 9 cost 30-130 ms
// a page and are kept for pages served again (page-cache.mjs).
app.use(
  compression({
    level: 9,
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } },
  }),
)
// React Router flushes the compressor after every chunk React writes, which restarts gzip's
// window each time: /th/contact went out as 22.2 KB instead of 14.9 KB. Our pages have no
// deferred parts to stream, so each document is compressed as a whole (budget F5).
app.use((_req, res, next) => {
  delete res.flush
  next()
})
// The document's CSP (with its nonce) is set in entry.server; helmet adds the other headers.
// Referrer-Policy 'no-referrer' would make browsers send `Origin: null` on form posts, which React
// Router's CSRF check rightly refuses; the browsers' default policy keeps the origin.
app.use(
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
)
if (vite) {
  app.use(vite.middlewares)
} else {
  // Vite content-hashes everything under /assets, so it can be cached for a year.
  app.use(
    '/assets',
    express.static(new URL('./client/assets', buildDir).pathname, {
      immutable: true,
      maxAge: '1y',
    }),
  )
  // docs/product/shell.md (The installable app): the service worker is checked for a new version
  // on every visit, not kept for an hour.
  app.get('/sw.js', (_req, res, next) => {
    res.set('Cache-Control', 'no-cache')
    next()
  })
  app.use(
    express.static(new URL('./client', buildDir).pathname, {
      maxAge: '1h',
      index: false,
    }),
  )
}
// docs/product/shell.md (A new version): which build this server runs, so an open page can tell it
// is out of date. The id is React Router's manifest version, a hash of the browser's files: a
// deploy that changes nothing a browser runs asks no one to reload.
if (!vite) {
  // When this server started serving the build (a deploy's time, as the page sees it).
  const servingSince = new Date().toISOString()
  const latest = JSON.stringify({ id: build.assets.version, timestamp: servingSince })
  const sendVersion = (res, body) =>
    res.set('Cache-Control', 'no-cache').type('application/json').send(body)
  app.get('/builds/latest.json', (_req, res) => sendVersion(res, latest))
  app.get('/builds/meta/:file', (req, res) =>
    req.params.file === `${build.assets.version}.json`
      ? sendVersion(res, latest)
      : res.status(404).type('application/json').send('{"error":"unknown build"}'),
  )
}
if (reporting) {
  app.post(
    '/errors/envelope',
    express.raw({ type: () => true, limit: ENVELOPE_MAX_BYTES }),
    createErrorTunnel({ dsn: process.env.SENTRY_DSN }),
  )
}
// The farmer's address, for the API's per-client limits; whatever a client sent is overwritten.
app.use((req, _res, next) => {
  const peer = req.socket.remoteAddress ?? ''
  // Behind a trusted load balancer, the nearest address it wrote; anything before came from the client.
  const forwarded = trustedProxies.includes(peer)
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
        .at(-1)
    : undefined
  req.headers['x-client-ip'] = forwarded && forwarded.length <= 64 ? forwarded : peer
  next()
})
// Not in development: a changed component must show at once.
if (!dev && pageCacheSeconds > 0) {
  // The API's address as the app reads it (app/utils/env.server.ts): API_URL, else API_PORT here.
  const api = process.env.API_URL || `http://127.0.0.1:${process.env.API_PORT || 3001}`
  app.use(
    createPageCache({
      sessionCookie: '__session',
      ttlMs: pageCacheSeconds * 1000,
      version: watchContentVersion(`${api}/api/v1/content-version`),
      // ADR 086: a logged-in customer's catalogue pages, shared by what they read of the session.
      shared: build.entry.module.sharedPageLookup,
    }),
  )
}
app.all('/{*splat}', createRequestHandler({ build }))

server.listen(port, host, () => {
  console.log(`web listening on http://${host}:${port}${dev ? ' (development, hot reload)' : ''}`)
})
let closing = false
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    draining = true
    setTimeout(() => {
      void vite?.close()
      server.close(() => void stopWebErrorReporting().finally(() => process.exit(0)))
      server.closeIdleConnections?.()
      setTimeout(() => process.exit(0), 10_000).unref()
    }, drainMs)
  })
}
