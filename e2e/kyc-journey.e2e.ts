import type { Page } from '@playwright/test'
import { expect, expectAccessible, startUsing, test } from './support/fixtures.ts'
import { newCustomerPage } from './support/login.ts'

/**
 * docs/product/credit.md (The application form): a new farmer's application never drops what
 * was typed. The name starts from the account; 'Convert to hectares' keeps the farm step's
 * answers (Back finds them) and the converter leads back with the hectares; before agreeing the
 * farmer sees what will be sent and can read the credit terms without losing the ticks. In
 * Malay with scripts (where it was found), in English without.
 */

/** A day `months` from today, as a date field takes it. */
function day(months: number): string {
  const d = new Date()
  d.setMonth(d.getMonth() + months)
  return d.toISOString().slice(0, 10)
}

const WORDS = {
  bm: {
    name: 'Nama penuh seperti dalam kad pengenalan',
    nric: 'Nombor MyKad (NRIC)',
    save: 'Simpan dan teruskan',
    planting: 'Tarikh tanam musim ini',
    harvest: 'Tarikh tuai musim ini',
    drone: 'Adakah anda memiliki dron penyembur kabus?',
    centre: 'Pernahkah anda melawat salah satu pusat kami?',
    yes: 'Ya',
    no: 'Tidak',
    hectares: 'Hektar sawah padi yang anda miliki',
    convertToHectares: /Tukar ke hektar/,
    area: 'Keluasan',
    convert: 'Tukar',
    useIt: /^Guna 1\.44 ha dalam permohonan kredit saya$/,
    converted: 'Dikira oleh penukar keluasan.',
    summary: 'Apa yang akan dihantar',
    idEnding: 'berakhir dengan 5331',
    files: '0 fail',
    terms: 'Baca terma kredit (dibuka dalam tab baharu)',
  },
  en: {
    name: 'Full name as on your ID card',
    nric: 'MyKad number (NRIC)',
    save: 'Save and continue',
    planting: 'Planting date of this season',
    harvest: 'Harvest date of this season',
    drone: 'Do you own a mist-spraying drone?',
    centre: 'Have you visited one of our centres?',
    yes: 'Yes',
    no: 'No',
    hectares: 'Hectares of paddy you own',
    convertToHectares: /Convert it to hectares/,
    area: 'Area',
    convert: 'Convert',
    useIt: /^Use 1\.44 ha in my credit application$/,
    converted: 'Worked out by the area converter.',
    summary: 'What you will send',
    idEnding: 'ending in 5331',
    files: '0 files',
    terms: 'Read the credit terms (opens in a new tab)',
  },
} as const

for (const { lang, js } of [
  { lang: 'bm', js: true },
  { lang: 'en', js: false },
] as const) {
  test(`a new farmer's application keeps every answer on the way to the converter and back (${lang}, JavaScript ${js ? 'on' : 'off'})`, async ({
    browser,
    request,
  }) => {
    const w = WORDS[lang]
    const { context, page } = await newCustomerPage(browser, request, {
      js,
      to: '/en/settings',
    })
    const open = async (p: Page, path: string) => {
      await p.goto(path)
      if (js) await startUsing(p)
    }
    await page.setViewportSize({ width: 360, height: 740 })

    // Step 1: the name given at sign-up is there already.
    await open(page, `/${lang}/kyc?step=1`)
    await expect(page.getByLabel(w.name)).toHaveValue('Test Farmer')
    await page.getByLabel(w.nric).fill('750312-02-5331')
    await page.getByRole('button', { name: w.save }).click()
    await expect(page).toHaveURL(/step=2$/)
    if (js) await startUsing(page)

    // Step 2: the dates and answers, then the area is known only in relong.
    await page.getByLabel(w.planting).fill(day(-1))
    await page.getByLabel(w.harvest).fill(day(3))
    await page.getByRole('group', { name: w.drone }).getByLabel(w.no).check()
    await page.getByRole('group', { name: w.centre }).getByLabel(w.yes).check()
    await page.getByRole('button', { name: w.convertToHectares }).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/calculator/area-converter\\?.*for=kyc`))

    // Back: nothing typed was lost (it was saved before the converter opened).
    await page.goBack()
    await expect(page.getByLabel(w.planting)).toHaveValue(day(-1))
    await expect(page.getByLabel(w.harvest)).toHaveValue(day(3))
    await expect(page.getByRole('group', { name: w.centre }).getByLabel(w.yes)).toBeChecked()
    await page.goForward()
    await expect(page).toHaveURL(/for=kyc/)
    if (js) await startUsing(page)

    // 5 relong (the Kedah relong, 0.288 ha) is 1.44 ha: offered back to the application.
    await page.getByLabel(w.area, { exact: true }).fill('5')
    await page.locator('select[name=from]').selectOption('relong')
    if (!js) await page.getByRole('button', { name: w.convert, exact: true }).click()
    await page.getByRole('link', { name: w.useIt }).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/kyc\\?step=2&hectares=1\\.44$`))
    if (js) await startUsing(page)
    await expect(page.getByLabel(w.hectares)).toHaveValue('1.44')
    await expect(page.getByText(w.converted)).toBeVisible()
    await expect(page.getByLabel(w.planting)).toHaveValue(day(-1))
    await expect(page.getByRole('group', { name: w.drone }).getByLabel(w.no)).toBeChecked()
    await page.getByRole('button', { name: w.save }).click()
    await expect(page).toHaveURL(/step=3$/)

    // Step 4: what will be sent, each with the way back to its step; the terms in a new tab.
    await open(page, `/${lang}/kyc?step=4`)
    const summary = page.getByRole('region', { name: w.summary })
    await expect(summary).toContainText('Test Farmer')
    await expect(summary).toContainText(w.idEnding)
    await expect(summary).not.toContainText('750312')
    await expect(summary).toContainText('1.44')
    await expect(summary).toContainText(w.files)
    const terms = page.getByRole('link', { name: w.terms })
    await expect(terms).toHaveAttribute('target', '_blank')
    await expect(terms).toHaveAttribute('href', `/${lang}/terms#terms-credit-title`)
    if (js) await expectAccessible(page)
    await context.close()
  })
}
