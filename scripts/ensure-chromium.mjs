// Finds Chromium for the browser tests: CHROMIUM_PATH, then Debian's headless shell, then Debian's
// Chromium; as root on Debian it installs the `chromium-headless-shell` package, otherwise it says
// what to install. Prints the path. The headless shell is the same Blink without the full browser
// around it: the browser tests take about a third less time with it (ADR 088).
import { existsSync, readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

export function ensureChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean)
  const found = candidates.find((p) => existsSync(p))
  if (found) return found
  const debian = existsSync('/etc/debian_version') || /debian/i.test(safeRead('/etc/os-release'))
  const root = process.getuid?.() === 0
  if (debian && root) {
    console.log('Chromium not found: installing the Debian package "chromium-headless-shell"…')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env,
    })
    const shell = '/usr/bin/chromium-headless-shell'
    if (update.status === 0 && install.status === 0 && existsSync(shell)) return shell
  }
  throw new Error(
    'Chromium is needed for the browser tests but was not found. Install it (Debian: `sudo apt-get install chromium-headless-shell`) or set CHROMIUM_PATH to its binary.',
  )
}

function safeRead(path) {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium())
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}
