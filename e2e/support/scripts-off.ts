import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

/**
 * Opens a page, with `context`'s cookies, in a browser whose scripting is really off, as on a phone
 * with JavaScript switched off in its settings: it reads <noscript> as part of the page and shows
 * it. A context with `javaScriptEnabled: false` only stops scripts from running; Chromium still
 * reads <noscript> as text there and shows none of it (e2e/cart.e2e.ts reads the page sent instead).
 * Playwright's text locators skip <noscript>: find what is in it with CSS.
 */
export async function withScriptsOff<T>(
  context: BrowserContext,
  baseURL: string,
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--blink-settings=scriptEnabled=false'],
  })
  try {
    const off = await browser.newContext({ baseURL, storageState: await context.storageState() })
    return await use(await off.newPage())
  } finally {
    await browser.close()
  }
}
