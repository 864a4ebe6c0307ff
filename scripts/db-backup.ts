// `npm run db:backup [-- --out FILE]`: a backup of the shop's database (docs/reliability.md,
// Backups): pg_dump when DATABASE_URL is set, else the embedded database's own dump (stop the API
// first: the embedded database has one user at a time). Uploaded files (FILES_DIR) are separate.
import './require-node-24.mjs'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { backupDatabase } from '@padi/db/backup/backup'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = resolve(process.env.DATA_DIR ?? './.data')
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const file = resolve(values.out ?? `backups/padi-${stamp}.${databaseUrl ? 'dump' : 'tar.gz'}`)
mkdirSync(dirname(file), { recursive: true })
const kind = await backupDatabase({ databaseUrl, dataDir }, file)
console.log(`backup (${kind}) written to ${file}`)
