// What the browser benchmarks share: the production build's servers on a fresh database of their
// own (e2e/support/serve.ts) on ports of their own, and a headless Chromium.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from '@playwright/test'
import { waitForServer } from './wait-for-server.ts'
import { ensureBuilt } from './bench-build.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Starts the servers and the browser; `stop` closes both. */
export async function startServersAndBrowser(
  webPort: number,
  apiPort: number,
): Promise<{ base: string; browser: Browser; stop: () => Promise<void> }> {
  ensureBuilt('shop')
  const base = `http://127.0.0.1:${webPort}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve.ts'], {
    cwd: root,
    env: { ...process.env, E2E_WEB_PORT: String(webPort), E2E_API_PORT: String(apiPort) },
    stdio: 'ignore',
  })
  try {
    await waitForServer(`${base}/healthz`)
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
    return {
      base,
      browser,
      stop: async () => {
        await browser.close()
        server.kill('SIGTERM')
      },
    }
  } catch (error) {
    server.kill('SIGTERM')
    throw error
  }
}
