import { describe, expect, it } from 'vitest'
import { closingLines, skippedSuites, testsOf } from './test-summary.mjs'

const root = '/repo'
const vitest = {
  testResults: [
    {
      name: '/repo/apps/api/src/credit-race.test.ts',
      status: 'passed',
      assertionResults: [
        { ancestorTitles: ['credit under concurrency'], title: 'a', status: 'skipped' },
        { ancestorTitles: ['credit under concurrency'], title: 'b', status: 'skipped' },
      ],
    },
    {
      name: '/repo/apps/api/src/device.test.ts',
      status: 'passed',
      assertionResults: [
        { ancestorTitles: ['devices'], title: 'adds one', status: 'passed' },
        { ancestorTitles: ['devices'], title: 'a lock mid-payment', status: 'skipped' },
      ],
    },
    {
      name: '/repo/apps/api/src/later.test.ts',
      status: 'passed',
      assertionResults: [{ ancestorTitles: [], title: 'some day', status: 'todo' }],
    },
    { name: '/repo/apps/api/src/broken.test.ts', status: 'failed', assertionResults: [] },
  ],
}
const playwright = {
  config: { rootDir: '/repo/e2e' },
  suites: [
    {
      title: 'cart.e2e.ts',
      specs: [{ title: 'adds', file: 'cart.e2e.ts', tests: [{ status: 'expected' }] }],
      suites: [
        {
          title: 'offline',
          specs: [
            { title: 'keeps', file: 'cart.e2e.ts', tests: [{ status: 'flaky' }] },
            { title: 'drops', file: 'cart.e2e.ts', tests: [{ status: 'unexpected' }] },
          ],
        },
      ],
    },
  ],
}
const sources: Record<string, string> = {
  'apps/api/src/credit-race.test.ts': "describe.skipIf(!process.env.DATABASE_URL)('credit…'",
  'apps/api/src/device.test.ts': "it.skipIf(!process.env.DATABASE_URL)('a lock…'",
  'apps/api/src/later.test.ts': "it.todo('some day')",
}

describe('the closing lines of npm test', () => {
  const tests = testsOf({ root, vitest, playwright })
  const suites = skippedSuites(tests, root, (file: string) => sources[file] ?? '')

  it('counts passed (flaky included), failed (a file that did not load included) and skipped', () => {
    const last = closingLines({ tests, suites: [], databaseUrl: undefined, localPostgres: false })
    expect(last.at(-1)).toBe(
      'tests: 3 passed, 2 failed, 4 skipped (what did not run is listed above)',
    )
  })

  it('names what did not run without PostgreSQL, and how to run it', () => {
    const lines = closingLines({ tests, suites, databaseUrl: undefined, localPostgres: true })
    expect(lines.join('\n')).toContain(
      [
        'Did not run, for want of PostgreSQL (DATABASE_URL is not set): 3 tests, in 1 suite and 1 single test.',
        '  - apps/api/src/credit-race.test.ts › credit under concurrency (2 tests)',
        '  - apps/api/src/device.test.ts › devices › a lock mid-payment',
        'Run them with: DATABASE_URL=postgres://USER@HOST:5432/DATABASE npm test',
        'A PostgreSQL answers at 127.0.0.1:5432 here; CI uses it as',
      ].join('\n'),
    )
    expect(lines.join('\n')).toContain(
      'Did not run, skipped in the test files themselves: 1 test.\n  - apps/api/src/later.test.ts › some day',
    )
  })

  it('with DATABASE_URL set, says those run on the embedded database', () => {
    const lines = closingLines({
      tests,
      suites,
      databaseUrl: 'postgres://x@y/z',
      localPostgres: false,
    })
    expect(lines).toContain('Run them with DATABASE_URL unset: npm test')
    expect(lines.join('\n')).not.toContain('127.0.0.1:5432')
  })
})
