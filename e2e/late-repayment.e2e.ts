import sharp from 'sharp'
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  startUsing,
  test,
} from './support/fixtures.ts'
import { createAccount, latestCode } from './support/api.ts'
import { loginInBrowser } from './support/login.ts'
import { dayFromToday, grantCredit } from './support/shop.ts'
import type { Page } from '@playwright/test'

const shown = (day: string) => day.split('-').reverse().join('-')

/** docs/product/credit.md (Late repayment): the number, then the code sent to it. */
async function identify(page: Page, request: Parameters<typeof latestCode>[0], mobile: string) {
  await page.getByLabel('Mobile number').fill(mobile)
  // The account's sign-up code went out a moment ago: asked too soon, the page says to wait a
  // second (the test servers' pause between codes), and the farmer asks again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect(page.getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 1000 })
  }).toPass()
  await page.getByLabel('6-digit code').fill(await latestCode(request, mobile))
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('without logging in, a farmer moves the harvest date; finance approves and the due date moves', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request)
  const harvest = dayFromToday(10)
  const planting = dayFromToday(-100)
  await grantCredit(request, account.mobile, 80_000, { harvest_on: harvest, planting_on: planting })

  const context = await browser.newContext({ viewport: { width: 360, height: 800 } })
  const page = await context.newPage()
  await page.goto('/en/late-repayment')
  await startUsing(page)
  // Nothing of the account shows before the code.
  await expect(page.getByText(shown(harvest))).toHaveCount(0)
  await identify(page, request, account.mobile)
  await expect(page.getByText('Hello Test.')).toBeVisible()
  await expect(page.getByText('Days left until your harvest date: 10.')).toBeVisible()
  await expect(page.locator('.dashboard-lines')).toContainText(shown(harvest))

  // Dates not later than those in force are refused; typed words come back.
  const newHarvest = dayFromToday(60)
  await page.getByLabel('New planting date').fill(planting)
  await page.getByLabel('New harvest date').fill(newHarvest)
  await page.getByLabel('Reason').fill('Banjir pada bulan Oktober; kami menanam semula.')
  await page.getByLabel('Affected area').fill('1.5 ha, Kampung Alor Janggus')
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(
    page.getByText('The new planting date must be later than the one now.'),
  ).toBeVisible()
  await expect(page.getByLabel('Reason')).toHaveValue(
    'Banjir pada bulan Oktober; kami menanam semula.',
  )
  await page.getByLabel('New planting date').fill(dayFromToday(-70))
  const photo = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#6b8' },
  })
    .jpeg()
    .toBuffer()
  await page
    .getByLabel('Supporting documents (optional)')
    .setInputFiles({ name: 'sawah-banjir.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page).toHaveURL(/\/en\/late-repayment\/success$/)
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible()

  // Finance sees it with its photo and approves it.
  const desk = await browser.newContext()
  const finance = await desk.newPage()
  await loginInBrowser(finance, '+60120000004')
  await finance.goto('/en/admin/late-repayments')
  const card = finance.locator('article', { hasText: account.mobile })
  await expect(card.getByRole('img', { name: 'sawah-banjir.jpg' })).toBeVisible()
  await expect(card).toContainText(`${shown(harvest)} → ${shown(newHarvest)}`)
  await card.getByRole('button', { name: 'Approve: move the dates' }).click()
  await expect(finance.getByText('Approved: the harvest and due dates have moved')).toBeVisible()
  await desk.close()

  // The farmer's due date is the new harvest date.
  await loginInBrowser(page, account.mobile, account.password)
  await page.goto('/en/dashboard')
  await expect(page.locator('.dashboard-lines', { hasText: 'Due date (harvest)' })).toContainText(
    shown(newHarvest),
  )
  // Guard 8: a logged-in farmer opening the page goes home.
  await page.goto('/en/late-repayment')
  await expect(page).toHaveURL(/\/en$/)
  await context.close()
})

test('without JavaScript: too early, expired, and the form in three languages at 360 px', async ({
  browser,
  request,
}) => {
  const early = await createAccount(request)
  await grantCredit(request, early.mobile, 50_000, {
    harvest_on: dayFromToday(45),
    planting_on: dayFromToday(-60),
  })
  const open = await createAccount(request)
  await grantCredit(request, open.mobile, 50_000, {
    harvest_on: dayFromToday(3),
    planting_on: dayFromToday(-90),
  })
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
  })
  const page = await context.newPage()
  await page.goto('/en/late-repayment')
  await identify(page, request, early.mobile)
  await expect(page.getByText('Too early: you can apply from')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Use a different number' }).click()
  await identify(page, request, open.mobile)
  await expect(page.getByText('Days left until your harvest date: 3.')).toBeVisible()
  // Nothing filled in: each field says so.
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByText('Fill all fields.').first()).toBeVisible()
  // The same session with scripts on, for axe (which runs in the page), in three languages.
  const scripted = await browser.newContext({
    storageState: await context.storageState(),
    viewport: { width: 360, height: 800 },
  })
  const look = await scripted.newPage()
  for (const lang of ['en', 'bm', 'th']) {
    await look.goto(`/${lang}/late-repayment`)
    await startUsing(look)
    await expect(look.getByRole('button', { name: /.+/ }).first()).toBeVisible()
    await expectNoSidewaysScroll(look)
    await expectAccessible(look)
    await look.screenshot({ path: `test-results/late-repayment-${lang}-360.png`, fullPage: true })
  }
  await scripted.close()
  await context.close()
})
