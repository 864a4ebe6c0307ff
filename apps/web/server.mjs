// The web server: static assets first, then React Router; stops cleanly on SIGTERM. With
// NODE_ENV=development (`npm run dev`) Vite serves the app from source with hot reload instead of
// the production build; its hot-reload socket shares this server, so the CSP's 'self' covers it.
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import express from 'express'
import compression from 'compression'
import helmet from 'helmet'
import { createRequestHandler } from '@react-router/express'
import { createPageCache, watchContentVersion } from './page-cache.mjs'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const dev = process.env.NODE_ENV === 'development'
// ADR 024: seconds a page rendered for a visitor without a session is served again (0: off).
const pageCacheSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 30)
if (!Number.isInteger(pageCacheSeconds) || pageCacheSeconds < 0 || pageCacheSeconds > 3600) {
  console.error('PAGE_CACHE_SECONDS must be a whole number of seconds from 0 to 3600.')
  process.exit(1)
}

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
const build = vite
  ? () => vite.ssrLoadModule('virtual:react-router/server-build')
  : await import('./build/server/index.js')
app.disable('x-powered-by')
app.use(compression())
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
    express.static(new URL('./build/client/assets', import.meta.url).pathname, {
      immutable: true,
      maxAge: '1y',
    }),
  )
  app.use(
    express.static(new URL('./build/client', import.meta.url).pathname, {
      maxAge: '1h',
      index: false,
    }),
  )
}
// The farmer's address, for the API's per-client limits; whatever a client sent is overwritten.
app.use((req, _res, next) => {
  req.headers['x-client-ip'] = req.socket.remoteAddress ?? ''
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
    void vite?.close()
    server.close(() => process.exit(0))
    server.closeIdleConnections?.()
    setTimeout(() => process.exit(0), 10_000).unref()
  })
}
