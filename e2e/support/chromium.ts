import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'

/**
 * CHROMIUM_PATH, else Debian's headless shell, else Debian's Chromium (Playwright cannot download
 * its own here): scripts/ensure-chromium.mjs, which `npm test` also uses. The headless shell is the
 * same Blink without the full browser around it; the browser tests take about a third less time
 * with it (ADR 088).
 */
const binary = ensureChromium()

/**
 * The Chromium the browser tests drive, started through `chromium-idle.sh`.
 *
 * Why: `Emulation.setCPUThrottlingRate` (the farmer preset's CPU ten times slower) works on Linux
 * by interrupting the page's main thread every 200 µs and spinning for nine times as long as it
 * ran, whether the page had work or not. A page on the preset therefore keeps one core busy for
 * as long as it is open, and on a two-core machine two such pages left the web and API servers a
 * third of the CPU. In the idle scheduling class Chromium runs only when the servers and the test
 * runners do not need the core, and the spin still ends on time (it waits for a wall-clock
 * instant, so it loses nothing by being put aside). Measured in docs/testing.md.
 */
export const CHROMIUM_PATH = fileURLToPath(new URL('./chromium-idle.sh', import.meta.url))
// The wrapper reads the binary from the environment Playwright starts it with (the test
// process's own, inherited by every launch).
process.env.E2E_CHROMIUM_BINARY = binary

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]
