import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures.ts'

// docs/product/shell.md: the shell on a farmer's phone (360 x 740).
const PHONE = { width: 360, height: 740 }
const LOCALES = ['en', 'bm', 'th'] as const

/** Every public page, with the inputs that give it its full content. */
const PUBLIC_PAGES = [
  '',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/register-interest',
  '/credit',
  '/calculator',
  '/calculator/area-converter?value=5&from=relong&to=hectare',
  '/calculator/input-calculation',
  '/products',
  '/products/agrochems?in_stock=true',
  '/products/drones',
  '/products/1',
  '/login',
  '/signup',
  '/forgot-pwd',
]

/** The top and bottom of an element in the first screen, in CSS pixels. */
async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox()
  if (!b) throw new Error(`${selector} is not shown on ${page.url()}`)
  return b
}

/**
 * Each visible link, button, input, select and summary with a box smaller than 44 x 44 px
 * (WCAG 2.5.5). A checkbox or radio counts with its label, which toggles it too.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44
    const small: string[] = []
    const rectOf = (el: Element) => el.getBoundingClientRect()
    const union = (a: DOMRect, b: DOMRect) => {
      const left = Math.min(a.left, b.left)
      const top = Math.min(a.top, b.top)
      return {
        width: Math.max(a.right, b.right) - left,
        height: Math.max(a.bottom, b.bottom) - top,
      }
    }
    const targets = document.querySelectorAll('a[href], button, input, select, textarea, summary')
    for (const el of targets) {
      if (el instanceof HTMLInputElement && el.type === 'hidden') continue
      if (el.closest('.skip-link, noscript') || el.classList.contains('skip-link')) continue
      // Hidden (a closed menu or filter panel, whose fields are laid out but never drawn): nothing
      // to tap. The open panel is measured on its own (below).
      if (!el.checkVisibility({ visibilityProperty: true })) continue
      let rect: { width: number; height: number } = rectOf(el)
      if (rect.width === 0 && rect.height === 0) continue // not rendered (closed menu, hidden bar)
      // A stretched link (an absolute ::after over its card) is tapped anywhere on the card.
      const after = getComputedStyle(el, '::after')
      if (after.position === 'absolute' && after.content !== 'none' && el instanceof HTMLElement)
        if (el.offsetParent) rect = rectOf(el.offsetParent)
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.labels?.[0]
        if (label) rect = union(rectOf(el), rectOf(label))
      }
      if (rect.width + 0.5 < MIN || rect.height + 0.5 < MIN) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
        )
      }
    }
    return small
  })
}

test.describe('the shell on a phone', () => {
  test.use({ viewport: PHONE })

  for (const locale of LOCALES) {
    test(`one header row of at most 64 px and a cookie banner of at most 120 px (${locale})`, async ({
      page,
    }) => {
      for (const path of ['', '/products', '/calculator', '/login']) {
        await page.goto(`/${locale}${path}`)
        const header = await box(page, '.site-header')
        expect(header.height, `header on /${locale}${path}`).toBeLessThanOrEqual(64)
        const banner = await box(page, '.cookie-consent')
        expect(banner.height, `cookie banner on /${locale}${path}`).toBeLessThanOrEqual(120)
        // The banner stands between the header and the page, never over the page.
        const main = await box(page, 'main')
        expect(main.y).toBeGreaterThanOrEqual(banner.y + banner.height - 0.5)
      }
    })

    test(`the first product of a list and of a search shows on the first screen (${locale})`, async ({
      page,
    }) => {
      for (const path of [
        '/products/agrochems',
        '/products/drones',
        '/products?q=propeller',
        '/products/agrochems?q=racun',
      ]) {
        await page.goto(`/${locale}${path}`)
        const name = await box(page, '.cat-grid li a')
        expect(name.y + name.height, `first product on /${locale}${path}`).toBeLessThanOrEqual(
          PHONE.height,
        )
      }
    })

    test(`every link, button and input is at least 44 x 44 px (${locale})`, async ({ page }) => {
      const found: string[] = []
      for (const path of PUBLIC_PAGES) {
        await page.goto(`/${locale}${path}`)
        for (const small of await smallTargets(page)) found.push(`/${locale}${path}: ${small}`)
        // A list's filter panel, opened: its fields and buttons.
        if (path.startsWith('/products/') && (await page.locator('.cat-more').count()) > 0) {
          await page.locator('.cat-more summary').click()
          for (const small of await smallTargets(page)) found.push(`filters: ${small}`)
        }
        // The menu's own links and language choices, opened.
        if (path === '') {
          await page.locator('.header-menu summary').click()
          for (const small of await smallTargets(page)) found.push(`menu: ${small}`)
        }
      }
      expect(found).toEqual([])
    })
  }

  test('the header search finds products in both groups', async ({ page }) => {
    await page.goto('/en')
    const search = page.getByRole('search', { name: 'Search the shop' })
    await search.getByRole('searchbox').fill('propeller')
    await search.getByRole('button', { name: 'Search the shop' }).click()
    await expect(page).toHaveURL(/\/en\/products\?q=propeller$/)
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible()
    await expect(page.locator('.cat-grid li').first()).toBeVisible()
  })

  test('the menu opens from the keyboard, holds the language choice, and closes with Escape', async ({
    page,
  }) => {
    await page.goto('/en/about')
    const summary = page.locator('.header-menu summary')
    await expect(summary).toHaveAccessibleName('Menu')
    await expect(page.getByRole('link', { name: 'Calculators' })).toBeHidden()
    await summary.focus()
    await page.keyboard.press('Enter')
    const menu = page.locator('.header-menu-panel')
    await expect(menu.getByRole('link', { name: 'Calculators' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'ไทย' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(summary).toBeFocused()
    // A link followed from the menu lands on a page with the menu closed.
    await summary.click()
    await menu.getByRole('link', { name: 'Calculators' }).click()
    await expect(page).toHaveURL(/\/en\/calculator$/)
    await expect(menu).toBeHidden()
  })

  test('the menu and the language choice work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
    const page = await context.newPage()
    await page.goto('/en/contact')
    await page.locator('.header-menu summary').click()
    const menu = page.locator('.header-menu-panel')
    await menu.getByRole('link', { name: 'Bahasa Melayu' }).click()
    await expect(page).toHaveURL(/\/bm\/contact$/)
    await page.locator('.header-menu summary').click()
    await page.locator('.header-menu-panel').getByRole('link', { name: 'Kalkulator' }).click()
    await expect(page).toHaveURL(/\/bm\/calculator$/)
    await context.close()
  })
})

test('desktop keeps the full bar with no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/en')
  await expect(page.locator('.header-menu summary')).toBeHidden()
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).locator('visible=true')
  await expect(nav.getByRole('link', { name: 'Calculators' })).toBeVisible()
})
