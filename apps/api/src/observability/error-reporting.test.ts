import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandler } from '../plugins/error-handler.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { startErrorReporting, stopErrorReporting } from './error-reporting.ts'

/**
 * docs/product/error-reporting.md: with a service configured, the API's unexpected errors,
 * error-level console output and bug reports reach it, and no mobile number, ID number or token
 * is in what is sent. A collector on this machine stands in for the service.
 */
describe('the API reports to an error service', () => {
  const bodies: string[] = []
  const collector = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      bodies.push(
        (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'),
      )
      res.end('{}')
    })
  })
  let t: TestApp
  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
    const { port } = collector.address() as AddressInfo
    expect(
      await startErrorReporting({
        dsn: `http://publickey@127.0.0.1:${port}/7`,
        environment: 'test',
        release: 'test-release',
        serverName: 'api',
      }),
    ).toBe(true)
    t = await createTestApp({ FEEDBACK_RATE_LIMIT_MAX: '100' })
  })
  afterAll(async () => {
    await stopErrorReporting()
    await t.close()
    await new Promise((resolve) => collector.close(resolve))
  })

  it('sends an unexpected error with its request id, scrubbed; a client error is not sent', async () => {
    const app = Fastify()
    registerErrorHandler(app)
    app.get('/boom', async () => {
      throw new Error(
        'ledger failed for +60120000001, MyKad 900101-14-5678, eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
      )
    })
    app.get('/teapot', async () => {
      throw Object.assign(new Error('client mistake +60120000002'), { statusCode: 400 })
    })
    const res = await app.inject({ method: 'GET', url: '/boom' })
    expect(res.statusCode).toBe(500)
    expect((await app.inject({ method: 'GET', url: '/teapot' })).statusCode).toBe(400)
    // Error-level console output is an error; a warning is a log.
    console.error('job failed for 012-000 0001')
    console.warn('slow statement for +66800000001')
    const feedback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback?locale=bm',
      payload: { message: 'Sila hubungi saya 0120000001', page: '/bm/cart' },
    })
    expect(feedback.json()).toEqual({ sent_to: 'service' })
    await stopErrorReporting()
    const all = bodies.join('\n')
    expect(all).toContain('"value":"ledger failed for [redacted], MyKad [redacted], [redacted]"')
    expect(all).toContain(`"request_id":"${res.json().requestId}"`)
    // (The test's own source lines ride along in stack traces: the error itself is what counts.)
    expect(all).not.toContain('"value":"client mistake')
    expect(all).toContain('job failed for [redacted]')
    expect(all).toMatch(/"type":"log"[\s\S]*slow statement for \[redacted\]/)
    expect(all).toMatch(/"type":"feedback"[\s\S]*Sila hubungi saya \[redacted\]/)
    for (const secret of ['60120000001', '0120000001', '900101-14-5678', 'eyJhbGci', '66800000001'])
      expect(all).not.toContain(secret)
  })
})
