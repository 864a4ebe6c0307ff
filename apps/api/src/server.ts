import closeWithGrace from 'close-with-grace'
import { openDb } from '@padi/db/client'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { loadApiConfig } from './config.ts'
import { buildApp } from './app.ts'

const config = loadApiConfig()
const db = await openDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
})
await db.migrate()
if (config.SEED_DEMO_DATA) await seedDemoData(db.db)
const app = await buildApp({ config, db })

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after error')
  else app.log.info({ signal }, 'closing')
  await app.close()
  await db.close()
})

await app.listen({ host: config.HOST, port: config.API_PORT })
