import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { creditLines } from '@padi/db/schema/credit'
import { auditLog } from '@padi/db/schema/audit'
import { KYC_LIMITS } from '@padi/domain/kyc/kyc-documents'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { completeKycDraft, day } from '../../../test/kyc-helpers.ts'

/**
 * docs/product/credit.md (KYC, KYC review) under parallel requests, on PostgreSQL where they
 * really race: the file limits hold, one submission, one decision, one credit line.
 */
describe.skipIf(!process.env.DATABASE_URL)('KYC under parallel requests', () => {
  let t: TestApp
  let siti: string
  let finance: string
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
  })
  afterAll(() => t.close())

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })

  it('30 uploads at once keep exactly the 12 allowed; 20 submits make one; 20 approvals open one line', async () => {
    const images = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sharp({ create: { width: 30 + i, height: 20, channels: 3, background: '#6b8e23' } })
          .png()
          .toBuffer(),
      ),
    )
    const kinds = ['id_front', 'id_back', 'selfie', 'land_document', 'harvest_sales']
    const answers = await Promise.all(
      images.map((body, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/me/kyc/documents?kind=${kinds[i % kinds.length]}&name=p${i}.png`,
          headers: { ...bearer(siti), 'content-type': 'image/png' },
          payload: body,
        }),
      ),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(KYC_LIMITS.maxFiles)
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - KYC_LIMITS.maxFiles)
    const mine = (await call(siti, 'GET', '/me/kyc')).json().application
    expect(mine.documents).toHaveLength(KYC_LIMITS.maxFiles)

    await call(siti, 'PUT', '/me/kyc', completeKycDraft(2))
    const submits = await Promise.all(
      Array.from({ length: 20 }, () => call(siti, 'POST', '/me/kyc/submit')),
    )
    expect(submits.filter((s) => s.statusCode === 200)).toHaveLength(1)
    // Every other answer is the refusal of an application no longer editable; none is a 500.
    for (const s of submits.filter((s) => s.statusCode !== 200))
      expect({ status: s.statusCode, code: s.json().code }).toEqual({
        status: 409,
        code: 'KYC_NOT_EDITABLE',
      })
    const queue = (await call(finance, 'GET', '/admin/kyc')).json()
    const id = queue.data.find(
      (a: { full_name: string }) => a.full_name === 'Siti binti Abdullah',
    ).id

    const approvals = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(finance, 'POST', `/admin/kyc/${id}/approve`, {
          verified_hectares: 2,
          contract_starts_on: day(0),
          contract_ends_on: day(365),
          due_on: day(120),
        }),
      ),
    )
    expect(approvals.filter((a) => a.statusCode === 200)).toHaveLength(1)
    for (const a of approvals.filter((a) => a.statusCode !== 200))
      expect(a.json().code).toBe('KYC_NOT_EDITABLE')
    const sitiId = (await call(siti, 'GET', '/me')).json().id as number
    const [lines] = await t.db.db
      .select({ n: count() })
      .from(creditLines)
      .where(eq(creditLines.userId, sitiId))
    expect(lines!.n).toBe(1)
    const [decisions] = await t.db.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.subjectId, id))
    expect(decisions!.n).toBe(1)
    expect((await call(siti, 'GET', '/me/credits')).json().data[0].available_credits).toEqual({
      amount_minor: 200_000,
      currency: 'MYR',
    })
  })
})
