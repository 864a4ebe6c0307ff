import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { smsOutbox } from '@padi/db/schema/auth'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, latestCode, signupPayload } from '../../../test/auth-helpers.ts'

function logSink() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { stream, text: () => lines.join('') }
}

/** A local SMS gateway that can be down, then up on the same port. */
async function gatewayPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((r) => probe.close(() => r()))
  return port
}

describe('codes are never kept or logged in clear text (rows 9 and 50)', () => {
  let t: TestApp
  const log = logSink()
  const clock = createTestClock(new Date('2026-11-23T02:00:00Z'))
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: log.stream, clock })
  })
  afterAll(() => t.close())

  it('a full sign-up, login, refresh and reset leave no code, password or token in the log or outbox', async () => {
    const mobile = '+60123458801'
    const password = 'Sawah-2026-pass'
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupPayload(mobile, { password }),
    })
    expect(signup.statusCode).toBe(201)
    const s = signup.json()
    const code = await latestCode(t.app, mobile)
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/otp/verify',
      payload: { preAuthSessionId: s.preAuthSessionId, deviceId: s.deviceId, userInputCode: code },
    })
    expect(verified.statusCode).toBe(200)
    const v = verified.json()
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(v.access_token) })
    expect(me.statusCode).toBe(200)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: bearer(v.refresh_token),
    })
    expect(refreshed.statusCode).toBe(200)
    clock.advance(61_000) // past the resend cool-down
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { mobile },
    })
    const resetCode = await latestCode(t.app, mobile)
    const newPassword = 'Baru-2026-pass'
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: {
        preAuthSessionId: forgot.json().preAuthSessionId,
        deviceId: forgot.json().deviceId,
        userInputCode: resetCode,
        password: newPassword,
      },
    })
    expect(reset.statusCode).toBe(200)
    await t.app.otp.drain()

    const text = log.text()
    expect(text.length).toBeGreaterThan(1000) // the log did record the requests
    for (const secret of [
      code,
      resetCode,
      password,
      newPassword,
      v.access_token,
      v.refresh_token,
      refreshed.json().refresh_token,
      s.deviceId,
    ])
      expect(text).not.toContain(secret)
    expect(text.toLowerCase()).not.toContain('bearer ')

    // The outbox keeps the template and a sealed code, never the text.
    const rows = await t.db.db.select().from(smsOutbox).where(eq(smsOutbox.to, mobile))
    expect(rows).toHaveLength(2)
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(code)
    expect(stored).not.toContain(resetCode)
  })

  it('payment PINs, right or wrong, never reach the log', async () => {
    const before = log.text().length
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { mobile: '+60120000002', password: 'demo2026' },
    })
    const auth = bearer(login.json().access_token)
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/pin',
      headers: auth,
      payload: { pin: '604829', confirm_pin: '604829' },
    })
    expect(set.statusCode).toBe(200)
    for (const pin of ['604829', '517263'])
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...auth, 'idempotency-key': `log-check-${pin}` },
        payload: {
          fulfilment: 'pickup',
          payment: 'credits',
          branch_id: 1,
          pin,
          lines: [{ variation_id: 1, count: 1 }],
        },
      })
    const text = log.text().slice(before)
    expect(text.length).toBeGreaterThan(100)
    for (const secret of ['604829', '517263']) expect(text).not.toContain(secret)
  })
})

describe('a failing SMS gateway leaks nothing (rows 4 and 51)', () => {
  let t: TestApp
  let port = 0
  let gateway: Server | null = null
  const received: { to: string; message: string }[] = []
  const clock = createTestClock(new Date('2026-11-23T02:00:00Z'))
  beforeAll(async () => {
    port = await gatewayPort()
    t = await createTestApp(
      { SMS_PROVIDER: 'http', SMS_HTTP_URL: `http://127.0.0.1:${port}/send`, LOG_LEVEL: 'silent' },
      { clock },
    )
  })
  afterAll(async () => {
    await t.close()
    if (gateway) await new Promise<void>((r) => gateway!.close(() => r()))
  })
  const forgot = (mobile: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password/forgot', payload: { mobile } })
  const shape = (body: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(body).map(([k, v]) => [
        k,
        k === 'message' || k === 'statusCode' ? v : typeof v,
      ]),
    )

  it('forgot-password answers a known and an unknown number alike while the gateway is down', async () => {
    const known = await forgot('+60120000001')
    const unknown = await forgot('+60129990001')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(shape(known.json())).toEqual(shape(unknown.json()))
    expect(known.body).not.toMatch(/cause|fetch|ECONNREFUSED/i)
    // Sign-up too: the code is queued, the answer is the usual one.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupPayload('+60123458802'),
    })
    expect(signup.statusCode).toBe(201)
    expect(signup.body).not.toMatch(/cause|fetch|ECONNREFUSED/i)
  })

  it('queues the message and delivers it when the gateway is back', async () => {
    await t.app.otp.drain()
    const [failed] = await t.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, '+60120000001'))
      .orderBy(desc(smsOutbox.id))
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed?.codeSealed).toBeTruthy()

    gateway = createServer((req, res) => {
      let raw = ''
      req.on('data', (c) => (raw += c))
      req.on('end', () => {
        received.push(JSON.parse(raw))
        res.writeHead(200).end('{}')
      })
    })
    await new Promise<void>((r) => gateway!.listen(port, '127.0.0.1', () => r()))
    clock.advance(16_000)
    expect(await t.app.otp.retryDue()).toBeGreaterThanOrEqual(2)
    expect(received.map((m) => m.to)).toEqual(
      expect.arrayContaining(['+60120000001', '+60123458802']),
    )
    expect(received.find((m) => m.to === '+60120000001')?.message).toMatch(/\b\d{6}\b/)
    const [sent] = await t.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, '+60120000001'))
      .orderBy(desc(smsOutbox.id))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, codeSealed: null })
    // Sent once: a second run finds nothing to do.
    expect(await t.app.otp.retryDue()).toBe(0)
  })

  it('gives up, erasing the code, when the code expires before the gateway returns', async () => {
    await new Promise<void>((r) => gateway!.close(() => r()))
    gateway = null
    await forgot('+66800000001')
    await t.app.otp.drain()
    clock.advance(11 * 60 * 1000)
    await t.app.otp.retryDue()
    const [row] = await t.db.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, '+66800000001'))
      .orderBy(desc(smsOutbox.id))
    expect(row).toMatchObject({ status: 'expired', codeSealed: null })
  })
})
