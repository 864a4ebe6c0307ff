import { test, expect } from './support/fixtures.ts'

test.describe('contact page (docs/product/branches-and-contact.md)', () => {
  test('shows live chat hours with a state, the headquarters and every branch', async ({
    page,
  }) => {
    await page.goto('/en/contact')
    const chat = page.getByRole('region', { name: 'Live chat' })
    await expect(chat).toContainText('Every day, 9:30 AM – 6:30 PM (Malaysia time)')
    await expect(chat.getByText(/^(Open now|Closed now)$/)).toBeVisible()
    const hq = page.getByRole('region', { name: 'Headquarters' })
    await expect(hq).toContainText('Alor Setar')
    const branches = page.getByRole('region', { name: 'Our branches' }).getByRole('article')
    await expect(branches).toHaveCount(18)
    await expect(page.getByRole('heading', { name: 'Sekinchan' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Suphan Buri' })).toBeVisible()
    // Phones are tap-to-call links in E.164.
    await expect(page.locator('a[href="tel:+6032410012"]').first()).toBeVisible()
  })

  test('Thai pages list the Thai branches first, named in Thai', async ({ page }) => {
    await page.goto('/th/contact')
    const first = page.getByRole('region', { name: 'สาขาของเรา' }).getByRole('article').first()
    await expect(first.getByRole('heading')).toHaveText(/สุพรรณบุรี|นครสวรรค์|พิษณุโลก|อุบลราชธานี/)
  })

  test('puts the nearest branch first once the farmer shares the location', async ({ browser }) => {
    const context = await browser.newContext({
      geolocation: { latitude: 5.99, longitude: 100.47 }, // a field near Pendang, Kedah
      permissions: ['geolocation'],
    })
    const page = await context.newPage()
    await page.goto('/en/contact')
    await page.getByRole('button', { name: 'Find my nearest branch' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Nearest branch' })).toContainText(
      'Pendang',
    )
    const first = page.getByRole('region', { name: 'Our branches' }).getByRole('article').first()
    await expect(first.getByRole('heading')).toHaveText('Pendang')
    await expect(first).toContainText('km from you')
    await context.close()
  })

  test('says why when the location is refused', async ({ browser }) => {
    const context = await browser.newContext({ permissions: [] })
    const page = await context.newPage()
    await page.goto('/bm/contact')
    await page.getByRole('button', { name: /cawangan terdekat/i }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    // The list still works.
    await expect(page.getByRole('article').first()).toBeVisible()
    await context.close()
  })

  test('lists every branch without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/en/contact')
    await expect(
      page.getByRole('region', { name: 'Our branches' }).getByRole('article'),
    ).toHaveCount(18)
    await expect(page.getByRole('button', { name: 'Find my nearest branch' })).toHaveCount(0)
    await context.close()
  })
})
