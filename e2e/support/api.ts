import type { APIRequestContext } from '@playwright/test'
import { E2E_API_PORT } from './ports.ts'

export const API = `http://127.0.0.1:${E2E_API_PORT}`
export const DEMO_PASSWORD = 'demo2026'

/** The newest code sent to a number, from the SMS outbox of the API under test (docs/product/shell.md). */
export async function latestCode(request: APIRequestContext, mobile: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await request.get(`${API}/api/v1/dev/sms?to=${encodeURIComponent(mobile)}`)
    const body = (await res.json()).data?.[0]?.body as string | undefined
    const code = body?.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no code for ${mobile}`)
}

/**
 * The 8 digits of a counter code sent by SMS to a number after `since` (docs/product/vouchers.md,
 * a code by SMS), read from the demo outbox as the customer's phone would read its SMS.
 */
export async function latestCounterCode(
  request: APIRequestContext,
  mobile: string,
  since: Date,
): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await request.get(`${API}/api/v1/dev/sms?to=${encodeURIComponent(mobile)}`)
    const sms = (await res.json()).data?.[0] as
      { body: string | null; purpose: string; created_at: string } | undefined
    const found =
      sms?.purpose === 'counter_code' && Date.parse(sms.created_at) >= since.getTime()
        ? sms.body?.match(/\b(\d{4}) (\d{4})\b/)
        : null
    if (found) return `${found[1]}${found[2]}`
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no counter code for ${mobile}`)
}

export async function apiLogin(
  request: APIRequestContext,
  mobile: string,
  password = DEMO_PASSWORD,
) {
  const res = await request.post(`${API}/api/v1/auth/login`, { data: { mobile, password } })
  if (!res.ok()) throw new Error(`login ${mobile}: ${res.status()}`)
  return (await res.json()) as { access_token: string; data: { id: number } }
}

/** Admin actions through the real API (the back office has no pages yet). */
export async function setSuspended(request: APIRequestContext, userId: number, suspended: boolean) {
  const admin = await apiLogin(request, '+60120000005')
  const res = await request.post(
    `${API}/api/v1/admin/users/${userId}/${suspended ? 'suspend' : 'reactivate'}`,
    {
      headers: { authorization: `Bearer ${admin.access_token}` },
    },
  )
  if (!res.ok()) throw new Error(`suspend: ${res.status()}`)
}

/** A fresh Malaysian mobile number per test run. */
export function freshMobile(): string {
  return `+60113${String(Date.now() % 1_000_000).padStart(6, '0')}${Math.floor(Math.random() * 10)}`.slice(
    0,
    13,
  )
}

/** A new active customer made through the real API, for tests that change an account. */
export async function createAccount(request: APIRequestContext, password = 'sawah2026') {
  return signUpCustomer(request, {
    mobile: freshMobile(),
    password,
    full_name: 'Test Farmer',
    postcode: '06000',
    area: 'Jitra',
    district: 'Kubang Pasu',
    preferred_branch: 2,
  })
}

/** Signs a customer up and verifies the code sent, through the real API. */
export async function signUpCustomer(
  request: APIRequestContext,
  who: {
    mobile: string
    password: string
    full_name: string
    postcode: string
    area: string
    district: string
    preferred_branch: number
  },
) {
  const { mobile, password } = who
  const signup = await request.post(`${API}/api/v1/auth/signup`, { data: who })
  if (signup.status() !== 201)
    throw new Error(`signup ${mobile}: ${signup.status()} ${await signup.text()}`)
  const s = await signup.json()
  const verify = await request.post(`${API}/api/v1/auth/otp/verify`, {
    data: {
      preAuthSessionId: s.preAuthSessionId,
      deviceId: s.deviceId,
      userInputCode: await latestCode(request, mobile),
    },
  })
  if (!verify.ok()) throw new Error(`verify ${mobile}: ${verify.status()}`)
  const body = (await verify.json()) as { data: { id: number } }
  return { mobile, password, id: body.data.id }
}
