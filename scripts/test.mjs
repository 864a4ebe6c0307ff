#!/usr/bin/env node
// `npm test`: every check CI makes, in order: types, lint, format, unit and API tests (real
// database), the production build, then the browser tests. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './ensure-chromium.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = {
  ...process.env,
  TZ: 'UTC',
  FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1'),
}
try {
  env.CHROMIUM_PATH = ensureChromium()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}
console.log(
  env.DATABASE_URL
    ? `Database: PostgreSQL (${env.DATABASE_URL})`
    : 'Database: embedded PGlite (set DATABASE_URL for PostgreSQL)',
)

const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npx', 'eslint', '.']],
  ['format', ['npx', 'prettier', '--check', '.']],
  ['unit and API tests', ['npx', 'vitest', 'run']],
  ['build', ['npm', 'run', 'build']],
  ['browser tests', ['npx', 'playwright', 'test']],
]
const only = process.argv.slice(2)
for (const [name, [cmd, ...args]] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  console.log(`\n▶ ${name}: ${[cmd, ...args].join(' ')}`)
  const started = Date.now()
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`)
    process.exit(result.status || 1)
  }
  console.log(`✔ ${name} (${seconds}s)`)
}
console.log('\nAll checks passed.')
