import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BranchSchema } from '@padi/domain/branches/schemas'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

describe('GET /api/v1/branches', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('lists the seeded branches with names, address, coordinates, hours and market', async () => {
    const res = await t.app.inject({ url: '/api/v1/branches' })
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.length).toBeGreaterThanOrEqual(15)
    for (const branch of data) expect(BranchSchema.parse(branch)).toEqual(branch)
    expect(data.filter((b: { is_headquarters: boolean }) => b.is_headquarters)).toHaveLength(1)
    const markets = new Set(data.map((b: { market: string }) => b.market))
    expect(markets).toEqual(new Set(['MY', 'TH']))
  })

  it('filters by market and rejects an unknown one', async () => {
    const th = await t.app.inject({ url: '/api/v1/branches?market=TH' })
    expect(th.json().data.every((b: { market: string }) => b.market === 'TH')).toBe(true)
    const bad = await t.app.inject({ url: '/api/v1/branches?market=SG' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('VALIDATION_FAILED')
  })
})
