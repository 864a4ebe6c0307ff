import { createServer, connect, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { openDb, type DbHandle } from '@padi/db/client'
import { buildApp } from '../app.ts'
import { loadApiConfig } from '../config.ts'
import { isDatabaseUnavailable } from './database-unavailable.ts'
import { createTestDatabase } from '@padi/db/testing/test-database'

const testConfig = () =>
  loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    OTP_SECRET: 'test-otp-secret-that-is-long-enough-0123456789',
    FILE_ENCRYPTION_KEY: 'A'.repeat(43),
    DATA_DIR: '/tmp/padi-db-away',
    SMS_RETRY_INTERVAL_MS: '0',
    LATE_FEE_INTERVAL_MS: '0',
    NOTICE_INTERVAL_MS: '0',
    FILE_SWEEP_INTERVAL_MS: '0',
  })

/**
 * docs/reliability.md (PostgreSQL away): while PostgreSQL cannot be reached the API answers 503
 * with Retry-After (not a 500 and not an error report), and serves again without a restart of
 * its own once it can (the pool opens new connections).
 */
describe('PostgreSQL away', () => {
  let db: DbHandle
  let app: FastifyInstance
  beforeAll(async () => {
    // Nothing listens on port 1 here: every connection is refused, as while PostgreSQL restarts.
    db = await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/padi', poolSize: 2 })
    app = await buildApp({ config: testConfig(), db })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  it('answers 503 with Retry-After on reads and writes, at once', async () => {
    for (const request of [
      { url: '/api/v1/branches' },
      { url: '/api/v1/products?market=MY' },
      {
        method: 'POST' as const,
        url: '/api/v1/auth/login',
        payload: { mobile: '+60120000001', password: 'demo2026' },
      },
    ]) {
      const res = await app.inject(request)
      expect(res.statusCode, request.url).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' })
    }
  })

  it('tells a lost database from a mistake in a query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    })
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all failed'))).toBe(true)
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toBe(false)
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false)
  })
})

/**
 * A restart of PostgreSQL, played by a TCP relay in front of the real server: the relay cuts every
 * connection and refuses new ones (the server is down), then relays again (it is back). The API
 * answers 503 meanwhile and serves again without being restarted.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL restarted', () => {
  let relay: Server | null = null
  const sockets = new Set<Socket>()
  let port = 0
  const target = new URL(process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432')
  const up = () =>
    new Promise<void>((resolve) => {
      relay = createServer((client) => {
        const server = connect(Number(target.port || 5432), target.hostname)
        for (const s of [client, server]) {
          sockets.add(s)
          s.on('close', () => sockets.delete(s))
          s.on('error', () => s.destroy())
        }
        client.pipe(server).pipe(client)
      })
      relay.listen(port, '127.0.0.1', () => {
        port = (relay!.address() as AddressInfo).port
        resolve()
      })
    })
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      relay!.close(() => resolve())
    })

  it('answers 503 while it is down and serves again once it is back', async () => {
    const database = await createTestDatabase('padi_restart')
    await database.close()
    await up()
    const url = new URL(database.url!)
    url.host = `127.0.0.1:${port}`
    const db = await openDb({ databaseUrl: url.toString(), poolSize: 4 })
    const app = await buildApp({ config: testConfig(), db })
    await app.ready()
    try {
      expect((await app.inject({ url: '/api/v1/products?market=MY' })).statusCode).toBe(200)
      await down()
      const during = await app.inject({ url: '/api/v1/branches' })
      expect(during.statusCode).toBe(503)
      expect(during.headers['retry-after']).toBe('5')
      await up()
      // The first query after the cut may still meet a connection the pool thinks is open.
      let status = 0
      for (let i = 0; i < 5 && status !== 200; i++)
        status = (await app.inject({ url: '/api/v1/branches' })).statusCode
      expect(status).toBe(200)
      expect((await app.inject({ url: '/api/v1/products?market=MY' })).statusCode).toBe(200)
    } finally {
      await app.close()
      await db.close().catch(() => undefined)
      await down().catch(() => undefined)
      await database.drop()
    }
  })
})
