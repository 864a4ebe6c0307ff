import closeWithGrace from 'close-with-grace'
import { openDb } from '@padi/db/client'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { loadApiConfig } from './config.ts'
import { buildApp } from './app.ts'
import { stopErrorReporting, startErrorReporting } from './observability/error-reporting.ts'

const config = loadApiConfig()
await startErrorReporting({
  dsn: config.SENTRY_DSN,
  environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
  release: config.SENTRY_RELEASE,
  serverName: 'api',
})
const db = await openDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
})
await db.migrate()
if (config.SEED_DEMO_DATA) await seedDemoData(db.db)
const app = await buildApp({ config, db })

closeWithGrace({ delay: config.SHUTDOWN_DRAIN_MS + 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after error')
  else app.log.info({ signal }, 'closing')
  // docs/reliability.md (Rolling restarts): behind a load balancer, first fail its check and keep
  // serving until it has noticed, then stop taking connections and finish the requests under way.
  app.drain()
  if (!err && config.SHUTDOWN_DRAIN_MS > 0)
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS))
  await app.close()
  await db.close()
  await stopErrorReporting()
})

await app.listen({ host: config.HOST, port: config.API_PORT })
