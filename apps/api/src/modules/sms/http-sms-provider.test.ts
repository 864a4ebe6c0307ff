import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { smsOutbox } from '@padi/db/schema/auth'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { createHttpSmsProvider } from './http-sms-provider.ts'

/** A small local stand-in for an SMS gateway (docs/product/accounts.md). */
function fakeGateway() {
  const received: {
    auth: string | undefined
    body: { to: string; message: string; sender: string }
  }[] = []
  let failNext = false
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      if (failNext) {
        failNext = false
        res.writeHead(502).end()
        return
      }
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  return {
    received,
    failOnce: () => (failNext = true),
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () =>
          r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/send`),
        ),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('HTTP SMS provider against a local gateway', () => {
  const gateway = fakeGateway()
  let url = ''
  let t: TestApp
  beforeAll(async () => {
    url = await gateway.start()
    t = await createTestApp({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_KEY: 'gw-key-123' })
  })
  afterAll(async () => {
    await t.close()
    await gateway.stop()
  })

  it('posts the message with the key and marks the outbox row sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { mobile: '+60120000001' },
    })
    expect(res.statusCode).toBe(200)
    // The answer does not wait for the gateway; the send runs after it.
    await t.app.otp.drain()
    expect(gateway.received).toHaveLength(1)
    expect(gateway.received[0]).toMatchObject({
      auth: 'Bearer gw-key-123',
      body: { to: '+60120000001', sender: 'SawahMart' },
    })
    expect(gateway.received[0]!.body.message).toMatch(/\b\d{6}\b/)
    // With a real gateway there is no demo outbox endpoint, and the row keeps no code once sent.
    expect((await t.app.inject({ url: '/api/v1/dev/sms?to=%2B60120000001' })).statusCode).toBe(404)
    const [row] = await t.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, '+60120000001'))
      .orderBy(desc(smsOutbox.id))
      .limit(1)
    expect(row).toMatchObject({ status: 'sent', codeSealed: null, attempts: 1 })
  })

  it('throws when the gateway refuses, so the caller can report it', async () => {
    const provider = createHttpSmsProvider({ url, sender: 'X' })
    gateway.failOnce()
    await expect(provider.send({ to: '+60120000002', body: 'hi' })).rejects.toThrow(
      'SMS gateway answered 502',
    )
  })
})
