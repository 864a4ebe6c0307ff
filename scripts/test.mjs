#!/usr/bin/env node
// `npm test`: every check CI makes, in order: types, lint, format, unit and API tests (real
// database), the production build, then the browser tests. Exits non-zero on any failure.
// `node scripts/test.mjs <step>…` runs the steps whose names start so; arguments after `--` go to
// the test runners' steps (`node scripts/test.mjs unit -- apps/api/src/modules/credit`).
import './require-node-24.mjs'
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './ensure-chromium.mjs'
import { summary } from './test-summary.mjs'

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
const argv = process.argv.slice(2)
const only = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv
const forwarded = argv.includes('--') ? argv.slice(argv.indexOf('--') + 1) : []
/** The steps that run tests: they take the arguments after `--` (files, -g, --repeat-each…). */
const runners = new Set(['unit and API tests', 'browser tests'])
for (const file of ['vitest.json', 'playwright.json']) spawnSync('rm', ['-f', `${reports}/${file}`])
for (const [name, [cmd, ...stepArgs]] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  const args = runners.has(name) ? [...stepArgs, ...forwarded] : stepArgs
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
    await closing()
    process.exit(result.status || 1)
  }
  console.log(`✔ ${name} (${seconds}s)`)
}
console.log('\nAll checks passed.')
await closing()

/**
 * Last: the suites that did not run and how to run them, then one line over both runners
 * ('tests: N passed, N failed, N skipped').
 */
async function closing() {
  for (const line of await summary({ root, reports, databaseUrl: env.DATABASE_URL }))
    console.log(line)
}
