// docs/reliability.md (Backups): a copy of the whole database, and putting one back.
// PostgreSQL: pg_dump's custom format, restored by pg_restore in one transaction (a failed restore
// changes nothing). Embedded PGlite: its own dump of the data directory (gzip), restored into a
// fresh directory with the one it replaces kept beside it.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync, gzipSync } from 'node:zlib'
import { openDb } from '../client.ts'

const run = promisify(execFile)

export type Where = { databaseUrl?: string | undefined; dataDir: string }

/** Writes a backup to `file`; says which kind it wrote. */
export async function backupDatabase(where: Where, file: string): Promise<'pg_dump' | 'pglite'> {
  if (where.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, where.databaseUrl], {
      maxBuffer: 16 * 1024 * 1024,
    })
    return 'pg_dump'
  }
  // The embedded database has one user at a time: the API must be stopped (it holds the files).
  const db = await openDb({ dataDir: where.dataDir })
  try {
    const tar = Buffer.from(await (await db.dump!()).arrayBuffer())
    writeFileSync(file, gzipSync(tar))
  } finally {
    await db.close()
  }
  return 'pglite'
}

/**
 * Puts a backup back. PostgreSQL: every table, sequence and row of the backup replaces what is
 * there, in one transaction. PGlite: the current data directory is moved aside (returned) and the
 * backup becomes the database.
 */
export async function restoreDatabase(where: Where, file: string): Promise<{ keptAside?: string }> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`)
  if (where.databaseUrl) {
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        '--dbname',
        where.databaseUrl,
        file,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    )
    return {}
  }
  const tar = gunzipSync(readFileSync(file))
  const dir = join(where.dataDir, 'pglite')
  let keptAside: string | undefined
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dir, keptAside)
  }
  const db = await openDb({ dataDir: where.dataDir, loadDataDir: new Blob([tar]) })
  await db.close()
  return keptAside ? { keptAside } : {}
}
