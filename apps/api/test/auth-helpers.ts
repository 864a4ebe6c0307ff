import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'

export const DEMO_PASSWORD = 'demo2026'

/** Reads the newest code sent to a number from the dev SMS outbox (docs/product/accounts.md). */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ url: `/api/v1/dev/sms?to=${encodeURIComponent(to)}` })
  expect(res.statusCode).toBe(200)
  const body = res.json().data[0]?.body as string | undefined
  const code = body?.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code in the outbox for ${to}`)
  return code
}

export function signupPayload(mobile: string, overrides: Record<string, unknown> = {}) {
  return {
    mobile,
    password: 'padi2026',
    full_name: 'Rosli bin Hamid',
    email: 'rosli@example.my',
    postcode: '06000',
    area: 'Kampung Padang',
    district: 'Kubang Pasu',
    preferred_branch: 2,
    ...overrides,
  }
}

export async function login(
  app: FastifyInstance,
  mobile: string,
  password = DEMO_PASSWORD,
  ip = '10.0.0.1',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { mobile, password },
    remoteAddress: ip,
  })
  return res
}

export async function loginTokens(app: FastifyInstance, mobile: string, password = DEMO_PASSWORD) {
  const res = await login(app, mobile, password)
  expect(res.statusCode).toBe(200)
  return res.json() as { access_token: string; refresh_token: string; data: { id: number } }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
