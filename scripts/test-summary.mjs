// The closing lines of `npm test`, read from the two runners' JSON reports: how many tests passed,
// failed and were skipped, and which suites did not run and how to run them. A suite skipped on a
// condition is easy to mistake for a pass: the race and crash suites run only on PostgreSQL, and a
// run without DATABASE_URL passes without them.
import { existsSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { isAbsolute, relative } from 'node:path'

/**
 * Every test of both reports as { file, path (its describe blocks), title, status }, status being
 * 'passed', 'failed' or 'skipped' (a todo counts as skipped).
 */
export function testsOf({ root, vitest, playwright }) {
  const tests = []
  const rel = (file) => (isAbsolute(file) ? relative(root, file) : file)
  for (const file of vitest?.testResults ?? []) {
    const results = file.assertionResults ?? []
    for (const t of results)
      tests.push({
        file: rel(file.name),
        path: t.ancestorTitles ?? [],
        title: t.title,
        status: ['passed', 'failed'].includes(t.status) ? t.status : 'skipped',
      })
    // A file that failed before any test (an import that throws, a failing beforeAll) has no
    // failed test of its own: it still counts as one failure.
    if (file.status === 'failed' && !results.some((t) => t.status === 'failed'))
      tests.push({ file: rel(file.name), path: [], title: '(the file)', status: 'failed' })
  }
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        tests.push({
          file: rel(`${playwright.config?.rootDir ?? root}/${spec.file}`),
          path,
          title: spec.title,
          status:
            t.status === 'skipped'
              ? 'skipped'
              : t.status === 'expected' || t.status === 'flaky'
                ? 'passed'
                : 'failed',
        })
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  // Playwright's top level is one suite per file, titled with the file's name.
  for (const file of playwright?.suites ?? []) walk(file, [])
  return tests
}

/**
 * The skipped tests, grouped as they were written: a describe block skipped whole is one line, a
 * test skipped on its own is a line of its own. `needsDatabaseUrl` marks a file whose skips turn
 * on DATABASE_URL (skipIf/runIf on it), so the hint can say which way to run them.
 */
export function skippedSuites(
  tests,
  root,
  read = (file) => (existsSync(`${root}/${file}`) ? readFileSync(`${root}/${file}`, 'utf8') : ''),
) {
  const groups = new Map()
  for (const t of tests) {
    const key = [t.file, ...t.path].join(' › ')
    const group = groups.get(key) ?? { file: t.file, name: key, tests: [] }
    group.tests.push(t)
    groups.set(key, group)
  }
  const conditional = new Map()
  const turnsOnDatabaseUrl = (file) => {
    if (!conditional.has(file)) {
      const source = read(file)
      conditional.set(file, /\b(skipIf|runIf)\(/.test(source) && source.includes('DATABASE_URL'))
    }
    return conditional.get(file)
  }
  const lines = []
  for (const group of groups.values()) {
    const skipped = group.tests.filter((t) => t.status === 'skipped')
    if (!skipped.length) continue
    const needsDatabaseUrl = turnsOnDatabaseUrl(group.file)
    // A group of one is named by its test: the title says more than the file or block.
    if (skipped.length === group.tests.length && skipped.length > 1)
      lines.push({ name: group.name, count: skipped.length, whole: true, needsDatabaseUrl })
    else
      for (const t of skipped)
        lines.push({ name: `${group.name} › ${t.title}`, count: 1, whole: false, needsDatabaseUrl })
  }
  return lines.sort((a, b) => a.name.localeCompare(b.name))
}

/** Whether something accepts connections at host:port (a PostgreSQL the run could use). */
export function answers(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (yes) => {
      socket.destroy()
      resolve(yes)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * The closing lines. `localPostgres` is whether a PostgreSQL answers at 127.0.0.1:5432 (asked only
 * when DATABASE_URL is not set and something was skipped for want of it).
 */
export function closingLines({ tests, suites, databaseUrl, localPostgres }) {
  const count = (status) => tests.filter((t) => t.status === status).length
  const lines = []
  const section = (title, list, hint) => {
    if (!list.length) return
    const n = list.reduce((sum, s) => sum + s.count, 0)
    const whole = list.filter((s) => s.whole).length
    const single = list.length - whole
    const where = !whole
      ? ''
      : single
        ? `, in ${plural(whole, 'suite')} and ${plural(single, 'single test')}`
        : ` in ${plural(whole, 'suite')}`
    lines.push('', `${title}: ${plural(n, 'test')}${where}.`)
    for (const s of list) lines.push(`  - ${s.name}${s.count > 1 ? ` (${s.count} tests)` : ''}`)
    lines.push(...hint)
  }
  const onDatabaseUrl = suites.filter((s) => s.needsDatabaseUrl)
  if (databaseUrl)
    section(
      'Did not run, as they need the embedded database (PGlite) and DATABASE_URL is set',
      onDatabaseUrl,
      ['Run them with DATABASE_URL unset: npm test'],
    )
  else
    section('Did not run, for want of PostgreSQL (DATABASE_URL is not set)', onDatabaseUrl, [
      'Run them with: DATABASE_URL=postgres://USER@HOST:5432/DATABASE npm test',
      ...(localPostgres
        ? [
            'A PostgreSQL answers at 127.0.0.1:5432 here; CI uses it as',
            '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
          ]
        : []),
    ])
  section(
    'Did not run, skipped in the test files themselves',
    suites.filter((s) => !s.needsDatabaseUrl),
    [],
  )
  const skipped = count('skipped')
  lines.push(
    '',
    `tests: ${count('passed')} passed, ${count('failed')} failed, ${skipped} skipped` +
      (skipped ? ' (what did not run is listed above)' : ''),
  )
  return lines
}

/** Reads both reports (either may be missing: a run that stopped early, or chose its steps). */
export async function summary({ root, reports, databaseUrl }) {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)
  const tests = testsOf({
    root,
    vitest: read(`${reports}/vitest.json`),
    playwright: read(`${reports}/playwright.json`),
  })
  const suites = skippedSuites(tests, root)
  const localPostgres =
    !databaseUrl && suites.some((s) => s.needsDatabaseUrl) && (await answers('127.0.0.1', 5432))
  return closingLines({ tests, suites, databaseUrl, localPostgres })
}
