import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts'
import { login } from '../../test/auth-helpers.ts'

// Redis runs at 127.0.0.1:6379 on the machines here and in CI.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

const ready = async (app: FastifyInstance) => {
  if (app.redis && app.redis.status !== 'ready') await once(app.redis, 'ready')
  expect(app.redis?.status).toBe('ready')
}

/**
 * docs/reliability.md (Shared state): with REDIS_URL the request limits count across API
 * instances, so a client cannot get twice the allowance by landing on two; with Redis away the
 * instances let requests through and keep working.
 */
describe('rate limits shared through Redis by two API instances', () => {
  let a: TestApp
  let b: FastifyInstance
  beforeAll(async () => {
    const env = {
      REDIS_URL,
      // A key space of this run's own, so runs and files never count each other's requests.
      REDIS_KEY_PREFIX: `test-${randomUUID().slice(0, 8)}:`,
      RATE_LIMIT_MAX: '6',
      LOGIN_RATE_LIMIT_MAX: '3',
    }
    a = await createTestApp(env)
    b = await secondInstance(a)
    await ready(a.app)
    await ready(b)
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  it('counts one client’s requests on both instances together', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const app = i % 2 === 0 ? a.app : b
      const res = await app.inject({ url: '/api/v1/branches', remoteAddress: '10.20.0.1' })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
    // Another client is counted apart.
    expect(
      (await b.inject({ url: '/api/v1/branches', remoteAddress: '10.20.0.2' })).statusCode,
    ).toBe(200)
  })

  it('counts login attempts across instances too', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await login(i % 2 === 0 ? a.app : b, '+60120000001', 'wrong-password', '10.20.0.3'))
          .statusCode,
      )
    expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true)
    expect(statuses[3]).toBe(429)
  })
})

describe('Redis away', () => {
  let t: TestApp
  beforeAll(async () => {
    // Nothing listens on port 1: the connection fails, and keeps trying in the background.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MAX: '2' })
  })
  afterAll(() => t.close())

  it('lets requests through rather than refusing everyone, and answers at once', async () => {
    // "At once": the client refuses the limiter's command as it is sent; a command queued for a
    // reconnection, or sent, would settle only later. Seen per command rather than by timing.
    const redis = t.app.redis!
    const send = redis.sendCommand.bind(redis)
    const commands: { name: string; settledWhenSent: boolean; sent: Promise<unknown> }[] = []
    redis.sendCommand = (...args: Parameters<typeof send>) => {
      const [command] = args
      const sent = send(...args) as Promise<unknown>
      commands.push({ name: command.name, settledWhenSent: command.isSettled, sent })
      return sent
    }
    try {
      for (let i = 0; i < 4; i++)
        expect(
          (await t.app.inject({ url: '/api/v1/branches', remoteAddress: '10.21.0.1' })).statusCode,
        ).toBe(200)
    } finally {
      redis.sendCommand = send
    }
    expect(redis.status).not.toBe('ready')
    // The limiter asked Redis for every request (it did not leave Redis out), and was refused.
    expect(commands.map((c) => [c.name, c.settledWhenSent])).toEqual(
      Array(4).fill(['evalsha', true]),
    )
    for (const { sent } of commands) await expect(sent).rejects.toThrow()
  })
})
