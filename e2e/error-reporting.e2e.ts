import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  startUsing,
  test,
} from './support/fixtures.ts'
import { startWebServer } from './support/extra-web-server.ts'
import { startFakeCollector } from './support/fake-error-collector.ts'
import { loginInBrowser } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/error-reporting.md: with a service configured, an error in a page reaches it
 * (through our own web server), with no mobile number, ID number or token in anything sent:
 * events, logs, breadcrumbs, replays. A web server of its own, reporting to a collector on this
 * machine; the API and database are the shared ones.
 */
test.describe('error reporting to a service', () => {
  test.describe.configure({ timeout: 90_000 })

  test('an error thrown in a page arrives, scrubbed; warnings arrive as logs; a bug report too', async ({
    browser,
  }) => {
    const collector = await startFakeCollector(E2E_WEB_PORT + 21)
    const web = await startWebServer(E2E_WEB_PORT + 20, {
      SENTRY_DSN: collector.dsn,
      SENTRY_ENVIRONMENT: 'e2e',
      PAGE_CACHE_SECONDS: '0',
    })
    const context = await browser.newContext({ baseURL: web.url })
    const page = await context.newPage()
    try {
      await loginInBrowser(page, '+60120000001')
      await page.goto('/en/settings')
      await startUsing(page)
      // The reporting code loads once the page runs.
      await page.waitForFunction(() => '__SENTRY__' in window)
      const requests: string[] = []
      page.on('request', (r) => requests.push(r.url()))
      await page.evaluate(() => {
        console.warn('slow answer for 0120000001')
        setTimeout(() => {
          throw new Error('Payment failed for +60120000001 (MyKad 900101-14-5678)')
        })
      })
      await expect
        .poll(() => collector.items().some((i) => i.text.includes('Payment failed for')), {
          timeout: 20_000,
        })
        .toBe(true)
      const event = collector
        .items()
        .find((i) => i.type === 'event' && i.text.includes('Payment failed for'))
      expect(event?.text).toContain('Payment failed for [redacted] (MyKad [redacted])')
      // The warning is a log, not an error event.
      await expect
        .poll(
          () => collector.items().some((i) => i.type === 'log' && i.text.includes('slow answer')),
          { timeout: 20_000, message: 'logs are sent every 5 s' },
        )
        .toBe(true)
      // (It may ride along in an error's breadcrumbs, as the steps before it.)
      const headline = (json: unknown) => {
        const e = (json ?? {}) as { message?: unknown; logentry?: unknown; exception?: unknown }
        return JSON.stringify([e.message, e.logentry, e.exception])
      }
      expect(
        collector
          .items()
          .some((i) => i.type === 'event' && headline(i.json).includes('slow answer')),
      ).toBe(false)
      // The replay of the session comes too (every word masked).
      await expect
        .poll(() => collector.items().some((i) => i.type === 'replay_recording'), {
          timeout: 20_000,
        })
        .toBe(true)
      // Readable (so the search below reads it), and it recorded the page, masked.
      const replay = collector.items().find((i) => i.type === 'replay_recording')?.text ?? ''
      expect(replay).toContain('"type":2')
      expect(replay).toContain('**')
      // Reports went to our own site, never straight to the service.
      expect(requests.filter((u) => u.includes(`:${E2E_WEB_PORT + 21}`))).toEqual([])

      // Report a Bug, sent to the same service.
      await page.goto('/en/settings')
      await startUsing(page)
      await page.getByRole('link', { name: 'Report a Bug' }).click()
      await expect(page.getByRole('heading', { name: 'Report a Bug' })).toBeVisible()
      await expect(page.getByText('/en/settings', { exact: true })).toBeVisible()
      await page
        .getByLabel('What happened?')
        .fill('The settings page froze. Call me on 012-000 0001.')
      await page.getByRole('button', { name: 'Send report' }).click()
      await expect(page.getByText('Thank you. Your report has been sent.')).toBeVisible()
      await expect
        .poll(() => collector.items().some((i) => i.text.includes('The settings page froze')))
        .toBe(true)
      const feedback = collector.items().find((i) => i.text.includes('The settings page froze'))
      expect(feedback?.type).toBe('feedback')
      expect(feedback?.text).toContain('/en/settings')

      // Nothing sent anywhere holds the farmer's number, an ID number or a token.
      const everything = collector.allText()
      for (const secret of ['60120000001', '0120000001', '012-000 0001', '900101-14-5678'])
        expect(everything).not.toContain(secret)
      expect(everything).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
      expect(everything).not.toContain('__session=')
    } finally {
      await context.close()
      await web.stop()
      await collector.close()
    }
  })

  test('the tunnel forwards only our own reports from our own pages', async ({ request }) => {
    const collector = await startFakeCollector(E2E_WEB_PORT + 23)
    const web = await startWebServer(E2E_WEB_PORT + 22, { SENTRY_DSN: collector.dsn })
    try {
      const envelope = (dsn: string) =>
        `${JSON.stringify({ dsn, event_id: 'a'.repeat(32) })}\n{"type":"event"}\n${JSON.stringify({ message: 'hello from +60120000001' })}\n`
      const post = (body: string, origin = web.url) =>
        request.post(`${web.url}/errors/envelope`, {
          data: body,
          headers: { 'content-type': 'text/plain', origin },
        })
      // Another project's reports: this is no open relay.
      expect((await post(envelope('http://other@127.0.0.1:9/2'))).status()).toBe(400)
      // Another site's page.
      expect((await post(envelope(collector.dsn), 'https://evil.example')).status()).toBe(403)
      expect((await post(envelope(collector.dsn), 'null')).status()).toBe(403)
      // Not an envelope.
      expect((await post('not json')).status()).toBe(400)
      expect(collector.items()).toEqual([])
      // Ours: forwarded, scrubbed again on the way.
      expect((await post(envelope(collector.dsn))).status()).toBe(200)
      expect(collector.items().map((i) => i.text)).toEqual(['{"message":"hello from [redacted]"}'])
    } finally {
      await web.stop()
      await collector.close()
    }
  })
})

/**
 * docs/product/error-reporting.md (Report a Bug) with no service configured (the shared servers):
 * the report is kept by the shop and admins read it in the back office; it works without scripts.
 */
test.describe('Report a Bug, kept by the shop', () => {
  test('a visitor reports without JavaScript, in Malay; an admin reads it', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
      javaScriptEnabled: false,
    })
    const page = await context.newPage()
    try {
      await page.goto('/bm/calculator')
      await page.getByRole('link', { name: 'Laporkan Pepijat' }).click()
      await expect(page.getByRole('heading', { name: 'Laporkan Pepijat' })).toBeVisible()
      await expect(page.getByText('/bm/calculator', { exact: true })).toBeVisible()
      // Nothing written: told so, nothing kept.
      await page.getByRole('button', { name: 'Hantar laporan' }).click()
      await expect(page.getByText('Beritahu kami apa yang berlaku.')).toBeVisible()
      const words = `Kalkulator tidak mengira dengan betul ${Date.now()}`
      await page.getByLabel('Apa yang berlaku?').fill(words)
      await page.getByRole('button', { name: 'Hantar laporan' }).click()
      await expect(page.getByText('Terima kasih. Laporan anda telah dihantar.')).toBeVisible()

      await loginInBrowser(page, '+60120000005')
      await page.goto('/en/admin/feedback')
      const row = page.getByRole('row').filter({ hasText: words })
      await expect(row).toContainText('/bm/calculator')
      await expect(row).toContainText('A visitor (bm)')
    } finally {
      await context.close()
    }
  })

  test('a farmer’s report names them; the page is readable at 360 px in every language', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await loginInBrowser(page, '+60120000001')
    for (const [lang, title] of [
      ['en', 'Report a Bug'],
      ['bm', 'Laporkan Pepijat'],
      ['th', 'แจ้งปัญหาการใช้งาน'],
    ] as const) {
      await page.goto(`/${lang}/report-bug?page=/${lang}/cart`)
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      await expectAccessible(page)
      await expectNoSidewaysScroll(page)
    }
    await page.goto('/en/report-bug?page=/en/cart')
    const words = `Cart total looks wrong ${Date.now()}`
    await page.getByLabel('What happened?').fill(words)
    await page.getByRole('button', { name: 'Send report' }).click()
    await expect(page.getByText('Thank you. Your report has been sent.')).toBeVisible()
    // A page of another site is not taken as the report's page.
    await page.goto('/en/report-bug?page=https://evil.example/en')
    await expect(page.getByText('About the page: /', { exact: false })).toContainText('/')
    await expect(page.locator('input[name="page"]')).toHaveValue('/')
  })
})
