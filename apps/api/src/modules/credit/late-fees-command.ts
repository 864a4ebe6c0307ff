import { openDb } from '@padi/db/client'
import { loadApiConfig } from '../../config.ts'
import { runLateFees } from './late-fee-job.ts'

// docs/product/credit.md (Late fees): the late-fee job once, for a scheduler outside the API (cron,
// a Kubernetes CronJob). Safe beside the API's own runs and beside itself. Prints what it added.
const config = loadApiConfig()
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 })
try {
  const run = await runLateFees(db.db, new Date())
  process.stdout.write(`${JSON.stringify(run)}\n`)
} finally {
  await db.close()
}
