#!/usr/bin/env node
// `npm test`: every check CI makes, in order: types, lint, format, unit and API tests (real
// database), the production build, then the browser tests. Exits non-zero on any failure.
import './require-node-24.mjs'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './ensure-chromium.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env, TZ: 'UTC' }
if (process.env.CI) env.NO_COLOR = '1'
const reports = `${root}node_modules/.test-reports`
mkdirSync(reports, { recursive: true })
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
  ['API document', ['npx', 'tsx', 'scripts/lint-openapi.ts']],
  ['API client types', ['npx', 'tsx', 'scripts/api-types.ts', '--check']],
  ['dependencies', ['npm', 'run', 'check:deps']],
  [
    'unit and API tests',
    [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  ],
  ['build', ['npm', 'run', 'build']],
  ['page budgets', ['node', 'scripts/check-page-budgets.mjs']],
  ['browser tests', ['npx', 'playwright', 'test', '--reporter=list,json']],
]
const only = process.argv.slice(2)
for (const file of ['vitest.json', 'playwright.json']) spawnSync('rm', ['-f', `${reports}/${file}`])
for (const [name, [cmd, ...args]] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  console.log(`\n▶ ${name}: ${[cmd, ...args].join(' ')}`)
  const started = Date.now()
  const stepEnv =
    name === 'browser tests'
      ? { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` }
      : env
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: stepEnv })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`)
    summary()
    process.exit(result.status || 1)
  }
  console.log(`✔ ${name} (${seconds}s)`)
}
console.log('\nAll checks passed.')
summary()

/** One closing line over both runners: 'tests: N passed, N failed'. */
function summary() {
  let passed = 0
  let failed = 0
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)
  const vitest = read(`${reports}/vitest.json`)
  if (vitest) {
    passed += vitest.numPassedTests ?? 0
    failed += vitest.numFailedTests ?? 0
  }
  const playwright = read(`${reports}/playwright.json`)
  if (playwright?.stats) {
    passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0)
    failed += playwright.stats.unexpected ?? 0
  }
  console.log(`tests: ${passed} passed, ${failed} failed`)
}
