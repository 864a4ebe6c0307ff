import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import compression from 'compression'
import express from 'express'
import { createPageCache, policyByHashes, watchContentVersion } from './page-cache.mjs'
import { parseCookie } from 'cookie'
import {
  cacheScope,
  openSession,
  SESSION_COOKIE,
  sessionCookieHeader,
  WebSession,
  type SessionData,
} from './app/utils/session.server.ts'
import { sharedPageKey, sharedPageLookup } from './app/utils/shared-page.server.ts'

// A stand-in for React Router behind the cache: renders a page with a fresh nonce in its body
// and policy, like entry.server.tsx, and says whom it rendered for.
let renders = 0
const cache = createPageCache({ sessionCookie: SESSION_COOKIE, ttlMs: 60_000 })
const app = express()
app.use(compression())
app.use(cache)
app.get('/{*splat}', (req, res) => {
  renders += 1
  const nonce = randomBytes(16).toString('base64')
  res.setHeader('Content-Security-Policy', `script-src 'self' 'nonce-${nonce}'`)
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  if (req.query.status) res.status(Number(req.query.status))
  if (req.query.setCookie) res.setHeader('Set-Cookie', 'market=TH; Path=/')
  if (req.query.noStore) res.setHeader('Cache-Control', 'no-store')
  const who = req.headers.cookie ?? 'nobody'
  res.end(
    `<!doctype html><p>${'x'.repeat(2000)}</p><p id="who">${who}</p><script nonce="${nonce}">1</script><script nonce="${nonce}" src="/a.js"></script><script nonce="${nonce}" type="text/x-module">import "/b.js"</script>`,
  )
})
/** Serves `site` on a free port; its address. */
async function listen(site: express.Express): Promise<{ server: Server; url: string }> {
  const server = site.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

let server: Server
let base = ''
beforeAll(async () => {
  ;({ server, url: base } = await listen(app))
})
afterAll(() => server.close())
beforeEach(() => {
  cache.clear()
  renders = 0
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { 'accept-encoding': 'gzip', ...headers } })

describe('the page cache for visitors without a session (ADR 024)', () => {
  it('renders a page once and serves it again as it was, its inline scripts allowed by their hashes', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => get('/en/products')))
    const first = await get('/en/products')
    const second = await get('/en/products')
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(first.headers.get('x-page-cache')).toBe('hit')
    expect(first.headers.get('content-encoding')).toBe('gzip')
    const [a, b] = [await first.text(), await second.text()]
    // Three at once may all miss; after that, no more rendering, and no rewriting either.
    expect(renders).toBeLessThanOrEqual(3)
    expect(b).toBe(a)
    // The nonce the page was rendered with is not in the policy any more: each inline script is
    // named by its hash (the script with a src is allowed by 'self').
    const policy = first.headers.get('content-security-policy') ?? ''
    expect(policy).not.toContain('nonce-')
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`
    expect(policy).toBe(`script-src 'self' ${hash('1')} ${hash('import "/b.js"')}`)
    expect(second.headers.get('content-security-policy')).toBe(policy)
  })

  it('compresses a page asked for again once, at best, and sends those bytes to each browser that takes them', async () => {
    const html = await (await get('/en/calculator')).text()
    await get('/en/calculator')
    // Made off the main thread: the hits meanwhile are compressed as they go.
    await vi.waitFor(async () => {
      const hit = await get('/en/calculator', { 'accept-encoding': 'br, gzip' })
      expect(hit.headers.get('content-length')).not.toBeNull()
    })
    const raw = (encoding: string) =>
      fetch(base + '/en/calculator', { headers: { 'accept-encoding': encoding } })
    // Node's fetch decodes what it receives: the length says the bytes were sent as stored.
    const br = await raw('br')
    const gz = await raw('gzip;q=1, br;q=0')
    const plain = await raw('identity')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    expect([await br.text(), await gz.text(), await plain.text()]).toEqual([html, html, html])
    expect(Number(br.headers.get('content-length'))).toBeLessThan(
      Number(gz.headers.get('content-length')),
    )
    expect(renders).toBe(1)
  })

  it('names every inline script of a page by its hash, and only the nonce source is replaced', () => {
    const html =
      '<script nonce="n1">a()</script><script src="/x.js" nonce="n1"></script>' +
      '<SCRIPT type="text/x-module" nonce="n1">import "/y.js"</SCRIPT><script>a()</script>'
    const sha = (body: string) => createHash('sha256').update(body).digest('base64')
    expect(policyByHashes("default-src 'self'; script-src 'self' 'nonce-n1'", 'n1', html)).toBe(
      `default-src 'self'; script-src 'self' 'sha256-${sha('a()')}' 'sha256-${sha('import "/y.js"')}'`,
    )
  })

  it('never serves or keeps a page for a request with a session', async () => {
    const session = { cookie: `${SESSION_COOKIE}=sealed-secret` }
    const mine = await (await get('/en', session)).text()
    expect(mine).toContain('sealed-secret')
    const again = await get('/en', session)
    expect(again.headers.get('x-page-cache')).toBeNull()
    const visitor = await (await get('/en')).text()
    expect(visitor).not.toContain('sealed-secret')
    expect(renders).toBe(3)
  })

  it('shares a page only between visitors who sent the same cookies', async () => {
    await get('/en', { cookie: 'market=TH' })
    const other = await get('/en', { cookie: 'market=MY' })
    expect(other.headers.get('x-page-cache')).toBe('miss')
    expect(await other.text()).toContain('market=MY')
    const same = await get('/en', { cookie: 'cookie_consent=accepted; market=TH' })
    expect(same.headers.get('x-page-cache')).toBe('miss')
    const reordered = await get('/en', { cookie: 'market=TH; cookie_consent=accepted' })
    expect(reordered.headers.get('x-page-cache')).toBe('hit')
  })

  it('keeps no answer that sets a cookie, is not a 200 or says no-store', async () => {
    await get('/en?setCookie=1')
    expect((await get('/en?setCookie=1')).headers.get('x-page-cache')).toBe('miss')
    await get('/en?status=404')
    expect((await get('/en?status=404')).headers.get('x-page-cache')).toBe('miss')
    // A page that says it is not to be kept (it depends on more than its address).
    await get('/en/report-bug?noStore=1')
    expect((await get('/en/report-bug?noStore=1')).headers.get('x-page-cache')).toBe('miss')
    expect(renders).toBe(6)
  })

  it('answers a revalidation with 304 and no new policy for the copy the browser keeps', async () => {
    await get('/en/about')
    const hit = await get('/en/about')
    const etag = hit.headers.get('etag')
    expect(etag).toMatch(/^W\/"/)
    const revalidated = await get('/en/about', { 'if-none-match': etag! })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('content-security-policy')).toBeNull()
  })

  it('is wired into the web server with the session cookie the app uses', () => {
    const server = readFileSync(new URL('./server.mjs', import.meta.url), 'utf8')
    expect(server.replace(/\s+/g, ' ')).toContain(
      `createPageCache({ sessionCookie: '${SESSION_COOKIE}',`,
    )
    expect(server).toContain('version: watchContentVersion(')
    expect(server).toContain('shared: build.entry.module.sharedPageLookup,')
  })
})

describe('pages kept under the shop’s content version (docs/product/back-office.md)', () => {
  it('makes a page again once the version has moved, and keeps it while the API cannot say', async () => {
    let current: number | null = 1
    let made = 0
    let rechecks = 0
    const versioned = createPageCache({
      sessionCookie: SESSION_COOKIE,
      ttlMs: 60_000,
      version: Object.assign(async () => current, { recheck: () => void (rechecks += 1) }),
    })
    const site = express()
    site.use(versioned)
    site.post('/{*splat}', (_req, res) => void res.status(303).end())
    site.get('/{*splat}', (_req, res) => {
      made += 1
      const nonce = randomBytes(16).toString('base64')
      res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`)
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.end(`<p>page ${made}</p><script nonce="${nonce}"></script>`)
    })
    const listening = site.listen(0, '127.0.0.1')
    await new Promise((resolve) => listening.once('listening', resolve))
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/en/contact`
    const text = async () => (await fetch(url)).text()
    try {
      expect(await text()).toContain('page 1')
      expect(await text()).toContain('page 1')
      current = 2
      expect(await text()).toContain('page 2')
      expect(await text()).toContain('page 2')
      current = null
      expect(await text()).toContain('page 2')
      expect(made).toBe(2)
      // Any form posted through the cache asks for a recheck once it is answered.
      await fetch(url, { method: 'POST' })
      expect(rechecks).toBe(1)
    } finally {
      listening.close()
    }
  })

  it('asks the API at most once a second however many requests come in', async () => {
    let asked = 0
    let version = 7
    const api = express()
    api.get('/api/v1/content-version', (_req, res) => {
      asked += 1
      res.json({ version })
    })
    const listening = api.listen(0, '127.0.0.1')
    await new Promise((resolve) => listening.once('listening', resolve))
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1/content-version`
    try {
      const watch = watchContentVersion(url, 200)
      expect(await Promise.all(Array.from({ length: 20 }, () => watch()))).toEqual(
        Array(20).fill(7),
      )
      expect(asked).toBe(1)
      version = 8
      expect(await watch()).toBe(7)
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(await watch()).toBe(8)
      expect(asked).toBe(2)
      // A form sent through this server (an admin's edit) makes the next page ask at once.
      version = 9
      watch.recheck()
      expect(await watch()).toBe(9)
      expect(asked).toBe(3)
      listening.close()
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(await watch()).toBeNull()
    } finally {
      listening.close()
    }
  })
})

describe('a logged-in customer’s catalogue pages, shared by what they read of the session (ADR 086)', () => {
  // A stand-in for React Router: it marks a page as the app does (entry.server.tsx, from the
  // routes' handles) when the page is a catalogue page asked for under the key the session gives;
  // every page shows the session's name and cart count, as a personal page would.
  let made = 0
  const sharing = createPageCache({
    sessionCookie: SESSION_COOKIE,
    ttlMs: 60_000,
    shared: sharedPageLookup,
  })
  const site = express()
  site.use(sharing)
  site.get('/{*splat}', async (req, res) => {
    made += 1
    const session = await openSession(parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE] ?? null)
    const asked = req.headers['x-shared-page-key']
    const catalogue = req.path.startsWith('/en/products')
    if (catalogue && typeof asked === 'string' && asked === sharedPageKey(session))
      res.setHeader('x-shared-page', '1')
    const nonce = randomBytes(16).toString('base64')
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    // What the root middleware sets on a logged-in answer.
    if (session.isLoggedIn) {
      res.setHeader('Cache-Control', 'no-store')
      res.setHeader('X-Cache-Scope', cacheScope(session))
    }
    const user = session.data.user
    const shown = catalogue ? '' : (user?.fullName ?? '')
    res.end(
      `<p id="made">${made}</p><p id="cart">${session.data.cartCount ?? 0}</p><p>${shown}</p><script nonce="${nonce}"></script>`,
    )
  })
  let listening: Server
  let url = ''
  beforeAll(async () => {
    ;({ server: listening, url } = await listen(site))
  })
  afterAll(() => listening.close())
  beforeEach(() => {
    sharing.clear()
    made = 0
  })

  const customer = (id: number, fullName: string, change: Partial<SessionData> = {}) =>
    new WebSession({
      accessToken: `access-${id}`,
      refreshToken: `refresh-${id}`,
      expiresAt: Date.now() + 15 * 60_000,
      user: {
        id,
        fullName,
        role: 'customer',
        kycStatus: 'APPROVED',
        isPinSet: true,
        market: 'MY',
        preferredBranchId: 1,
        region: 'MY-02',
      },
      cartCount: 0,
      ...change,
    })
  const cookieOf = async (session: WebSession) =>
    `${(await sessionCookieHeader(session)).split(';')[0]}; cookie_consent=accepted`
  const open = async (path: string, session: WebSession | null, headers = {}) => {
    const answer = await fetch(url + path, {
      headers: { ...(session ? { cookie: await cookieOf(session) } : {}), ...headers },
    })
    return { answer, body: await answer.text() }
  }

  it('serves two customers with the same key one page, each with their own headers', async () => {
    const aminah = customer(101, 'Aminah binti Yusof')
    const rosli = customer(202, 'Rosli bin Hamid')
    const [first, second] = await Promise.all([
      open('/en/products/agrochems', aminah),
      open('/en/products/agrochems', rosli),
    ])
    const again = await open('/en/products/agrochems', rosli)
    // Two at once may both be made; after that, the page is the stored one: whichever of the two
    // was stored last (they differ only in their nonce), never a third.
    expect(made).toBeLessThanOrEqual(2)
    expect(again.answer.headers.get('x-page-cache')).toBe('hit')
    expect([first.body, second.body]).toContain(again.body)
    if (made === 1) expect(second.body).toBe(first.body)
    for (const [{ answer }, who] of [
      [first, aminah],
      [second, rosli],
      [again, rosli],
    ] as const) {
      expect(answer.headers.get('x-cache-scope')).toBe(cacheScope(who))
      expect(answer.headers.get('cache-control')).toBe('no-store')
      // The app's mark stays on this server.
      expect(answer.headers.get('x-shared-page')).toBeNull()
    }
    expect(cacheScope(aminah)).not.toBe(cacheScope(rosli))
  })

  it('makes a page again for another key, and never shares one with a visitor', async () => {
    await open('/en/products/agrochems', customer(101, 'Aminah'))
    const fuller = await open('/en/products/agrochems', customer(202, 'Rosli', { cartCount: 3 }))
    expect(fuller.answer.headers.get('x-page-cache')).toBe('miss')
    expect(fuller.body).toContain('<p id="cart">3</p>')
    const visitor = await fetch(`${url}/en/products/agrochems`, {
      headers: { cookie: 'cookie_consent=accepted' },
    })
    expect(visitor.headers.get('x-page-cache')).toBe('miss')
    expect(visitor.headers.get('x-cache-scope')).toBeNull()
    expect(made).toBe(3)
  })

  it('never keeps a page the app did not mark, nor one made with a message waiting or a token to refresh', async () => {
    const aminah = customer(101, 'Aminah binti Yusof')
    for (let i = 0; i < 2; i++) {
      const personal = await open('/en/dashboard', aminah)
      expect(personal.answer.headers.get('x-page-cache')).toBe('miss')
      expect(personal.body).toContain('Aminah binti Yusof')
    }
    const waiting = customer(101, 'Aminah', { flash: { kind: 'success', messageKey: 'x.y' } })
    const expiring = customer(101, 'Aminah', { expiresAt: Date.now() + 60_000 })
    for (const session of [waiting, expiring, waiting, expiring]) {
      const page = await open('/en/products/agrochems', session)
      expect(page.answer.headers.get('x-page-cache')).toBeNull()
    }
    expect(made).toBe(6)
  })

  it('drops a key a browser sends of its own, and makes loader data for each request', async () => {
    const key = sharedPageKey(customer(101, 'Aminah'))!
    await open('/en/products/agrochems', null, { 'x-shared-page-key': key })
    await open('/en/products/agrochems', null, { 'x-shared-page-key': key })
    // A visitor's page is kept by their cookies only: it was not marked as a customer's page.
    const aminah = await open('/en/products/agrochems', customer(101, 'Aminah'))
    expect(aminah.answer.headers.get('x-page-cache')).toBe('miss')
    await open('/en/products/agrochems.data', customer(101, 'Aminah'))
    const data = await open('/en/products/agrochems.data', customer(101, 'Aminah'))
    expect(data.answer.headers.get('x-page-cache')).toBeNull()
    expect(made).toBe(4)
  })
})
