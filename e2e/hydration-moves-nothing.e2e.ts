import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { arrive, holdScripts } from './support/farmer-phone.ts'
import { newCustomerPage } from './support/login.ts'
import { fillCart, packOf } from './support/shop.ts'

/**
 * docs/product/shell.md (Before the scripts arrive): the scripts taking over moves nothing the
 * farmer may be tapping. A tap made as they arrive once landed where "Add to cart" had been
 * before "Update total" went, and was lost. Each page is opened with its scripts held, a count
 * changed as a farmer would, every control measured; then the scripts run and take the change
 * over, and every control of that form and above it is still where it was (in the cart, every
 * control of the page: the line below the changed one too). Only the buttons the page without
 * scripts alone needs may go; below the form of the other pages, what follows a note that went
 * may move up.
 */

/** Buttons the page without scripts alone needs: they go once the scripts run. */
const BEFORE_SCRIPTS_ONLY = /^BUTTON (update )?(Update total|Update)$/

type Box = { key: string; x: number; y: number; width: number; height: number }

/** Every visible control of the page's main part, named by what it is, not where it is. */
function controls(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>()
    return [...document.querySelectorAll('main a, main button, main input, main select')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const e = el as HTMLInputElement
        const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
        const base = `${e.tagName} ${e.name ? `${e.name} ` : ''}${e.type === 'radio' ? e.value : text}`
        const n = (seen.get(base) ?? 0) + 1
        seen.set(base, n)
        const r = e.getBoundingClientRect()
        return {
          key: n === 1 ? base.trim() : `${base.trim()} #${n}`,
          x: Math.round(r.x),
          y: Math.round(r.y + window.scrollY),
          width: Math.round(r.width),
          height: Math.round(r.height),
        }
      })
  })
}

async function expectNothingMoves(page: Page, url: string, field: string, wholePage = false) {
  const scripts = await holdScripts(page)
  await arrive(page, url)
  // A farmer changes a count before the scripts arrive (the form is marked as changed).
  await page.locator(`main input[name=${field}]`).first().fill('3')
  const changed = page.locator('form[data-typed]')
  await expect(changed).toHaveCount(1)
  const formBottom = await changed.evaluate(
    (f) => f.getBoundingClientRect().bottom + window.scrollY,
  )
  const before = (await controls(page)).filter((b) => wholePage || b.y < formBottom)
  expect(before.length).toBeGreaterThan(3)
  await page.mouse.move(1, 1)
  await scripts.release()
  // The form has taken the change over (the mark goes when it has).
  await expect(page.locator('form[data-typed]')).toHaveCount(0)
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0)
  const after = await controls(page)
  const moved = before.flatMap((b) => {
    const a = after.find((x) => x.key === b.key)
    if (!a) return BEFORE_SCRIPTS_ONLY.test(b.key) ? [] : [`${b.key}: gone`]
    return Math.abs(a.x - b.x) > 1 || Math.abs(a.y - b.y) > 1
      ? [`${b.key}: (${b.x}, ${b.y}) -> (${a.x}, ${a.y})`]
      : []
  })
  expect(moved, `controls moved on ${url} when the scripts took over`).toEqual([])
}

async function customerWithCart(browser: Browser, request: Parameters<typeof packOf>[0]) {
  const c = await newCustomerPage(browser, request, { js: true, to: '/en/settings' })
  const packs = [await packOf(request, 1), await packOf(request, 2)]
  await fillCart(
    request,
    c,
    packs.map((pack) => ({ id: pack.id, count: 1 })),
  )
  return c
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px, the scripts taking over moves no control`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('the product page (a count changed: "Update total" goes, "Add to cart" stays put)', async ({
      page,
    }) => {
      await expectNothingMoves(page, '/en/products/agrochems/9', 'quantity')
    })

    test('the spray calculator ("Use this product" stays, the fields under it do not jump)', async ({
      page,
    }) => {
      await expectNothingMoves(page, '/en/calculator/input-calculation', 'area_value')
    })

    test('the cart (a count changed: "Update" goes, "Remove" and the next line stay put)', async ({
      browser,
      request,
    }) => {
      const { context, page } = await customerWithCart(browser, request)
      await page.setViewportSize({ width, height: 800 })
      await expectNothingMoves(page, '/en/cart', 'count', true)
      await context.close()
    })
  })
}
