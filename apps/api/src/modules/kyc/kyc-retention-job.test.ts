import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq, sql } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { kycApplications, kycDocuments } from '@padi/db/schema/kyc'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { completeKycDraft, day } from '../../../test/kyc-helpers.ts'
import { createEncryptedFileStore, type FileStore } from '../files/encrypted-file-store.ts'
import { runKycRetention } from './kyc-retention-job.ts'

const DAY = 86_400_000
const YEAR = 365.25 * DAY
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7d2c' } })
    .png()
    .toBuffer()

describe('keeping KYC data (docs/product/credit.md: Keeping KYC data; docs/security.md row 54)', () => {
  let t: TestApp
  let files: FileStore
  let siti: string
  let finance: string
  let admin: string
  let sitiId: number
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    files = createEncryptedFileStore({ dir: t.config.filesDir, key: t.config.fileKey })
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
    admin = (await loginTokens(t.app, '+60120000005')).access_token
    sitiId = (await call(siti, 'GET', '/me')).json().id
  })
  afterAll(() => t.close())

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })
  /** Siti applies with four documents; answers the application's id. */
  const submitted = async () => {
    await t.db.db.execute(
      sql`update kyc_applications set can_resubmit_at = now() - interval '1 minute'`,
    )
    expect((await call(siti, 'PUT', '/me/kyc', completeKycDraft(2))).statusCode).toBe(200)
    for (const kind of ['id_front', 'id_back', 'selfie', 'land_document'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v1/me/kyc/documents?kind=${kind}&name=${kind}.png`,
            headers: { ...bearer(siti), 'content-type': 'image/png' },
            payload: await png(),
          })
        ).statusCode,
      ).toBe(201)
    const res = await call(siti, 'POST', '/me/kyc/submit')
    expect(res.statusCode).toBe(200)
    return res.json().application.id as number
  }
  const reject = async (id: number) =>
    expect(
      (
        await call(finance, 'POST', `/admin/kyc/${id}/reject`, {
          reason: 'Photo unreadable',
          can_resubmit_on: day(2),
        })
      ).statusCode,
    ).toBe(200)
  const state = async (id: number) => {
    const [row] = await t.db.db.select().from(kycApplications).where(eq(kycApplications.id, id))
    const docs = await t.db.db.select().from(kycDocuments).where(eq(kycDocuments.applicationId, id))
    return { row: row!, docs }
  }
  const later = (ms: number) => new Date(Date.now() + ms)

  it('empties a rejected application a year after its rejection: documents, files and answers', async () => {
    const id = await submitted()
    await reject(id)
    const { docs } = await state(id)
    expect(docs).toHaveLength(4)
    const keys = docs.map((d) => d.storageKey)
    expect(await runKycRetention(t.db.db, files, later(YEAR - DAY))).toBe(0)
    expect((await state(id)).row.purgedAt).toBeNull()

    expect(await runKycRetention(t.db.db, files, later(YEAR + DAY))).toBe(1)
    const after = await state(id)
    expect(after.docs).toEqual([])
    expect(after.row).toMatchObject({ details: {}, decisionReason: null, state: 'rejected' })
    expect(after.row.purgedAt).not.toBeNull()
    for (const key of keys) expect(await files.get(key)).toBeNull()
    const [entry] = await t.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(entry).toMatchObject({ action: 'kyc.purge', actorUserId: null, subjectId: id })
    // Run again: nothing more.
    expect(await runKycRetention(t.db.db, files, later(YEAR + 2 * DAY))).toBe(0)
  })

  it('keeps everything under a legal hold for six years from the hold, which only admins set', async () => {
    const id = await submitted()
    await reject(id)
    expect(
      (await call(finance, 'POST', `/admin/users/${sitiId}/legal-hold`, { hold: true })).statusCode,
    ).toBe(403)
    const hold = await call(admin, 'POST', `/admin/users/${sitiId}/legal-hold`, { hold: true })
    expect(hold.statusCode).toBe(200)
    expect(hold.json().legal_hold_at).not.toBeNull()

    expect(await runKycRetention(t.db.db, files, later(2 * YEAR))).toBe(0)
    expect((await state(id)).docs).toHaveLength(4)
    expect(await runKycRetention(t.db.db, files, later(6 * YEAR - DAY))).toBe(0)
    expect(await runKycRetention(t.db.db, files, later(6 * YEAR + DAY))).toBe(1)
    expect((await state(id)).docs).toEqual([])
  })

  it('keeps a customer’s six years after the last credit line ended with nothing owed', async () => {
    await call(admin, 'POST', `/admin/users/${sitiId}/legal-hold`, { hold: false })
    const id = await submitted()
    const approved = await call(finance, 'POST', `/admin/kyc/${id}/approve`, {
      verified_hectares: 2,
      contract_starts_on: day(0),
      contract_ends_on: day(365),
      due_on: day(120),
    })
    expect(approved.statusCode).toBe(200)
    // While the credit runs, however long: kept.
    expect(await runKycRetention(t.db.db, files, later(300 * DAY))).toBe(0)
    const ended = 365 * DAY
    expect(await runKycRetention(t.db.db, files, later(ended + 5 * YEAR))).toBe(0)
    expect((await state(id)).docs).toHaveLength(4)
    expect(await runKycRetention(t.db.db, files, later(ended + 6 * YEAR + 2 * DAY))).toBe(1)
    expect((await state(id)).docs).toEqual([])
    const log = (await call(admin, 'GET', `/admin/audit?subject_type=user`)).json().data
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'user.legal_hold_lifted',
      'user.legal_hold',
    ])
  })
})
