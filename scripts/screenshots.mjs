// Screenshots of pages at 360 px and 1280 px, to look at what we build:
//   node scripts/screenshots.mjs http://127.0.0.1:3000 /en /bm/contact   (files go to $OUT or /tmp)
// Prints console errors it sees. Needs Chromium (CHROMIUM_PATH or /usr/bin/chromium).
import { chromium } from '@playwright/test'

const [base, ...paths] = process.argv.slice(2)
if (!base || paths.length === 0) {
  console.error('usage: node scripts/screenshots.mjs BASE_URL PATH...')
  process.exit(2)
}
const out = process.env.OUT ?? '/tmp'
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
for (const path of paths) {
  for (const [width, height] of [
    [360, 800],
    [1280, 800],
  ]) {
    const page = await browser.newPage({ viewport: { width, height } })
    page.on('console', (m) => m.type() === 'error' && console.log('console error', path, m.text()))
    await page.goto(base + path, { waitUntil: 'networkidle' })
    const file = `${out}/shot${path.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' })
    console.log(file)
    await page.close()
  }
}
await browser.close()
