import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import { expect } from './fixtures.ts'
import { API, apiLogin, createAccount } from './api.ts'
import { dayFromToday } from './shop.ts'

/** A photo of a card, as a phone sends it. */
export function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
}

/** What a complete application says (a Malaysian farmer's), each part replaceable. */
type Details = Record<string, unknown>

/**
 * Fills the application of the customer with `token` through the API (details, the four
 * documents) and submits it; answers the application's id.
 */
export async function submitApplication(
  request: APIRequestContext,
  token: string,
  details: Details = {},
): Promise<number> {
  const headers = { authorization: `Bearer ${token}` }
  const draft = await request.put(`${API}/api/v1/me/kyc`, {
    headers,
    data: {
      full_name: 'Nurul Aisyah binti Mohd Kamarulzaman',
      id_number: '750312025331',
      planting_date: dayFromToday(-30),
      harvest_date: dayFromToday(90),
      owns_mist_drone: false,
      visited_centre: true,
      hectares: 2.5,
      consents: { terms: true, data_processing: true, credit_check: true },
      ...details,
    },
  })
  expect(draft.status()).toBe(200)
  for (const kind of ['id_front', 'id_back', 'selfie', 'land_document']) {
    const res = await request.post(`${API}/api/v1/me/kyc/documents?kind=${kind}&name=${kind}.jpg`, {
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      data: await photo('#a0a0a0'),
    })
    expect(res.status(), kind).toBe(201)
  }
  const submit = await request.post(`${API}/api/v1/me/kyc/submit`, { headers })
  expect(submit.status()).toBe(200)
  return (await submit.json()).application.id as number
}

/** A new farmer's complete application, submitted through the API; answers the farmer and its id. */
export async function submittedApplication(request: APIRequestContext) {
  const farmer = await createAccount(request)
  const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
  return { ...farmer, id: await submitApplication(request, access_token) }
}
