import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { like, sql } from 'drizzle-orm'
import { vouchers } from '@padi/db/schema/vouchers'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { day } from '../../../test/kyc-helpers.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

describe('issuing vouchers (docs/product/vouchers.md: issuing)', () => {
  let t: TestApp
  let finance: string
  let ahmad: string
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    finance = (await loginTokens(t.app, '+60120000004')).access_token
    ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  })
  afterAll(() => t.close())

  const csv = [
    'mobile,value,expires_on',
    `012-000 0001,25.50,${day(60)}`,
    `+60120000001,0,${day(60)}`,
    `+60120000001,1.005,${day(60)}`,
    `+60120000001,1000.01,${day(60)}`,
    `+60120000001,10,${day(-1)}`,
    `+60129999999,10,${day(60)}`,
    `+60120000003,10,${day(60)}`,
    `not a number,10,${day(60)}`,
    `+66800000001,35000,${day(30)}`,
  ].join('\n')
  const post = (token: string, url: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    })

  it('previews a CSV file row by row and creates nothing', async () => {
    const before = (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0]!.n
    const res = await post(finance, '/admin/vouchers/preview', { csv })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.rows.map((r: { problem: string | null }) => r.problem)).toEqual([
      null,
      'vouchers.issue.errors.value',
      'vouchers.issue.errors.value',
      'vouchers.issue.errors.tooHigh',
      'vouchers.issue.errors.past',
      'vouchers.issue.errors.customer',
      'vouchers.issue.errors.customer',
      'vouchers.issue.errors.mobile',
      null,
    ])
    expect({ valid: body.valid, rejected: body.rejected, created: body.created }).toEqual({
      valid: 2,
      rejected: 7,
      created: 0,
    })
    const after = (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0]!.n
    expect(after).toBe(before)
  })

  it('refuses a file whose cells hold a tab or another control character, and creates nothing', async () => {
    // Found by the boundary's random inputs: such a cell was echoed back in its row and broke
    // the answer (500).
    const before = (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0]!.n
    for (const tabbed of [`+60120000001\t10\t${day(60)}`, "8!C\t'xtX"])
      for (const [url, key] of [
        ['/admin/vouchers/preview', undefined],
        ['/admin/vouchers', randomUUID()],
      ] as const) {
        const res = await post(finance, url, { csv: tabbed }, key)
        expect({ status: res.statusCode, errors: fieldErrorKeys(res.json().errors) }).toEqual({
          status: 400,
          errors: [{ field: 'csv', message: 'vouchers.issue.errors.hidden' }],
        })
      }
    const after = (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0]!.n
    expect(after).toBe(before)
  })

  it('issues the good rows once per key, however often it is sent, and only for finance', async () => {
    expect((await post(ahmad, '/admin/vouchers/preview', { csv })).statusCode).toBe(403)
    expect((await post(ahmad, '/admin/vouchers', { csv }, randomUUID())).statusCode).toBe(403)
    const key = randomUUID()
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(finance, '/admin/vouchers', { csv }, key)),
    )
    const created = results.filter((r) => r.statusCode === 201)
    expect(created.length).toBeGreaterThanOrEqual(1)
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json().code).toBe('IDEMPOTENCY_IN_FLIGHT')
    for (const r of created) expect(r.json().serials).toEqual(created[0]!.json().serials)
    const issued = await t.db.db
      .select()
      .from(vouchers)
      .where(like(vouchers.serial, 'V3-%-__________'))
    expect(issued).toHaveLength(2)
    const mine = (await t.app.inject({ url: '/api/v1/me/vouchers', headers: bearer(ahmad) })).json()
      .data as { serial: string; value: { amount_minor: number }; status: string }[]
    expect(mine.find((v) => v.serial === created[0]!.json().serials[0])).toMatchObject({
      value: { amount_minor: 2_550 },
      status: 'active',
    })
    // The same key with other rows is refused.
    const other = await post(finance, '/admin/vouchers', { csv: csv.replace('25.50', '26') }, key)
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH')
  })
})
