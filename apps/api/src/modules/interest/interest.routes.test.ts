import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { interestRegistrations } from '@padi/db/schema/interest'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

const valid = {
  email: 'Farmer.Ali@Example.com',
  full_name: 'Ali bin Abu',
  postcode: '06000',
  area: 'Kampung Tanjung',
  district: 'Kubang Pasu',
}

describe('POST /api/v1/interest', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ INTEREST_RATE_LIMIT_MAX: '5' })
  })
  afterAll(() => t.close())

  const count = async () => {
    const [row] = await t.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(interestRegistrations)
    return row?.n ?? 0
  }

  it('stores a registration and answers 201', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interest?locale=bm',
      payload: valid,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ statusCode: 201, message: 'Interest registered' })
    const rows = await t.db.db.select().from(interestRegistrations)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      email: 'farmer.ali@example.com',
      fullName: 'Ali bin Abu',
      locale: 'bm',
    })
  })

  it('updates instead of duplicating when the same e-mail registers again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interest',
      payload: { ...valid, email: 'FARMER.ALI@example.com', district: 'Kota Setar' },
    })
    expect(res.statusCode).toBe(201)
    expect(await count()).toBe(1)
    const [row] = await t.db.db.select().from(interestRegistrations)
    expect(row?.district).toBe('Kota Setar')
  })

  it('answers 400 with a stable code and field keys, and stores nothing', async () => {
    const before = await count()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interest',
      payload: {
        email: 'not-an-email',
        full_name: ' ',
        postcode: '6000A',
        area: '',
        district: 'x',
      },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
    })
    const byField = Object.fromEntries(
      body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    )
    expect(byField).toEqual({
      email: 'validation.emailInvalid',
      full_name: 'validation.fullNameRequired',
      postcode: 'validation.postcodeDigits',
      area: 'validation.areaRequired',
    })
    expect(await count()).toBe(before)
  })

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interest',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
  })

  it('limits registrations per client with 429 and Retry-After', async () => {
    let last = await t.app.inject({ method: 'POST', url: '/api/v1/interest', payload: valid })
    for (let i = 0; i < 6 && last.statusCode !== 429; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/v1/interest', payload: valid })
    }
    expect(last.statusCode).toBe(429)
    expect(last.headers['retry-after']).toBeDefined()
    expect(last.json()).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests',
    })
  })
})
