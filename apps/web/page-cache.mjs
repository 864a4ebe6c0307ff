// The rendered-page cache (ADR 024, ADR 086). A page a visitor without a session is shown
// depends only on its address and the visitor's cookies (language is in the path; market, cookie
// consent and the like are cookies), so it is rendered once per address and cookie set and served
// from memory for a short while, instead of running loaders, calling the API and rendering React
// for every visitor.
//
// A logged-in customer's catalogue pages (home, lists, product pages) depend on their session only
// through a few things they share with many others (ADR 086: role, market, the cart's count, their
// branch): those pages are kept under that key as well, when every route of the page is one that
// reads nothing else (apps/web/app/utils/shared-page.server.ts), and served to the customers with
// the same key. The headers that are one customer's own are set on each answer, never kept. Any
// other request with a session cookie (a personal page, a message waiting, a token to refresh) is
// never served from the cache and its answer is never kept, nor is any answer that sets a cookie.
//
// A hit costs no more than sending bytes (ADR 083): the stored page's Content-Security-Policy
// allows its inline scripts by their SHA-256 hashes instead of the nonce it was rendered with, so
// the body is never rewritten; and once a page is asked for again it is compressed once, at
// brotli's and gzip's best, and those bytes are sent as they are to every browser that takes them.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { parseCookie } from 'cookie'
import { LRUCache } from 'lru-cache'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

// Set on the request by this cache alone (a browser's own is dropped): the key a shared page was
// looked up by. The app answers with SHARED_PAGE when the page it made may be kept under it; that
// header never leaves this server. The same names as SHARED_KEY_HEADER and SHARED_PAGE_HEADER in
// apps/web/app/utils/shared-page.server.ts (this file runs without a TypeScript step).
const SHARED_KEY = 'x-shared-page-key'
const SHARED_PAGE = 'x-shared-page'

/**
 * A stored page's policy: its nonce source replaced by the hashes of the page's inline scripts
 * (the page's own, and the module script its starter copies from a `text/x-module` one when the
 * scripts start: allowed by the same hash, whatever nonce it carries).
 * @param {string} policy
 * @param {string} nonce
 * @param {string} html
 */
export function policyByHashes(policy, nonce, html) {
  const hashes = new Set()
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi))
    if (body) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  return policy.replace(`'nonce-${nonce}'`, [...hashes].join(' '))
}

/**
 * The page at each encoding's best: brotli's quality 11 and gzip's level 9. Up to a second of CPU
 * for a large page on a busy machine, so made off the main thread, and only for a page asked for a second time (one
 * request per address, a crawler's, pays nothing more than a render).
 * @param {Buffer} html
 */
async function encode(html) {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipped(html, { level: 9 }),
  ])
  return { br, gzip: gz }
}

/** Headers of a stored answer that are sent again with it (helmet adds its own on each request). */
const KEPT_HEADERS = ['content-type', 'content-security-policy', 'vary', 'cache-control', 'link']

/**
 * A page is kept with the shop's content version it was made under (docs/product/back-office.md,
 * Changes show at once): when `version` gives another number, the page is made again. A version
 * of null (the API cannot be asked) keeps what is there.
 * `shared` opens a session cookie's value into the key its catalogue pages are shared under and the
 * headers that are that customer's own (null: this request's page is made for it alone).
 * @typedef {{ key: string, headers: [string, string][] }} SharedLookup
 * @param {{ sessionCookie: string, ttlMs?: number, maxBytes?: number, version?: (() => Promise<number | null>) & { recheck?: () => void }, shared?: ((sealed: string) => Promise<SharedLookup | null>) | null }} options
 * @returns {import('express').RequestHandler & { clear(): void, stats: { hits: number, misses: number } }}
 */
export function createPageCache({
  sessionCookie,
  ttlMs = 30_000,
  maxBytes = 32 * 1024 * 1024,
  version = Object.assign(async () => null, { recheck: () => undefined }),
  shared = null,
}) {
  /** @typedef {{ html: Buffer, encoded: { br: Buffer, gzip: Buffer } | null, encoding: boolean, etag: string, headers: [string, string][], version: number | null }} Page */
  /** @type {LRUCache<string, Page>} */
  const pages = new LRUCache({
    ttl: ttlMs,
    maxSize: maxBytes,
    // The compressed copies, made later, are counted ahead: together under half the page.
    sizeCalculation: (page) => Math.ceil(page.html.length * 1.5) + 512,
  })
  const stats = { hits: 0, misses: 0 }

  /** @type {import('express').RequestHandler} */
  function pageCache(req, res, next) {
    if (req.method !== 'GET') {
      // A form sent through this server may have changed what visitors see (an admin's edit):
      // the next page asks the API for the version again instead of trusting the last second's.
      res.on('finish', () => version.recheck?.())
      return next()
    }
    delete req.headers[SHARED_KEY]
    const cookies = parseCookie(req.headers.cookie ?? '')
    const sealed = cookies[sessionCookie]
    if (sealed === undefined) return lookUp(req, res, next, cookies, null)
    // A client-side navigation's loader data is not a page: made for each request.
    if (!shared || req.path.endsWith('.data')) return next()
    shared(sealed).then((lookup) => {
      if (!lookup) return next()
      req.headers[SHARED_KEY] = lookup.key
      const { [sessionCookie]: _session, ...others } = cookies
      lookUp(req, res, next, others, lookup)
    }, next)
  }

  /**
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} next
   * @param {Record<string, string | undefined>} cookies
   * @param {SharedLookup | null} lookup
   */
  function lookUp(req, res, next, cookies, lookup) {
    version().then(
      (current) => serve(req, res, next, cookies, current, lookup),
      () => serve(req, res, next, cookies, null, lookup),
    )
  }

  /**
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} next
   * @param {Record<string, string | undefined>} cookies
   * @param {number | null} current
   * @param {SharedLookup | null} lookup
   */
  function serve(req, res, next, cookies, current, lookup) {
    // The whole cookie set is part of the key, in a fixed order: whatever cookie a page reads,
    // two visitors share a page only if they sent the same cookies (the session's apart, which a
    // shared page reads only through the shared key, on a line of its own).
    const key = `${req.originalUrl}\n${Object.entries(cookies)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('; ')}${lookup ? `\nshared ${lookup.key}` : ''}`
    let page = pages.get(key)
    if (page && current !== null && page.version !== current) {
      pages.delete(key)
      page = undefined
    }
    if (page) {
      stats.hits += 1
      for (const [name, value] of page.headers) res.setHeader(name, value)
      for (const [name, value] of lookup?.headers ?? []) res.setHeader(name, value)
      res.setHeader('ETag', page.etag)
      res.setHeader('X-Page-Cache', 'hit')
      if (req.headers['if-none-match'] === page.etag) {
        // The browser keeps its copy with the policy it came with: no new policy for it.
        res.removeHeader('Content-Security-Policy')
        res.statusCode = 304
        return res.end()
      }
      if (!page.encoded && !page.encoding) {
        const kept = page
        kept.encoding = true
        encode(kept.html).then(
          (encoded) => void (kept.encoded = encoded),
          () => void (kept.encoding = false),
        )
      }
      // Brotli whenever the browser takes it (smaller), whatever order it lists encodings in.
      const encoding = req.acceptsEncodings('br')
        ? 'br'
        : req.acceptsEncodings('gzip')
          ? 'gzip'
          : null
      if (page.encoded && encoding) {
        const body = page.encoded[encoding]
        // Already compressed: the compression middleware leaves an encoded answer as it is.
        res.setHeader('Content-Encoding', encoding)
        res.setHeader('Content-Length', body.length)
        res.vary('Accept-Encoding')
        return res.end(body)
      }
      return res.end(page.html)
    }
    stats.misses += 1
    res.setHeader('X-Page-Cache', 'miss')
    capture(
      res,
      // Decided as the headers go out, so a page that will not be kept is not copied either.
      (sharedPage) => {
        if (res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return false
        // A customer's page is kept only when the app made it for the key (its no-store is for
        // browsers and proxies); a visitor's page that depends on more than its address and
        // cookies says so.
        if (
          lookup
            ? !sharedPage
            : /no-store|private/.test(String(res.getHeader('cache-control') ?? ''))
        )
          return false
        if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return false
        return /'nonce-[^']+'/.test(String(res.getHeader('content-security-policy') ?? ''))
      },
      (html) => {
        const policy = String(res.getHeader('content-security-policy') ?? '')
        const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? ''
        /** @type {[string, string][]} */
        const headers = []
        for (const name of KEPT_HEADERS) {
          const value = res.getHeader(name)
          if (value !== undefined)
            headers.push([
              name,
              name === 'content-security-policy'
                ? policyByHashes(policy, nonce, html)
                : String(value),
            ])
        }
        const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`
        pages.set(key, {
          html: Buffer.from(html),
          encoded: null,
          encoding: false,
          etag,
          headers,
          version: current,
        })
      },
    )
    next()
  }

  return Object.assign(pageCache, { clear: () => pages.clear(), stats })
}

/**
 * The shop's content version from the API (`GET /api/v1/content-version`), asked at most once
 * every `everyMs` however many requests come in; null when the API does not answer.
 * @param {string} url
 * @param {number} [everyMs]
 * @returns {(() => Promise<number | null>) & { recheck: () => void }}
 */
export function watchContentVersion(url, everyMs = 1000) {
  /** @type {{ value: number | null, at: number }} */
  let known = { value: null, at: -Infinity }
  /** @type {Promise<void> | null} */
  let asking = null
  // Bumped by recheck: an answer to a question asked before it is used once, then asked again
  // (it may predate the change that made the recheck).
  let generation = 0
  const recheck = () => {
    generation += 1
    known = { ...known, at: -Infinity }
  }
  const ask = () => {
    const asked = generation
    /** @param {number | null} value */
    const settle = (value) => {
      known = { value, at: asked === generation ? Date.now() : -Infinity }
    }
    return fetch(url, { signal: AbortSignal.timeout(1000) })
      .then((res) => (res.ok ? res.json() : null))
      .then(
        (body) => settle(typeof body?.version === 'number' ? body.version : null),
        () => settle(null),
      )
      .finally(() => {
        asking = null
      })
  }
  return Object.assign(
    async () => {
      if (Date.now() - known.at < everyMs) return known.value
      asking ??= ask()
      await asking
      // Asked before a recheck: ask once more, so the page is never older than the change.
      if (known.at === -Infinity) {
        asking ??= ask()
        await asking
      }
      return known.value
    },
    { recheck },
  )
}

/**
 * Calls `done` with the body once the answer ends, passing every write on unchanged, if `worth`
 * says so as the headers go out (told whether the app marked the page shared; the mark is taken
 * off then). Bodies larger than 1 MB are not kept.
 * @param {import('express').Response} res
 * @param {(sharedPage: boolean) => boolean} worth
 * @param {(body: string) => void} done
 */
function capture(res, worth, done) {
  /** @type {Buffer[]} */
  const chunks = []
  let size = 0
  let keeping = true
  const writeHead = res.writeHead.bind(res)
  const write = res.write.bind(res)
  const end = res.end.bind(res)
  // @ts-expect-error: the overloads of writeHead are passed on as they came.
  res.writeHead = (...args) => {
    const marked = res.getHeader(SHARED_PAGE) !== undefined
    res.removeHeader(SHARED_PAGE)
    keeping = worth(marked)
    // @ts-expect-error: as above.
    return writeHead(...args)
  }
  const keep = (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding) => {
    if (!keeping || chunk === undefined || chunk === null || typeof chunk === 'function') return
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(
          /** @type {string} */ (chunk),
          typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8',
        )
    size += buffer.length
    if (size <= 1024 * 1024) chunks.push(buffer)
    else keeping = false
  }
  // @ts-expect-error: the overloads of write and end are passed on as they came.
  res.write = (chunk, encoding, callback) => {
    keep(chunk, encoding)
    return write(chunk, encoding, callback)
  }
  // @ts-expect-error: as above.
  res.end = (chunk, encoding, callback) => {
    keep(chunk, encoding)
    // Ending sends the headers if nothing was written before: `worth` has spoken after this.
    const ended = end(chunk, encoding, callback)
    if (keeping) done(Buffer.concat(chunks).toString('utf8'))
    return ended
  }
}
