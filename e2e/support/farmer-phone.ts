import { expect, type Page, type Route } from '@playwright/test'
import { hydrated } from './fixtures.ts'

/**
 * The farmer's phone (docs/performance.md, the two presets): a 400 ms round trip, 400 kbps each
 * way and the CPU ten times slower, set on the page through Chromium's DevTools protocol.
 */
export const FARMER_PHONE = { latency: 400, kbps: 400, cpu: 10 } as const

/** Slows the page's network and CPU as the farmer's phone is slow. */
export async function asFarmerPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: FARMER_PHONE.latency,
    downloadThroughput: (FARMER_PHONE.kbps * 1024) / 8,
    uploadThroughput: (FARMER_PHONE.kbps * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: FARMER_PHONE.cpu })
  return cdp
}

/**
 * Holds back every script file the page asks for until `release()`: what the test does before
 * that is certainly done before the page hydrated, however fast this machine is (a test that only
 * hoped to be quicker than the scripts would pass or fail with the machine's load). The page is
 * then exactly as a farmer's phone has it in the seconds before its scripts arrive.
 */
export async function holdScripts(page: Page) {
  const held: Route[] = []
  let releasing = false
  const handler = (route: Route) => {
    if (releasing) return route.continue()
    held.push(route)
  }
  await page.route('**/assets/**/*.js', handler)
  return {
    /** How many script requests the page has made so far (and are held). */
    count: () => held.length,
    /** Lets the held scripts (and every later one) through; resolves once the page has hydrated. */
    async release() {
      releasing = true
      await Promise.all(held.splice(0).map((r) => r.continue()))
      await page.unroute('**/assets/**/*.js', handler)
      await hydrated(page)
    },
  }
}

/**
 * Opens `url` without touching the page: returns once the document is parsed (the page the farmer
 * sees), not after the scripts have run (the test fixture's `goto` moves the pointer and waits for
 * hydration; this does neither).
 */
export async function arrive(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  await expectNotHydrated(page)
}

/** The page has not hydrated yet: the starter's record of what was typed is still open. */
export async function expectNotHydrated(page: Page) {
  expect(
    await page.evaluate(
      () => (window as unknown as Record<string, unknown>).__typedBeforeHydration !== null,
    ),
    'the page had already hydrated',
  ).toBe(true)
}
