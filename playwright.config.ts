import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts'
import { E2E_API_PORT, E2E_WEB_PORT } from './e2e/support/ports.ts'

/**
 * Files that spend minutes waiting on the clock with little to do: the QR page left untouched
 * for two minutes (its code changes every minute). They get a worker of their own, beside the two
 * that run everything else on the two cores, so that their waiting no longer holds one of those
 * two (docs/testing.md).
 */
const LONG_WAITS = ['**/qr-refresh.e2e.ts']

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: 3,
  // The long waits first: a project's first file starts first, so their minutes overlap the rest
  // rather than trail after it.
  projects: [
    { name: 'long waits', testMatch: LONG_WAITS, workers: 1 },
    { name: 'browser', testIgnore: LONG_WAITS, workers: 2 },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    locale: 'en-MY',
    timezoneId: 'Asia/Kuala_Lumpur',
    trace: 'off',
    // The service worker is tested in e2e/installable-app.e2e.ts, in contexts that allow it; here
    // it would hide requests from page.route() and keep pages between tests.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node --import tsx e2e/support/serve.ts',
    url: `http://127.0.0.1:${E2E_WEB_PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: { E2E_API_PORT: String(E2E_API_PORT), E2E_WEB_PORT: String(E2E_WEB_PORT) },
  },
})
