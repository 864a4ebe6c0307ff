import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { RouterContextProvider } from 'react-router'
import { vi } from 'vitest'
import { LOCALES, type Locale } from '@padi/domain/i18n/locales'
import { CATALOGUES, serverTranslator } from '~/utils/messages.server.ts'

// Route-level tests (a page's `*.test.ts` beside it): the page's own action or loader, called with
// a real Request and the router context the app's middleware builds (the root's API client and
// session, the locale layout's guards, the login or staff layout's), against the real API on a
// database of its own with the demo data. Nothing of the web is stood in for.

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url))
/** The site the requests are made to: forms post from it (the cross-site check lets them in). */
const ORIGIN = 'http://shop.test'

let apiPort: number | undefined

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      )
    })
  })
}

export type TestApi = { url: string; stop: () => Promise<void> }

type Args = { request: Request; params: Record<string, string>; context: RouterContextProvider }
type Middleware = (args: Args, next: () => Promise<Response>) => unknown
type RouteFunction = (args: never) => unknown
type Layout = 'public' | 'protected' | 'staff'

/** The web's middleware above each kind of page, as app/routes.ts nests them, and its cookie. */
let web: { layouts: Record<Layout, Middleware[]>; sessionCookie: string } | undefined

/**
 * The web's modules, loaded once its settings name the test API. The web reads its settings once
 * per process (getEnv); when another test file of this worker read them first, the modules are
 * loaded afresh (a page's modules are then imported by its test after startApi, not before).
 */
async function loadWeb(url: string) {
  process.env.API_URL = url
  process.env.SESSION_SECRET ??= 'route-tests-session-secret-that-is-long-enough-0123456789'
  const settings = async () => (await import('~/utils/env.server.ts')).getEnv().apiUrl
  if ((await settings()) !== url) {
    vi.resetModules()
    if ((await settings()) !== url) throw new Error(`the web does not talk to the test API`)
  }
  const [root, locale, login, staff, session] = await Promise.all([
    import('../../root.tsx'),
    import('../layouts/locale-layout.tsx'),
    import('../layouts/protected-layout.tsx'),
    import('../staff/staff-layout.tsx'),
    import('~/utils/session.server.ts'),
  ])
  const above = (...lists: unknown[][]) => lists.flat() as Middleware[]
  web = {
    layouts: {
      public: above(root.middleware, locale.middleware),
      protected: above(root.middleware, locale.middleware, login.middleware),
      staff: above(root.middleware, locale.middleware, staff.middleware),
    },
    sessionCookie: session.SESSION_COOKIE,
  }
}

/**
 * The real API for one test file, started as the browser tests start it (e2e/support/serve-api.ts:
 * a fresh database, the demo data). The web reads its address once per process, so every file of
 * a test worker uses the same port, each with an API and a database of its own.
 */
export async function startApi(): Promise<TestApi> {
  apiPort ??= await freePort()
  const url = `http://127.0.0.1:${apiPort}`
  await loadWeb(url)
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/serve-api.ts', String(apiPort)],
    {
      cwd: REPO,
      // Tokens that do not need refreshing during a file's tests; no wait before stopping.
      env: { ...process.env, ACCESS_TOKEN_TTL_SECONDS: '3600', SHUTDOWN_DRAIN_MS: '0' },
      stdio: ['pipe', 'inherit', 'inherit'],
    },
  )
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the test API exited (${code})`))),
  )
  exited.catch(() => undefined)
  const until = Date.now() + 60_000
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > until) throw new Error('the test API did not start in 60 s')
    await Promise.race([new Promise((r) => setTimeout(r, 100)), exited])
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        // Closing its stdin stops it; it then drops its database.
        child.stdin?.end()
      }),
  }
}

/** What a page answered: the status and Location the browser gets, and the action's or loader's data. */
export type Answer<T> = { status: number; location: string | null; headers: Headers; data: T }

type DataWithInit = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null }
const isData = (value: unknown): value is DataWithInit =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'DataWithResponseInit'

/** Runs middleware as React Router does: each calls `next` (or has it called) and answers a Response. */
async function through(middleware: Middleware[], args: Args, last: () => Promise<Response>) {
  const run = async (i: number): Promise<Response> => {
    if (i === middleware.length) return last()
    let answered: Response | undefined
    const next = async () => (answered = await run(i + 1))
    const returned = await middleware[i]!(args, next)
    if (returned instanceof Response) return returned
    return answered ?? next()
  }
  return run(0)
}

/** The fields of a form as a browser sends them: repeated names repeat; a File makes it multipart. */
export type Fields = Record<string, string | number | File | (string | number | File)[]>

function body(fields: Fields): URLSearchParams | FormData {
  const multipart = Object.values(fields)
    .flat()
    .some((v) => v instanceof File)
  const form = multipart ? new FormData() : new URLSearchParams()
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value])
      if (one instanceof File) (form as FormData).append(name, one)
      else form.append(name, String(one))
  return form
}

/**
 * One browser: its session cookie kept from answer to answer, as a browser keeps it. `post` sends
 * a page's form to its action, `get` opens the page (its loader).
 */
export function aBrowser(locale: Locale = 'en') {
  let cookie = ''
  async function call<T>(
    layout: Layout,
    fn: RouteFunction | undefined,
    request: Request,
    params: Record<string, string>,
  ): Promise<Answer<T>> {
    if (!fn) throw new Error('the route has no such function')
    if (!web) throw new Error('startApi first')
    const context = new RouterContextProvider()
    const args: Args = { request, params: { lang: locale, ...params }, context }
    let data: unknown = null
    const response = await through(web.layouts[layout], args, async () => {
      let result: unknown
      try {
        result = await (fn as (a: Args) => unknown)(args)
      } catch (thrown) {
        if (!isData(thrown)) throw thrown
        result = thrown
      }
      if (result instanceof Response) return result
      if (isData(result)) {
        data = result.data
        return new Response(null, result.init ?? undefined)
      }
      data = result
      return new Response(null)
    })
    const sealed = response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${web!.sessionCookie}=`))
      ?.split(';')[0]
    if (sealed !== undefined) cookie = sealed.endsWith('=') ? '' : sealed
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      data: data as T,
    }
  }
  const headers = () => ({ origin: ORIGIN, ...(cookie ? { cookie } : {}) })
  return {
    /** Sends a form to `path`'s action (a URL-encoded form, or multipart with a file). */
    post<T = unknown>(
      route: { action?: RouteFunction },
      layout: Layout,
      path: string,
      fields: Fields,
      params: Record<string, string> = {},
    ) {
      const request = new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: headers(),
        body: body(fields),
      })
      return call<T>(layout, route.action, request, params)
    },
    /** Opens `path`: its loader's answer. */
    get<T = unknown>(
      route: { loader?: RouteFunction },
      layout: Layout,
      path: string,
      params: Record<string, string> = {},
    ) {
      const request = new Request(`${ORIGIN}${path}`, { headers: headers() })
      return call<T>(layout, route.loader, request, params)
    },
  }
}

/** What the reader of `locale` reads for a catalogue key (the page's own translator). */
export function say(
  message: { key: string; params?: Record<string, string | number> | undefined } | string,
  locale: Locale = 'en',
): string {
  const { key, params } =
    typeof message === 'string' ? { key: message, params: undefined } : message
  return serverTranslator(locale, [key.split('.')[0]!])(key, params)
}

/** Whether every language's catalogue has its own text for a key (not the fallback's). */
export function inEveryCatalogue(key: string): boolean {
  return LOCALES.every((locale) => {
    let node: unknown = CATALOGUES[locale]
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
    return typeof node === 'string' && node.length > 0
  })
}

/** A call to the test API itself (to set up or check what a page did), with a user's token. */
export async function apiJson<T = unknown>(
  api: TestApi,
  path: string,
  init: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${api.url}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A demo account's token, from the test API (docs/product/demo-mode.md: the demo password). */
export async function tokenOf(api: TestApi, mobile: string, password = 'demo2026') {
  const answer = await apiJson<{ access_token: string }>(api, '/auth/login', {
    body: { mobile, password },
  })
  return answer.access_token
}
