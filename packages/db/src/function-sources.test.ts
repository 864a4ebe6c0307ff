import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  functionStatements,
  newestMigratedFunctions,
  normaliseDefinition,
  readFunctionSources,
  sourceFileName,
} from './function-sources.ts'
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts'

/** Where two texts first differ, so a failure points at the line instead of printing 400 lines. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n')
  const b = actual.split('\n')
  const line = a.findIndex((text, i) => text !== b[i])
  const at = line < 0 ? a.length : line
  return `line ${at + 1} of the definition: source ${JSON.stringify(a[at] ?? '(end)')}, migration ${JSON.stringify(b[at] ?? '(end)')}`
}

describe('database functions kept as source files (ADR 040)', () => {
  const sources = readFunctionSources()
  const migrated = newestMigratedFunctions()

  it('finds the functions the migrations define', () => {
    // A parser that found nothing would make the checks below pass for nothing.
    expect(migrated.get('place_order')?.definition).toBeTruthy()
    expect(sources.size).toBeGreaterThan(0)
  })

  it('has each source equal to the newest migration that defines the function', () => {
    const problems: string[] = []
    for (const source of sources.values()) {
      const newest = migrated.get(source.name)
      if (!newest) problems.push(`${source.file}: no migration defines it (npm run db:function)`)
      else if (!newest.definition)
        problems.push(`${source.file}: ${newest.tag} drops the function; remove the source`)
      else {
        const expected = normaliseDefinition(source.definition.text)
        const actual = normaliseDefinition(newest.definition.text)
        if (expected !== actual)
          problems.push(
            `${source.file} differs from ${newest.tag} (npm run db:function ${source.file.replace(/\.sql$/, '')}): ${firstDifference(expected, actual)}`,
          )
      }
    }
    expect(problems).toEqual([])
  })

  it('has a source for every function a migration defines and none drops later', () => {
    const missing = [...migrated]
      .filter(([name, newest]) => newest.definition && !sources.has(name))
      .map(
        ([name, newest]) =>
          `${name} (newest in ${newest.tag}): sql/functions/${sourceFileName(name)}`,
      )
    expect(missing).toEqual([])
  })
})

describe('reading a function definition', () => {
  it('runs from CREATE to the semicolon after the dollar-quoted body, whatever its tag', () => {
    const file = [
      '-- CREATE FUNCTION "in_a_comment"() is not a statement',
      'CREATE FUNCTION "a"() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;--> statement-breakpoint',
      'create or replace function public.b(x int)',
      '  RETURNS int AS $fn$',
      "  BEGIN EXECUTE '",
      "CREATE FUNCTION c() RETURNS int AS $$ SELECT 2 $$;'; RETURN x; END",
      '$fn$ LANGUAGE plpgsql;',
      'DROP FUNCTION IF EXISTS "a";',
    ].join('\n')
    const statements = functionStatements(file)
    expect(statements.map((s) => `${s.kind} ${s.name}`)).toEqual(['create a', 'create b', 'drop a'])
    expect(statements[0]).toMatchObject({
      text: 'CREATE FUNCTION "a"() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;',
      body: ' SELECT 1; ',
    })
    expect(statements[1]).toMatchObject({
      text: expect.stringMatching(
        /^create or replace function public\.b\(x int\)\n[^]*\$fn\$ LANGUAGE plpgsql;$/,
      ),
    })
  })

  it('ignores line endings, trailing spaces and CREATE against CREATE OR REPLACE, nothing else', () => {
    const source = 'CREATE OR REPLACE FUNCTION "a"() RETURNS int AS $$\n  SELECT 1\n$$;'
    expect(
      normaliseDefinition('CREATE FUNCTION "a"() RETURNS int AS $$  \r\n  SELECT 1\r\n$$;'),
    ).toBe(normaliseDefinition(source))
    expect(normaliseDefinition(source.replace('  SELECT', ' SELECT'))).not.toBe(
      normaliseDefinition(source),
    )
  })
})

// The parser above reads the migrations' text; the migrated database says what they really made.
describe('the migrated database', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('has the functions of the sources, each with its source body', async () => {
    // Functions of the shop's schema that no extension (pg_trgm) brought.
    const rows = await database.prepared<{ name: string; body: string }>(sql`
      SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d
          WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`)
    const byName = (a: [string, string], b: [string, string]) => a[0].localeCompare(b[0])
    expect(
      rows.map((r): [string, string] => [r.name, normaliseDefinition(r.body)]).sort(byName),
    ).toEqual(
      [...readFunctionSources().values()]
        .map((s): [string, string] => [s.name, normaliseDefinition(s.definition.body)])
        .sort(byName),
    )
  })
})
