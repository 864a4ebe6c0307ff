import { expect, startUsing, test } from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { submitLogin } from './support/login.ts'
import { fillCart, packOf } from './support/shop.ts'

/** docs/product/shell.md (The installable app). */
test.describe('the installable app', () => {
  test('a manifest with the name, colour and icons Android asks for', async ({ page, request }) => {
    const res = await request.get('/manifest.webmanifest')
    expect(res.headers()['content-type']).toContain('application/manifest+json')
    const manifest = (await res.json()) as {
      name: string
      display: string
      start_url: string
      icons: { src: string; sizes: string; purpose: string }[]
    }
    expect(manifest).toMatchObject({ name: 'SawahMart', display: 'standalone', start_url: '/en' })
    for (const size of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose)
        expect(icon, `${purpose} icon ${size}`).toBeTruthy()
        const file = await request.get(icon!.src)
        expect(file.headers()['content-type']).toBe('image/png')
      }
    // In Thai for a Thai browser.
    const th = await request.get('/manifest.webmanifest', {
      headers: { cookie: 'i18n_redirected=th' },
    })
    expect(((await th.json()) as { start_url: string }).start_url).toBe('/th')
    await page.goto('/en')
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    )
  })

  test('pages seen open offline and say so; after logout nothing of the user is served', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000)
    const account = await createAccount(request)
    const pack = await packOf(request, 1)
    await fillCart(request, account, [{ id: pack.id, count: 2 }])
    const context = await browser.newContext({ baseURL: baseURL!, serviceWorkers: 'allow' })
    const page = await context.newPage()
    try {
      await page.goto('/en/login')
      await submitLogin(page, account.mobile, account.password)
      await expect(page).toHaveURL(/\/en$/)
      // The service worker is registered when the farmer starts using a page (its scripts start).
      await startUsing(page)
      // Installed (the offline page stored) and activated: waited for as the browser reports it,
      // however long a busy machine takes. This page itself may stay uncontrolled: when the worker
      // was registered on the login page, the home page's request can start before it activates and
      // its claim can come before the new page exists (seen 1 in 30 runs on a loaded machine). The
      // farmer's next page is the one that counts: a navigation after activation always goes
      // through the worker.
      expect(
        await page.evaluate(async () => {
          const { active } = await navigator.serviceWorker.ready
          if (active && active.state !== 'activated')
            await new Promise((resolve) =>
              active.addEventListener(
                'statechange',
                () => active.state === 'activated' && resolve(null),
              ),
            )
          return {
            active: active?.state,
            offlinePage: Boolean(await caches.match('/offline.html', { ignoreSearch: true })),
          }
        }),
      ).toEqual({ active: 'activated', offlinePage: true })
      await page.goto('/en/products/agrochems')
      expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
      const firstProduct = (await page.locator('main h2, main h3').first().textContent()) ?? ''
      await page.goto('/en/qr')
      await expect(page.getByRole('heading', { name: 'My QR code' })).toBeVisible()
      await page.goto('/en/cart')
      const line = page.locator('main').getByRole('listitem').first()
      const lineText = ((await line.textContent()) ?? '').slice(0, 30)
      expect(lineText.length).toBeGreaterThan(5)
      // The worker keeps each of these pages before handing it over: all three are there.
      const keptPages = await page.evaluate(async () => {
        const paths: string[] = []
        for (const name of (await caches.keys()).filter((n) => n.startsWith('pages-u')))
          for (const request of await (await caches.open(name)).keys())
            paths.push(new URL(request.url).pathname)
        return paths
      })
      expect(keptPages).toEqual(
        expect.arrayContaining(['/en/products/agrochems', '/en/qr', '/en/cart']),
      )

      await context.setOffline(true)
      const offlineNote = page.getByText(
        'You are offline: this page is the copy saved on your phone.',
      )
      await page.goto('/en/cart')
      await expect(offlineNote).toBeVisible()
      await expect(page.locator('main')).toContainText(lineText)
      await page.goto('/en/products/agrochems')
      await expect(offlineNote).toBeVisible()
      await expect(page.locator('main')).toContainText(firstProduct)
      await page.goto('/en/qr')
      await expect(page.getByRole('heading', { name: 'My QR code' })).toBeVisible()
      await expect(offlineNote).toBeVisible()
      // A page never opened: the offline page, in the three languages.
      await page.goto('/en/about')
      await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'คุณออฟไลน์อยู่' })).toBeVisible()

      // Back online, the farmer logs out; offline again, their cart is not there for anyone.
      await context.setOffline(false)
      await page.goto('/en/settings')
      await page.getByRole('button', { name: 'Log out' }).first().click()
      await expect(page.getByText('You are logged out. See you again soon.')).toBeVisible()
      await context.setOffline(true)
      await page.goto('/en/cart')
      await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
      await expect(page.locator('body')).not.toContainText(lineText)
      const kept = await page.evaluate(async () => {
        const names = await caches.keys()
        const texts: string[] = []
        const urls: string[] = []
        for (const name of names.filter((n) => n.startsWith('pages-'))) {
          const cache = await caches.open(name)
          for (const req of await cache.keys()) {
            urls.push(new URL(req.url).pathname)
            texts.push(await (await cache.match(req))!.text())
          }
        }
        return { names, urls, texts: texts.join('\n') }
      })
      expect(kept.names.filter((n) => n.startsWith('pages-u'))).toEqual([])
      // Nor the record of which of their pages were opened when (Workbox keeps it in IndexedDB).
      const opened = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const open = indexedDB.open('workbox-expiration')
            open.onerror = () => resolve([])
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('cache-entries')) return resolve([])
              const all = db.transaction('cache-entries').objectStore('cache-entries').getAll()
              all.onsuccess = () =>
                resolve((all.result as { cacheName: string }[]).map((e) => e.cacheName))
            }
          }),
      )
      expect(opened.filter((n) => n.startsWith('pages-u'))).toEqual([])
      expect(kept.texts).not.toContain('Test Farmer')
      expect(kept.urls.filter((u) => /\/(cart|qr)(\.data)?$/.test(u))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
