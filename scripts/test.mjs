#!/usr/bin/env node
// `npm test`: every check CI makes, in order: types, lint, format and the other static checks (in
// two lanes at once), unit and API tests (real database), the production build, then the browser
// tests. Exits non-zero on any failure.
// `node scripts/test.mjs <step>…` runs the steps whose names start so; arguments after `--` go to
// the test runners' steps (`node scripts/test.mjs unit -- apps/api/src/modules/credit`).
import './require-node-24.mjs'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
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

/**
 * The steps in order. The static checks run in two lanes at once (each lane's steps one after
 * another): on a two-core machine that takes the longest lane's time instead of the sum (about 35 s
 * less). `dependencies` follows `typecheck` in its lane because knip reads the route types that
 * the typecheck's `react-router typegen` writes.
 */
const steps = [
  {
    lanes: [
      [
        ['typecheck', ['npm', 'run', 'typecheck']],
        ['dependencies', ['npm', 'run', 'check:deps']],
      ],
      [
        ['lint', ['npx', 'eslint', '.']],
        ['format', ['npx', 'prettier', '--check', '.']],
        ['API document', ['npx', 'tsx', 'scripts/lint-openapi.ts']],
        ['API client types', ['npx', 'tsx', 'scripts/api-types.ts', '--check']],
      ],
    ],
  },
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
const chosen = (name) => !only.length || only.some((o) => name.startsWith(o))
for (const step of steps) {
  if (!('lanes' in step)) {
    const [name, command] = step
    if (!chosen(name)) continue
    const args = runners.has(name) ? [...command.slice(1), ...forwarded] : command.slice(1)
    console.log(`\n▶ ${name}: ${[command[0], ...args].join(' ')}`)
    const started = Date.now()
    const stepEnv =
      name === 'browser tests'
        ? { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` }
        : env
    const result = spawnSync(command[0], args, { cwd: root, stdio: 'inherit', env: stepEnv })
    report(name, result.status, started)
    if (result.status !== 0) await stop(result.status)
    continue
  }
  // Lanes at once; each step's output is kept and printed whole, in the order above, so that the
  // log reads as if they had run one after another.
  const lanes = step.lanes.map((lane) => lane.filter(([name]) => chosen(name)))
  const outcomes = await Promise.all(lanes.map(runLane))
  for (const outcome of outcomes.flat()) {
    console.log(`\n▶ ${outcome.name}: ${outcome.command.join(' ')}`)
    process.stdout.write(outcome.output)
    report(outcome.name, outcome.status, outcome.started, outcome.ended)
  }
  const failed = outcomes.flat().find((outcome) => outcome.status !== 0)
  if (failed) await stop(failed.status)
}
console.log('\nAll checks passed.')
await closing()

/** One lane's steps one after another, each with its output kept; stops at the first failure. */
async function runLane(lane) {
  const outcomes = []
  for (const [name, command] of lane) {
    const started = Date.now()
    const child = spawn(command[0], command.slice(1), { cwd: root, env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const [status] = await once(child, 'close')
    outcomes.push({ name, command, output, status, started, ended: Date.now() })
    if (status !== 0) break
  }
  return outcomes
}

/** Says how a step ended. */
function report(name, status, started, ended = Date.now()) {
  const seconds = ((ended - started) / 1000).toFixed(1)
  if (status === 0) console.log(`✔ ${name} (${seconds}s)`)
  else console.error(`\n✖ ${name} failed after ${seconds}s`)
}

/** After a failed step: the summary, and the exit. */
async function stop(status) {
  await closing()
  process.exit(status || 1)
}

/**
 * Last: the suites that did not run and how to run them, then one line over both runners
 * ('tests: N passed, N failed, N skipped').
 */
async function closing() {
  for (const line of await summary({ root, reports, databaseUrl: env.DATABASE_URL }))
    console.log(line)
}
