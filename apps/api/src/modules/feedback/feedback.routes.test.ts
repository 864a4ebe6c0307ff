import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedbackReports } from '@padi/db/schema/feedback'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

// docs/product/error-reporting.md (Report a Bug), with no error-reporting service configured:
// reports are kept in the shop's own table, which admins read.
describe('bug reports kept by the shop', () => {
  let t: TestApp
  const tokens = { ahmad: '', finance: '', admin: '' }
  let ahmadId = 0
  beforeAll(async () => {
    t = await createTestApp({ FEEDBACK_RATE_LIMIT_MAX: '6' })
    const ahmad = await loginTokens(t.app, '+60120000001')
    tokens.ahmad = ahmad.access_token
    ahmadId = ahmad.data.id
    tokens.finance = (await loginTokens(t.app, '+60120000004')).access_token
    tokens.admin = (await loginTokens(t.app, '+60120000005')).access_token
  })
  afterAll(() => t.close())

  // A client of its own per report, but for the rate limit's test.
  let client = 0
  const send = (
    payload: unknown,
    headers: Record<string, string> = {},
    ip = `10.9.1.${++client}`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback?locale=th',
      payload: payload as Record<string, unknown>,
      headers,
      remoteAddress: ip,
    })

  it('keeps a visitor’s report and a customer’s, with who sent it', async () => {
    const anonymous = await send({ message: '  The cart page is blank  ', page: '/th/cart' })
    expect(anonymous.statusCode).toBe(201)
    expect(anonymous.json()).toEqual({ sent_to: 'shop' })
    // A link's secret in the page's address is not kept.
    const secret = await send({
      message: 'Link failed',
      page: '/en/late-repayment?token=abc123XYZ',
    })
    expect(secret.statusCode).toBe(201)
    const named = await send(
      { message: 'Cannot pay', page: '/en/checkout?x=1' },
      bearer(tokens.ahmad),
    )
    expect(named.statusCode).toBe(201)
    const rows = await t.db.db.select().from(feedbackReports).orderBy(feedbackReports.id)
    expect(rows.map((r) => [r.message, r.page, r.locale, r.userId])).toEqual([
      ['The cart page is blank', '/th/cart', 'th', null],
      ['Link failed', '/en/late-repayment?token=[redacted]', 'th', null],
      ['Cannot pay', '/en/checkout?x=1', 'th', ahmadId],
    ])
  })

  it('refuses bad input and forged tokens, keeping nothing', async () => {
    const before = (await t.db.db.select().from(feedbackReports)).length
    const empty = await send({ message: '   ', page: '/en' })
    expect(empty.statusCode).toBe(400)
    expect(fieldErrorKeys(empty.json().errors)).toEqual([
      { field: 'message', message: 'validation.feedbackRequired' },
    ])
    expect((await send({ message: 'x'.repeat(2001), page: '/en' })).statusCode).toBe(400)
    // The page is a path of this site, never another address.
    for (const page of ['https://evil.example/en', '//evil.example/en', 'javascript:alert(1)'])
      expect((await send({ message: 'hello', page })).statusCode).toBe(400)
    expect(
      (await send({ message: 'hello', page: '/en' }, bearer('forged.token.here'))).statusCode,
    ).toBe(401)
    expect((await t.db.db.select().from(feedbackReports)).length).toBe(before)
  })

  it('limits reports per client', async () => {
    const answers = []
    for (let i = 0; i < 7; i++)
      answers.push((await send({ message: `r${i}` }, {}, '10.9.0.2')).statusCode)
    expect(answers.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201])
    expect(answers[6]).toBe(429)
  })

  it('lists reports newest first for admins only, 50 a page', async () => {
    const list = (token: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/v1/admin/feedback${query}`, headers: bearer(token) })
    expect((await list(tokens.ahmad)).statusCode).toBe(403)
    expect((await list(tokens.finance)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/feedback' })).statusCode).toBe(
      401,
    )
    for (let i = 0; i < 50; i++)
      await t.db.db
        .insert(feedbackReports)
        .values({ page: '/en', message: `bulk ${i}`, locale: 'en' })
    const first = (await list(tokens.admin)).json()
    expect(first.items).toHaveLength(50)
    expect(first.items[0].message).toBe('bulk 49')
    expect(first.next_before).toBe(first.items[49].id)
    const second = (await list(tokens.admin, `?before=${first.next_before}`)).json()
    expect(second.items.map((i: { message: string }) => i.message)).toContain('Cannot pay')
    const named = second.items.find((i: { message: string }) => i.message === 'Cannot pay')
    expect(named.user).toEqual({ id: ahmadId, full_name: expect.any(String) })
    expect(second.next_before).toBeNull()
  })
})
