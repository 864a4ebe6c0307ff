import type { Browser, Page } from '@playwright/test'
import { expect, startUsing, test } from './support/fixtures.ts'
import { API, apiLogin } from './support/api.ts'
import { photo, submittedApplication } from './support/kyc-application.ts'
import { loginInBrowser } from './support/login.ts'
import { dayFromToday } from './support/shop.ts'

/**
 * docs/product/accounts.md (Desks) and docs/product/back-office.md: the shop's own people land on
 * their desk and find it from every page; the back office says who it is for, reads its audit
 * log in words, tells staff why another branch is not theirs, starts a list again after a broken
 * page marker, and fits a 360 px phone in every language. docs/product/credit.md (KYC review):
 * finance asks for one document again and the farmer sends just that one.
 */

const LANGS = ['en', 'bm', 'th'] as const
const PHONE = { width: 360, height: 740 }

const DESKS = [
  {
    mobile: '+60120000003',
    role: 'staff',
    lands: '/staff',
    // The counter's header is one row of its own tabs (Serve, Today, Orders): the page names it.
    brand: 'h1.counter-title',
    link: { en: 'Branch counter', bm: 'Kaunter cawangan', th: 'เคาน์เตอร์สาขา' },
    title: { en: 'Branch counter', bm: 'Kaunter cawangan', th: 'เคาน์เตอร์สาขา' },
  },
  {
    mobile: '+60120000004',
    role: 'finance',
    lands: '/admin/kyc',
    brand: '.admin-brand',
    link: { en: 'Finance desk', bm: 'Meja kewangan', th: 'โต๊ะงานฝ่ายการเงิน' },
    title: { en: 'SawahMart finance', bm: 'Kewangan SawahMart', th: 'ฝ่ายการเงิน SawahMart' },
  },
  {
    mobile: '+60120000005',
    role: 'admin',
    lands: '/admin/kyc',
    brand: '.admin-brand',
    link: { en: 'Admin desk', bm: 'Meja pentadbir', th: 'โต๊ะงานผู้ดูแลระบบ' },
    title: { en: 'SawahMart admin', bm: 'Pentadbir SawahMart', th: 'ผู้ดูแลระบบ SawahMart' },
  },
] as const

/** Logs in on the page of a language, whatever its words, and waits for the next page. */
async function logIn(page: Page, lang: string, mobile: string, query = '', password = 'demo2026') {
  await page.goto(`/${lang}/login${query}`)
  await page.locator('main input[name=mobile]').fill(mobile)
  await page.locator('main input[name=password]').fill(password)
  await page.locator('main form button[type=submit]').click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
}

/**
 * Opens a page in a context of the test's own and starts using it, as the `page` fixture's goto
 * does for its page (the page's scripts start at the first interaction).
 */
async function open(page: Page, path: string) {
  const answer = await page.goto(path)
  await startUsing(page)
  return answer
}

/** Nothing on the page is wider than the screen (docs/product/shell.md: no sideways scroll). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }))
  expect(widths.scroll, `page ${page.url()} is ${widths.scroll}px wide`).toBeLessThanOrEqual(
    widths.view,
  )
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

test.describe('desks', () => {
  // Three logins, three languages and their screenshots per test: over a minute on a busy machine.
  test.describe.configure({ timeout: 180_000 })
  for (const desk of DESKS)
    test(`${desk.role} lands on their desk, and every page links to it, in en, bm and th at 360 px`, async ({
      browser,
    }) => {
      for (const lang of LANGS) {
        const context = await browser.newContext({ viewport: PHONE })
        const page = await context.newPage()
        await logIn(page, lang, desk.mobile)
        await expect(page).toHaveURL(new RegExp(`/${lang}${desk.lands}$`))
        await startUsing(page)
        // The desk names itself.
        await expect(page.locator(desk.brand)).toHaveText(desk.title[lang])
        await expectNoSidewaysScroll(page)
        await shot(page, `${desk.role}-desk-360-${lang}`)

        // A page of the shop: the menu leads back to the desk, first.
        await open(page, `/${lang}/products`)
        await page.locator('.header-menu summary').click()
        const back = page.locator('.header-menu-panel').getByRole('link', {
          name: desk.link[lang],
          exact: true,
        })
        await expect(back).toBeVisible()
        const box = (await back.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
        expect(box.height).toBeGreaterThanOrEqual(44)
        // Not a customer's links.
        await expect(page.locator('.header-menu-panel a[href$="/qr"]')).toHaveCount(0)
        await expectNoSidewaysScroll(page)
        await shot(page, `${desk.role}-shop-menu-360-${lang}`)
        await back.click()
        await expect(page).toHaveURL(new RegExp(`/${lang}${desk.lands}$`))
        await context.close()
      }
    })

  test('a login on the way to a page the role may open lands there; one it may not, on the desk', async ({
    browser,
  }) => {
    const staff = await browser.newContext()
    const clerk = await staff.newPage()
    await logIn(
      clerk,
      'en',
      '+60120000003',
      `?redirectTo=${encodeURIComponent('/en/staff/orders')}`,
    )
    await expect(clerk).toHaveURL(/\/en\/staff\/orders$/)
    await staff.close()

    const finance = await browser.newContext()
    const desk = await finance.newPage()
    // The audit log is admin's: finance lands on their own desk instead.
    await logIn(desk, 'en', '+60120000004', `?redirectTo=${encodeURIComponent('/en/admin/audit')}`)
    await expect(desk).toHaveURL(/\/en\/admin\/kyc$/)
    await finance.close()

    // A customer lands where they were going, or on the shop's home.
    const farmer = await browser.newContext()
    const page = await farmer.newPage()
    await logIn(page, 'en', '+60120000001', `?redirectTo=${encodeURIComponent('/en/admin/kyc')}`)
    await expect(page).toHaveURL(/\/en$/)
    await farmer.close()
  })

  test('a desk page that is not there leads back to the desk; a page refused leads to the shop', async ({
    browser,
  }) => {
    for (const desk of DESKS) {
      const context = await browser.newContext({ viewport: PHONE })
      const page = await context.newPage()
      await logIn(page, 'bm', desk.mobile)
      const missing =
        desk.role === 'staff' ? '/bm/staff/orders/999999999' : '/bm/admin/orders/999999999'
      expect((await page.goto(missing))?.status()).toBe(404)
      await page.getByRole('link', { name: desk.link.bm, exact: true }).last().click()
      await expect(page).toHaveURL(new RegExp(`/bm${desk.lands}$`))
      await context.close()
    }
    // A farmer is refused a desk: the way on is the shop, not a desk they cannot open.
    const farmer = await browser.newContext()
    const page = await farmer.newPage()
    await logIn(page, 'en', '+60120000001')
    expect((await page.goto('/en/admin/orders'))?.status()).toBe(403)
    await page.getByRole('link', { name: 'Go Home' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await farmer.close()
  })
})

test.describe('the back office in words', () => {
  test('the audit log shows times, RM and baht, fields in words, and filters products', async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, '+60120000005')
    const finance = await apiLogin(request, '+60120000004')
    const auth = (token: string) => ({ authorization: `Bearer ${token}` })
    // A price change in both countries (then put back, as other tests read the price), and a
    // voucher for the Thai customer (a Thai record).
    const product = await request.get(`${API}/api/v1/admin/products/2`, {
      headers: auth(admin.access_token),
    })
    const pack = (await product.json()).packs[0] as {
      id: number
      sku: string
      price_my_minor: number | null
      price_th_minor: number | null
    }
    for (const data of [
      { price_my_minor: 3150, price_th_minor: 72_000 },
      { price_my_minor: pack.price_my_minor, price_th_minor: pack.price_th_minor },
    ]) {
      const prices = await request.put(`${API}/api/v1/admin/products/2/packs/${pack.id}/prices`, {
        headers: auth(admin.access_token),
        data,
      })
      expect(prices.status(), await prices.text()).toBe(200)
    }
    const issued = await request.post(`${API}/api/v1/admin/vouchers`, {
      headers: { ...auth(finance.access_token), 'idempotency-key': crypto.randomUUID() },
      data: { csv: `mobile,value,expires_on\n+66800000001,50,${dayFromToday(60)}` },
    })
    expect(issued.status(), await issued.text()).toBe(201)

    await loginInBrowser(page, '+60120000005')
    await page.goto('/en/admin/audit')
    const filters = page.getByRole('form', { name: 'Filter the log' })
    await filters.getByLabel('What changed').selectOption({ label: 'Product' })
    await filters.getByLabel('Kind of change').selectOption({ label: 'Prices changed' })
    await filters.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(/subject_type=product/)
    const row = page.locator('.admin-audit tbody tr').first()
    await expect(row).toContainText('Prices changed')
    await expect(row).toContainText('Product #2')
    await expect(row).toContainText('Price in Malaysia:')
    await expect(row).toContainText('RM31.50')
    await expect(row).toContainText('฿720.00')
    await expect(row).not.toContainText('price_my_minor')
    // The pack is named by its SKU; the time is there, Malaysia time.
    await expect(row).toContainText(pack.sku)
    await expect(row.locator('time')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} [AP]M$/)

    // The voucher: a Thai record, in baht and Thailand time.
    await page.goto('/en/admin/audit?subject_type=voucher')
    const voucher = page.locator('.admin-audit tbody tr').first()
    await expect(voucher).toContainText('Voucher issued')
    await expect(voucher).toContainText('Value: ฿50.00')
    await expect(voucher).toContainText('(Thailand time)')
    await expect(voucher).toContainText('Customer: Somchai Saelee')
    await expect(voucher).not.toContainText('value_minor')

    // The same log in Thai and Malay, at 360 px: words, and nothing wider than the phone.
    await page.setViewportSize(PHONE)
    for (const lang of LANGS) {
      await page.goto(`/${lang}/admin/audit?subject_type=voucher`)
      await expect(page.locator('.admin-audit tbody tr').first()).toContainText('฿50.00')
      await expectNoSidewaysScroll(page)
      await shot(page, `audit-360-${lang}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/th/admin/audit?subject_type=product')
    await expect(page.locator('.admin-audit tbody tr').first()).toContainText('เปลี่ยนราคา')
    await shot(page, 'audit-1280-th')
  })

  test('staff asking for another branch are told they see their own; a broken page marker starts the list again', async ({
    page,
    browser,
    request,
  }) => {
    const branches = (await (await request.get(`${API}/api/v1/branches`)).json()).data as {
      id: number
      code: string
    }[]
    const other = branches.find((b) => b.code !== 'MY-AST')!
    await loginInBrowser(page, '+60120000003')
    const answer = await page.goto(`/en/staff/orders?branch_id=${other.id}`)
    expect(answer?.status()).toBe(403)
    await expect(page.getByText('You can only see the orders of your own branch.')).toBeVisible()
    await expect(page.getByText('This could not be loaded')).toHaveCount(0)
    await page.getByRole('link', { name: 'Show my branch’s orders' }).click()
    await expect(page).toHaveURL(/\/en\/staff\/orders$/)

    // Admin: a forged marker keeps the filters and starts from the newest order.
    const office = await browser.newContext()
    const admin = await office.newPage()
    await loginInBrowser(admin, '+60120000005')
    const forged = Buffer.from(JSON.stringify(['-271821-04-20T00:00:00.000Z', 1])).toString(
      'base64url',
    )
    const res = await open(
      admin,
      `/en/admin/orders?branch_id=${other.id}&fulfilment=pickup&cursor=${forged}`,
    )
    expect(res?.status()).toBe(200)
    await expect(
      admin.getByText('The list could not go on from where it was, so it starts again'),
    ).toBeVisible()
    await expect(admin.getByText('A filter is not valid')).toHaveCount(0)
    const filters = admin.getByRole('form', { name: 'Filter the orders' })
    await expect(filters.locator('select[name=branch_id]')).toHaveValue(String(other.id))
    await expect(filters.locator('select[name=fulfilment]')).toHaveValue('pickup')
    await office.close()
  })
})

async function financePage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await loginInBrowser(page, '+60120000004')
  return { context, page }
}

test.describe('finance judges each document', () => {
  test('finance asks for one document again; the farmer reads why and sends just that one', async ({
    browser,
    request,
  }) => {
    const farmer = await submittedApplication(request)
    const { context, page } = await financePage(browser)
    await open(page, `/en/admin/kyc/${farmer.id}`)
    const front = page.locator('figure.admin-document', { hasText: 'ID card, front' })
    const reason = 'The photo is blurred: the card number cannot be read.'
    await front.getByLabel('Why it must be sent again (the farmer reads it)').fill(reason)
    await front.getByRole('button', { name: 'Ask for it again: ID card, front' }).click()
    await expect(page.getByText('The document is marked to be sent again.')).toBeVisible()
    await expect(front).toContainText(`To be sent again: ${reason}`)
    const land = page.locator('figure.admin-document', { hasText: 'Land documents' })
    await land.getByRole('button', { name: 'Accept: Land documents' }).click()
    await expect(land).toContainText('Accepted')

    // Approving now is refused; sending back asks for the marked document (already ticked).
    await page.getByRole('button', { name: 'Approve and open the credit line' }).click()
    await expect(page.getByText('A document is marked to be sent again')).toBeVisible()
    const request_ = page.locator('form', { hasText: 'Ask for more documents' })
    await expect(request_.getByLabel('ID card, front')).toBeChecked()
    await request_.getByRole('button', { name: 'Send back for documents' }).click()
    await expect(page).toHaveURL(/\/en\/admin\/kyc$/)
    await context.close()

    // The farmer, on the phone, in Malay: the reason, then just that document again.
    const phone = await browser.newContext({ viewport: PHONE })
    const mine = await phone.newPage()
    await logIn(mine, 'bm', farmer.mobile, '', farmer.password)
    await open(mine, '/bm/kyc?step=3')
    await expect(mine.locator('.notice')).toContainText('Sila hantar yang berikut semula:')
    await expect(mine.locator('.notice')).toContainText(reason)
    await expect(mine.locator('.kyc-resend')).toHaveCount(1)
    const slot = mine.locator('fieldset.kyc-slot', {
      has: mine.locator('input[name=kind][value=id_front]'),
    })
    await expect(slot).toContainText('Sila hantar ini semula.')
    await expect(slot).toContainText(`Sebab: ${reason}`)
    await expectNoSidewaysScroll(mine)
    await shot(mine, 'farmer-resend-360-bm')
    await slot.locator('input[type=file]').setInputFiles({
      name: 'front-again.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#c9b28f'),
    })
    await expect(slot.locator('.kyc-file a', { hasText: 'front-again.jpg' })).toBeVisible()
    // The old one has gone with finance's note; the others stay as they were.
    await expect(mine.locator('.kyc-resend')).toHaveCount(0)
    await expect(slot.locator('.kyc-file')).toHaveCount(1)
    await open(mine, '/bm/kyc?step=4')
    await mine.getByRole('button', { name: 'Hantar permohonan' }).click()
    await expect(mine).toHaveURL(/\/bm\/kyc\/success$/)
    await phone.close()
  })

  test('the application page and the sections fit 360 px in en, bm and th', async ({
    browser,
    request,
  }) => {
    const farmer = await submittedApplication(request)
    const { context, page } = await financePage(browser, PHONE)
    for (const lang of LANGS) {
      await open(page, `/${lang}/admin/kyc/${farmer.id}`)
      await expectNoSidewaysScroll(page)
      // Every answer reads across the line, not a letter at a time.
      const widths = await page
        .locator('.admin-facts dd')
        .evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().width))
      expect(Math.min(...widths)).toBeGreaterThan(200)
      await expect(page.locator('.admin-facts dd', { hasText: '750312025331' })).toBeVisible()
      await shot(page, `kyc-application-360-${lang}`)
      // The sections: a menu whose every link is whole on the screen.
      await page.locator('.admin-menu summary').click()
      const links = page.locator('.admin-menu nav a')
      expect(await links.count()).toBeGreaterThan(5)
      for (const box of await links.evaluateAll((as) =>
        as.map((a) => {
          const r = a.getBoundingClientRect()
          return { left: r.left, right: r.right, height: r.height, text: a.textContent }
        }),
      )) {
        expect(box.left, box.text ?? '').toBeGreaterThanOrEqual(0)
        expect(box.right, box.text ?? '').toBeLessThanOrEqual(PHONE.width)
        expect(box.height, box.text ?? '').toBeGreaterThanOrEqual(44)
      }
      await expectNoSidewaysScroll(page)
      await shot(page, `admin-menu-360-${lang}`)
      await page.locator('.admin-menu summary').click()
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    for (const lang of LANGS) {
      await open(page, `/${lang}/admin/kyc/${farmer.id}`)
      await expect(page.locator('.admin-nav-wide')).toBeVisible()
      await expectNoSidewaysScroll(page)
      await shot(page, `kyc-application-1280-${lang}`)
    }
    await context.close()
  })
})
