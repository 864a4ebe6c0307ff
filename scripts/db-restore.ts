// `npm run db:restore -- FILE`: puts a backup made by db:backup back (docs/reliability.md,
// Backups). Stop the API first. PostgreSQL: in one transaction, so a failed restore changes
// nothing. Embedded: the current data directory is kept beside the restored one.
import './require-node-24.mjs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { restoreDatabase } from '@padi/db/backup/backup'

const { positionals } = parseArgs({ allowPositionals: true })
const file = positionals[0]
if (!file) {
  console.error('Usage: npm run db:restore -- FILE')
  process.exit(2)
}
const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = resolve(process.env.DATA_DIR ?? './.data')
const { keptAside } = await restoreDatabase({ databaseUrl, dataDir }, resolve(file))
console.log(
  `restored from ${resolve(file)}${keptAside ? `; the database before is kept at ${keptAside}` : ''}`,
)
