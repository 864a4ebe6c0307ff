// `npm run bench:pages`: what each public page (and the cart, checkout and payment pages of a
// logged-in customer) costs a phone on first load — the HTML document
// (gzip), and the JavaScript and CSS it loads (gzip -9 of each file, as the budget F4/F5 counts).
// Starts its own servers on a fresh database (e2e/support/serve.ts) and stops them afterwards.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { cpus, totalmem } from 'node:os'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { startServersAndBrowser } from './bench-browser.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const WEB = 3500
const API = 3501
const PAGES = [
  '/en',
  '/en/contact',
  '/en/credit',
  '/en/register-interest',
  '/en/calculator/area-converter',
  '/en/calculator/input-calculation',
  '/th/privacy',
  '/en/login',
  '/bm/signup',
  '/en/products/agrochems',
  '/en/products/agrochems/9',
  '/th/products/drones',
]
/** Pages of a logged-in customer with a pack in the cart and checkout chosen (credit, pickup). */
const CUSTOMER_PAGES = ['/en/cart', '/en/checkout', '/en/checkout/payment']

const { base, browser, stop } = await startServersAndBrowser(WEB, API)
try {
  const customer = await loggedInCustomer()
  const rows: string[] = []
  for (const path of [...PAGES, ...CUSTOMER_PAGES]) {
    const loggedIn = CUSTOMER_PAGES.includes(path)
    const page = loggedIn ? await customer.context.newPage() : await browser.newPage()
    const assets = new Set<string>()
    page.on('response', (r) => {
      const url = new URL(r.url())
      if (url.pathname.startsWith('/assets/')) assets.add(url.pathname)
    })
    const response = await page.goto(base + path, { waitUntil: 'networkidle' })
    // The scripts start at the farmer's first interaction (ADR 031): a pointer move.
    await page.mouse.move(1, 1)
    await page.mouse.move(2, 2)
    await page.waitForFunction(() => '__reactRouterDataRouter' in window)
    await page.waitForLoadState('networkidle')
    // First-load JS is what the document itself names (module preloads and the entry script,
    // the budget's F4 set); anything imported later (after the page is shown) is counted apart.
    const text = (await response?.text()) ?? ''
    const named = new Set(
      [...text.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
    )
    // The page's stylesheets come inside its HTML (ADR 032): React names them in data-href.
    const inlined = [...text.matchAll(/<style data-precedence="[^"]*" data-href="([^"]+)"/g)]
      .flatMap((m) => m[1]?.split(' ') ?? [])
      .filter((href) => href.startsWith('/assets/'))
    await page.close()
    let js = 0
    let later = 0
    let css = 0
    let cssInHtml = 0
    for (const href of inlined) {
      cssInHtml += gzipSync(readFileSync(`${root}apps/web/build/client${href}`), {
        level: 9,
      }).length
    }
    for (const asset of assets) {
      const size = gzipSync(readFileSync(`${root}apps/web/build/client${asset}`), {
        level: 9,
      }).length
      if (asset.endsWith('.js')) {
        if (named.has(asset)) js += size
        else later += size
      } else if (asset.endsWith('.css')) css += size
    }
    const html = await compressedSize(base + path, loggedIn ? customer.cookie : '')
    rows.push(
      `| ${path} | ${kb(html)} | ${kb(cssInHtml)} | ${kb(js)} | ${kb(later)} | ${kb(css)} |`,
    )
  }
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${new Date().toISOString().slice(0, 10)}`,
  )
  console.log(
    '| Page | HTML (gzip) | CSS inside it (gzip -9) | JS first load (gzip -9) | JS loaded later | CSS fetched (gzip -9) |\n|---|---|---|---|---|---|',
  )
  console.log(rows.join('\n'))
} finally {
  await stop()
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`
}

/**
 * The demo customer, logged in in a browser context of their own, with one pack in the cart and
 * checkout chosen (collection, credit), so the payment page can be shown.
 */
async function loggedInCustomer() {
  const api = `http://127.0.0.1:${API}/api/v1`
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '+60120000001', password: 'demo2026' }),
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const product = (await (await fetch(`${api}/products/1?market=MY`)).json()) as {
    variations: { id: number; stock: number }[]
  }
  await fetch(`${api}/me/cart/lines`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({
      variation_id: product.variations.find((v) => v.stock > 0)!.id,
      count: 1,
    }),
  })
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${base}/en/login`)
  await page.getByLabel('Mobile number').fill('+60120000001')
  await page.getByLabel('Password', { exact: true }).fill('demo2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(`${base}/en`)
  await page.goto(`${base}/en/checkout`)
  await page.getByLabel('Collect at a branch').check()
  await page.getByLabel('Credit (pay at harvest)').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await page.waitForURL(`${base}/en/checkout/payment`)
  await page.close()
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  return { context, cookie }
}

function compressedSize(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(
      url,
      {
        headers: {
          'accept-encoding': 'gzip',
          cookie: ['cookie_consent=accepted', cookie].filter(Boolean).join('; '),
        },
      },
      (res) => {
        let n = 0
        res.on('data', (c: Buffer) => (n += c.length))
        res.on('end', () => resolve(n))
      },
    )
      .on('error', reject)
      .end()
  })
}
