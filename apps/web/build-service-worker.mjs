// Builds the service worker (service-worker/service-worker.ts, Workbox) into the client build as
// /sw.js, after `react-router build`. Its own small bundle: it is not a page's script.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = fileURLToPath(new URL('.', import.meta.url))
const out = new URL(`${process.env.WEB_BUILD_DIR || './build'}/`, new URL('./', import.meta.url))
const offline = readFileSync(`${here}public/offline.html`)

await build({
  entryPoints: [`${here}service-worker/service-worker.ts`],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  outfile: fileURLToPath(new URL('./client/sw.js', out)),
  define: {
    OFFLINE_PAGE_REVISION: JSON.stringify(
      createHash('sha256').update(offline).digest('hex').slice(0, 16),
    ),
    'process.env.NODE_ENV': '"production"',
  },
  logLevel: 'warning',
})
