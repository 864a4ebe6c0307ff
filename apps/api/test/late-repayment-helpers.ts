import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { latestCode } from './auth-helpers.ts'

/**
 * docs/product/credit.md (Late repayment): the code by SMS, then the token the calls take. The
 * code is read from the demo outbox, or by `readCode` when the test has its own SMS gateway.
 */
export async function extensionToken(
  app: FastifyInstance,
  mobile: string,
  readCode: () => Promise<string> = () => latestCode(app, mobile),
): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/late-repayment/code?locale=bm',
    payload: { mobile },
  })
  expect(sent.statusCode).toBe(200)
  const { preAuthSessionId, deviceId } = sent.json()
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/late-repayment/verify',
    payload: { preAuthSessionId, deviceId, userInputCode: await readCode() },
  })
  expect(verified.statusCode).toBe(200)
  return verified.json().token as string
}
