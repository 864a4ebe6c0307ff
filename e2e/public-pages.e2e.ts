import {
  test,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  settled,
  VIEWPORTS,
} from './support/fixtures.ts'
import { PUBLIC_PAGES as PAGES } from './support/public-pages.ts'

const LOCALES = ['en', 'bm', 'th'] as const
const HTML_LANG = { en: 'en-MY', bm: 'ms-MY', th: 'th-TH' }

for (const locale of LOCALES) {
  for (const path of PAGES) {
    test(`${locale}${path} renders at 360 px and 1280 px, accessible, no errors`, async ({
      page,
    }) => {
      const [phone, desktop] = VIEWPORTS
      await page.setViewportSize({ width: phone.width, height: phone.height })
      const response = await page.goto(`/${locale}${path === '/' ? '' : path}`)
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale])
      await expect(page).toHaveTitle(/^.+ \| SawahMart$/)
      await expect(page.locator('h1').first()).toBeVisible()
      // Hydration finished without errors (the fixture fails the test on any console error), and
      // what the page fetched after it arrived.
      await settled(page)
      await expectNoSidewaysScroll(page)
      await expectAccessible(page)
      // The same page widened: the server's HTML does not depend on the screen (no script of these
      // pages reads its size), so the desktop layout is the stylesheet's, checked without a reload.
      await page.setViewportSize({ width: desktop.width, height: desktop.height })
      await expect(page.locator('h1').first()).toBeVisible()
      await settled(page)
      await expectNoSidewaysScroll(page)
      await expectAccessible(page)
    })
  }
}
