import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * ADR 040 (Database functions): each database function's live definition is kept as a source file
 * in sql/functions, named for the function in kebab-case. Migrations hold copies (PostgreSQL runs
 * what the migrations say), written from the source by `npm run db:function`; the test beside this
 * file checks that the newest migration defining each function says what its source says.
 */
export const DB_PACKAGE_FOLDER = fileURLToPath(new URL('..', import.meta.url))

export type DbFolders = { migrations: string; functions: string }

export const DB_FOLDERS: DbFolders = {
  migrations: join(DB_PACKAGE_FOLDER, 'migrations'),
  functions: join(DB_PACKAGE_FOLDER, 'sql', 'functions'),
}

/** One CREATE [OR REPLACE] FUNCTION statement, or a DROP FUNCTION, as a migration or source has it. */
export type FunctionStatement =
  | {
      kind: 'create'
      name: string
      /** From CREATE to the semicolon after the body, as written. */
      text: string
      /** Up to and including the opening dollar quote: the name, arguments, result and language. */
      header: string
      /** Between the dollar quotes: what PostgreSQL keeps as the function's source (prosrc). */
      body: string
    }
  | { kind: 'drop'; name: string }

// At the start of a line, so a comment that names a statement is not taken for one. Only the
// function's own name counts: every function of the shop is in the default schema.
const STATEMENT =
  /^[ \t]*(?:(CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION)|DROP\s+FUNCTION(?:\s+IF\s+EXISTS)?)\s+(?:"?\w+"?\.)?"?(\w+)"?/gim
const DOLLAR_QUOTE = /\$(?:[A-Za-z_]\w*)?\$/g

/**
 * The function statements of a migration or source file, in order. A definition runs from CREATE
 * to the first semicolon after its dollar-quoted body (`$$ … $$;`, `$fn$ … $fn$ LANGUAGE sql;`);
 * its body is skipped, so SQL inside it is never read as a statement of the file.
 */
export function functionStatements(sql: string): FunctionStatement[] {
  const found: FunctionStatement[] = []
  STATEMENT.lastIndex = 0
  for (let match = STATEMENT.exec(sql); match; match = STATEMENT.exec(sql)) {
    const name = match[2]!.toLowerCase()
    if (!match[1]) {
      found.push({ kind: 'drop', name })
      continue
    }
    const start = match.index + match[0].search(/\S/)
    DOLLAR_QUOTE.lastIndex = match.index + match[0].length
    const open = DOLLAR_QUOTE.exec(sql)
    if (!open) throw new Error(`${name}: the body must be dollar-quoted ($$ … $$)`)
    const bodyStart = open.index + open[0].length
    const close = sql.indexOf(open[0], bodyStart)
    if (close < 0) throw new Error(`${name}: the body's closing ${open[0]} is missing`)
    const end = sql.indexOf(';', close + open[0].length)
    if (end < 0) throw new Error(`${name}: the semicolon after the body is missing`)
    found.push({
      kind: 'create',
      name,
      text: sql.slice(start, end + 1),
      header: sql.slice(start, bodyStart),
      body: sql.slice(bodyStart, close),
    })
    STATEMENT.lastIndex = end + 1
  }
  return found
}

/**
 * What two copies of a definition must share: everything but line endings and trailing spaces.
 * CREATE and CREATE OR REPLACE are one: the first migrations created their functions with CREATE,
 * and a source must replace the function it defines.
 */
export function normaliseDefinition(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
    .replace(/^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\b/i, 'CREATE OR REPLACE FUNCTION')
}

export const sourceFileName = (functionName: string) => `${functionName.replaceAll('_', '-')}.sql`
export const functionNameOf = (fileName: string) =>
  fileName.replace(/\.sql$/, '').replaceAll('-', '_')

export type FunctionSource = {
  name: string
  file: string
  /** The whole file: its comments say why, and go into the migration with the definition. */
  text: string
  definition: Extract<FunctionStatement, { kind: 'create' }>
}

/** Every source file, by function name; a file must define exactly the function it is named for. */
export function readFunctionSources(folders: DbFolders = DB_FOLDERS): Map<string, FunctionSource> {
  const sources = new Map<string, FunctionSource>()
  if (!existsSync(folders.functions)) return sources
  for (const file of readdirSync(folders.functions)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(folders.functions, file), 'utf8')
    const statements = functionStatements(text)
    const name = functionNameOf(file)
    const [definition] = statements
    if (statements.length !== 1 || definition?.kind !== 'create' || definition.name !== name)
      throw new Error(`sql/functions/${file} must define the one function ${name}, and only it`)
    if (!/^CREATE\s+OR\s+REPLACE\b/i.test(definition.text))
      throw new Error(`sql/functions/${file}: CREATE OR REPLACE, so that a migration can apply it`)
    sources.set(name, { name, file, text, definition })
  }
  return sources
}

export type JournalEntry = { idx: number; when: number; tag: string }

export function readJournal(folders: DbFolders = DB_FOLDERS): JournalEntry[] {
  const journal = JSON.parse(
    readFileSync(join(folders.migrations, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] }
  return journal.entries
}

export type MigratedFunction = {
  /** The migration's tag, e.g. 0030_pickup-stock-named. */
  tag: string
  /** The newest definition; null when the newest statement about the function dropped it. */
  definition: Extract<FunctionStatement, { kind: 'create' }> | null
}

/** Each function any migration defined, with the newest statement about it in the migrator's order. */
export function newestMigratedFunctions(
  folders: DbFolders = DB_FOLDERS,
): Map<string, MigratedFunction> {
  const newest = new Map<string, MigratedFunction>()
  for (const { tag } of readJournal(folders)) {
    const sql = readFileSync(join(folders.migrations, `${tag}.sql`), 'utf8')
    for (const statement of functionStatements(sql)) {
      if (statement.kind === 'create') newest.set(statement.name, { tag, definition: statement })
      else if (newest.has(statement.name)) newest.set(statement.name, { tag, definition: null })
    }
  }
  return newest
}
