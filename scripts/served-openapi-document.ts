// The API document exactly as the API serves it at /api/openapi.json, demo routes included, from an
// app on an in-memory database (no server or port needed). Both the linters (lint-openapi.ts) and
// the web's generated client types (api-types.ts) read this one document.
import { openDb } from '@padi/db/client'
import { buildApp } from '../apps/api/src/app.ts'
import { loadApiConfig } from '../apps/api/src/config.ts'

/** The served document's text. */
export async function servedOpenApiDocument(): Promise<string> {
  const db = await openDb({ dataDir: 'memory://' })
  const app = await buildApp({
    db,
    config: loadApiConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'true',
      JWT_SECRET: 'openapi-lint-secret-that-is-long-enough-0123456789',
      OTP_SECRET: 'openapi-lint-secret-that-is-long-enough-9876543210',
      SMS_RETRY_INTERVAL_MS: '0',
    }),
  })
  try {
    await app.ready()
    const res = await app.inject({ url: '/api/openapi.json' })
    if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`)
    return res.body
  } finally {
    await app.close()
    await db.close()
  }
}
