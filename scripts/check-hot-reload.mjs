// `npm run check:hot-reload`: starts `npm run dev` on spare ports, opens a page in Chromium,
// changes a component on disk and checks that the page shows the change without reloading
// (the page's own state survives). Prints how long the update took; restores the file.
import './require-node-24.mjs'
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
/* global window */

const root = fileURLToPath(new URL('..', import.meta.url))
const file = `${root}apps/web/app/components/site-footer.tsx`
const port = 3190
const dev = spawn('npm', ['run', 'dev'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), API_PORT: String(port + 1), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
})
const stop = () => {
  try {
    process.kill(-dev.pid, 'SIGTERM')
  } catch {
    // Already gone.
  }
}
const original = readFileSync(file, 'utf8')
let failed = false
try {
  await new Promise((resolve, reject) => {
    dev.stdout.on('data', (chunk) => String(chunk).includes('web listening') && resolve())
    dev.on('exit', () => reject(new Error('npm run dev stopped')))
    setTimeout(() => reject(new Error('npm run dev did not start in 60 s')), 60_000)
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  const page = await browser.newPage()
  await page.goto(`http://127.0.0.1:${port}/en`, { waitUntil: 'networkidle' })
  await page.evaluate(() => (window.__stateBeforeChange = 'kept'))
  const started = Date.now()
  writeFileSync(
    file,
    original.replace('className="app-promo"', 'className="app-promo" data-hot="1"'),
  )
  await page.waitForSelector('[data-hot="1"]', { timeout: 20_000 })
  const kept = await page.evaluate(() => window.__stateBeforeChange)
  console.log(`changed component shown after ${Date.now() - started} ms; page state ${kept}`)
  if (kept !== 'kept') failed = true
  await browser.close()
} catch (error) {
  console.error(error)
  failed = true
} finally {
  writeFileSync(file, original)
  stop()
}
process.exit(failed ? 1 : 0)
