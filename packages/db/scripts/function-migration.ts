// `npm run db:function -- <function> [migration-name] [--dry-run]`: the migration that brings a
// database function to what its source file says (ADR 040). The source is
// packages/db/sql/functions/<function>.sql; the function may be named place-order or place_order.
// The migration is named for the function unless a name is given (kebab-case, like the others).
//
// drizzle-kit makes the migration's entry in the journal and its snapshot (an unchanged copy of
// the last one: a function is not part of Drizzle's schema), then this writes the source's text
// into the empty file it made.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import {
  DB_FOLDERS,
  DB_PACKAGE_FOLDER,
  functionNameOf,
  newestMigratedFunctions,
  normaliseDefinition,
  readFunctionSources,
  readJournal,
} from '../src/function-sources.ts'

const root = join(DB_PACKAGE_FOLDER, '..', '..')
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false } },
})
const fail = (message: string): never => {
  console.error(message)
  process.exit(1)
}

if (positionals.length < 1 || positionals.length > 2)
  fail('Usage: npm run db:function -- <function> [migration-name] [--dry-run]')
const name = functionNameOf(basename(positionals[0]!))
const sources = readFunctionSources()
const source =
  sources.get(name) ??
  fail(
    `No source for ${name}: the sources are ${[...sources.values()].map((s) => s.file).join(', ')}`,
  )
const migrationName = positionals[1] ?? source.file.replace(/\.sql$/, '')
if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(migrationName))
  fail(`The migration's name is kebab-case: ${migrationName}`)

const newest = newestMigratedFunctions().get(name)?.definition
if (newest && normaliseDefinition(newest.text) === normaliseDefinition(source.definition.text)) {
  console.log(`${source.file} is what the newest migration defines already: nothing to migrate.`)
  process.exit(0)
}
// CREATE OR REPLACE cannot change what a function returns, and other arguments make a second
// function beside the first: such a change needs a DROP FUNCTION in the migration, by hand.
if (newest && normaliseDefinition(newest.header) !== normaliseDefinition(source.definition.header))
  console.warn(
    `The first lines of ${name} (arguments, result, options) changed: if its result type changed ` +
      'or its old arguments must go, add DROP FUNCTION before the new definition.',
  )

const sourcePath = relative(root, join(DB_FOLDERS.functions, source.file))
const text = `-- From ${sourcePath}: the function's source is kept there (ADR 040).\n${source.text}`
const command = [
  'generate',
  '--custom',
  '--name',
  migrationName,
  '--config',
  relative(root, join(DB_PACKAGE_FOLDER, 'drizzle.config.ts')),
]
const before = readJournal()
const last = before.at(-1)
const expectedTag = `${String((last?.idx ?? -1) + 1).padStart(4, '0')}_${migrationName}`

if (values['dry-run']) {
  console.log(`Would run: drizzle-kit ${command.join(' ')}`)
  console.log(
    `Would write ${sourcePath} (${text.split('\n').length} lines) into ` +
      `${relative(root, join(DB_FOLDERS.migrations, `${expectedTag}.sql`))}`,
  )
  process.exit(0)
}

execFileSync(join(root, 'node_modules', '.bin', 'drizzle-kit'), command, {
  cwd: root,
  stdio: 'inherit',
})

const journalPath = join(DB_FOLDERS.migrations, 'meta', '_journal.json')
const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[]
}
const entry = journal.entries.at(-1)
if (!entry || entry.tag !== expectedTag)
  fail(`drizzle-kit did not add ${expectedTag} to the journal; nothing was written.`)
// Drizzle's migrator applies only migrations newer (by `when`) than the last one applied, so a
// clock behind the newest migration's would make this one be skipped without a word.
if (last && entry!.when <= last.when) {
  entry!.when = last.when + 1
  writeFileSync(journalPath, JSON.stringify(journal, null, 2))
}
const migrationPath = join(DB_FOLDERS.migrations, `${expectedTag}.sql`)
writeFileSync(migrationPath, text)
console.log(`Wrote ${sourcePath} into ${relative(root, migrationPath)}.`)
console.log('Check it: npx vitest run packages/db/src/function-sources.test.ts')
