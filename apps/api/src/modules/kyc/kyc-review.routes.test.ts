import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { completeKycDraft, day } from '../../../test/kyc-helpers.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7d2c' } })
    .png()
    .toBuffer()

describe('finance reviews KYC applications (docs/product/credit.md: KYC review)', () => {
  let t: TestApp
  let siti: string
  let finance: string
  let admin: string
  /** Every SMS handed to the gateway. */
  const sent: SmsMessage[] = []
  const smsTo = async (to: string) => {
    await t.app.otp.drain()
    return sent.filter((m) => m.to === to).map((m) => m.body)
  }
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' },
      { sms: { name: 'test', send: async (m) => void sent.push(m) } },
    )
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
    admin = (await loginTokens(t.app, '+60120000005')).access_token
  })
  afterAll(() => t.close())

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })
  const upload = async (kind: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/me/kyc/documents?kind=${kind}&name=${kind}.png`,
      headers: { ...bearer(siti), 'content-type': 'image/png' },
      payload: await png(),
    })
  /** Siti fills and submits an application; answers its id. */
  const submitted = async () => {
    const saved = await call(siti, 'PUT', '/me/kyc', completeKycDraft(3.5))
    expect(saved.statusCode).toBe(200)
    const have = (saved.json().application.documents as { kind: string }[]).map((d) => d.kind)
    for (const kind of ['id_front', 'id_back', 'selfie', 'land_document'])
      if (!have.includes(kind)) expect((await upload(kind)).statusCode).toBe(201)
    // Submitted in Malay: finance's decisions are sent to her in Malay.
    const res = await call(siti, 'POST', '/me/kyc/submit?locale=bm')
    expect(res.statusCode).toBe(200)
    return res.json().application.id as number
  }

  it('is finance’s and admin’s only', async () => {
    expect((await call(siti, 'GET', '/admin/kyc')).statusCode).toBe(403)
    expect((await call(finance, 'GET', '/admin/kyc')).statusCode).toBe(200)
    expect((await call(finance, 'GET', '/admin/audit')).statusCode).toBe(403)
  })

  it('sends back for documents, rejects with a date, and approves 3 hectares into RM3,000', async () => {
    const first = await submitted()
    const queue = (await call(finance, 'GET', '/admin/kyc')).json()
    expect(queue.data.map((a: { id: number }) => a.id)).toContain(first)
    expect(queue.counts.submitted).toBeGreaterThanOrEqual(1)
    const detail = (await call(finance, 'GET', `/admin/kyc/${first}`)).json()
    expect(detail.documents).toHaveLength(4)
    const file = await call(
      finance,
      'GET',
      `/admin/kyc/${first}/documents/${detail.documents[0].id}`,
    )
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toMatch(/^attachment/)
    // docs/security.md row 53: on disk it is ciphertext (not a PNG); finance's read decrypts it
    // and is written to the audit log.
    expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47')
    const stored = await t.db.db.execute(
      sql`select storage_key from kyc_documents where id = ${detail.documents[0].id}`,
    )
    const key = (stored as unknown as { rows: { storage_key: string }[] }).rows[0]!.storage_key
    const onDisk = readFileSync(join(t.config.filesDir, key.slice(0, 2), key))
    expect(onDisk.subarray(0, 4).toString('hex')).not.toBe('89504e47')
    expect(onDisk.includes(file.rawPayload.subarray(16, 64))).toBe(false)
    const read = await t.db.db.execute(
      sql`select action, subject_id, after from audit_log where action = 'file.read' order by id desc limit 1`,
    )
    expect((read as unknown as { rows: unknown[] }).rows[0]).toMatchObject({
      action: 'file.read',
      subject_id: first,
      after: { file_id: detail.documents[0].id },
    })

    // Sent back: the farmer sees which documents, adds one and submits again.
    const back = await call(finance, 'POST', `/admin/kyc/${first}/request-documents`, {
      documents: ['bank_statement'],
      note: 'Six months, please',
    })
    expect(back.json()).toEqual({ id: first, state: 'insufficient_documents' })
    expect(await smsTo('+60120000002')).toEqual([
      'SawahMart: kami perlukan dokumen tambahan untuk permohonan kredit anda. Buka aplikasi untuk menambahnya.',
    ])
    const mine = (await call(siti, 'GET', '/me/kyc')).json().application
    expect(mine).toMatchObject({
      state: 'insufficient_documents',
      requested_documents: ['bank_statement'],
    })
    expect((await upload('bank_statement')).statusCode).toBe(201)
    expect((await call(siti, 'POST', '/me/kyc/submit')).statusCode).toBe(200)
    // A decision on an application no longer waiting for one is refused.
    // Two days on in UTC is at least a day on in the farmer's own time zone.
    const twice = await call(finance, 'POST', `/admin/kyc/${first}/reject`, {
      reason: 'x',
      can_resubmit_on: day(2),
    })
    expect(twice.statusCode).toBe(200)
    const again = await call(finance, 'POST', `/admin/kyc/${first}/reject`, {
      reason: 'x',
      can_resubmit_on: day(1),
    })
    expect(again.json().code).toBe('KYC_NOT_EDITABLE')

    // Rejected until then: no new application before.
    const me = (await call(siti, 'GET', '/me')).json()
    expect(me).toMatchObject({ kyc_status: 'REJECTED' })
    const early = await call(siti, 'PUT', '/me/kyc', { hectares: 3 })
    expect({ status: early.statusCode, code: early.json().code }).toEqual({
      status: 409,
      code: 'KYC_RESUBMIT_LATER',
    })
    // The date comes (moved for the test), and a new application can be made and approved.
    await t.db.db.execute(
      sql`update kyc_applications set can_resubmit_at = now() - interval '1 minute' where id = ${first}`,
    )
    const second = await submitted()
    expect(second).not.toBe(first)
    expect((await call(finance, 'GET', `/admin/kyc/${second}`)).json().history).toHaveLength(1)
    const approved = await call(finance, 'POST', `/admin/kyc/${second}/approve`, {
      verified_hectares: 3,
      contract_starts_on: day(0),
      contract_ends_on: day(365),
      due_on: day(120),
    })
    expect(approved.json()).toEqual({ id: second, state: 'approved' })
    const texts = await smsTo('+60120000002')
    expect(texts).toHaveLength(3)
    expect(texts[1]).toMatch(/tidak diluluskan\. Anda boleh memohon semula mulai /)
    expect(texts[2]).toBe(
      'SawahMart: permohonan kredit anda diluluskan. Kredit RM3,000.00 sedia digunakan di kedai.',
    )
    // A notice is not a code: the farmer can ask for a code at once (no cool-down, no cap used).
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/pin/forgot',
      headers: bearer(siti),
    })
    expect(code.statusCode).toBe(200)
    const credits = (await call(siti, 'GET', '/me/credits')).json().data
    expect(credits[0].available_credits).toEqual({ amount_minor: 300_000, currency: 'MYR' })
    expect((await call(siti, 'GET', '/me')).json().kyc_status).toBe('APPROVED')
    // Approved is final for the farmer too.
    expect((await call(siti, 'PUT', '/me/kyc', { hectares: 9 })).json().code).toBe(
      'KYC_ALREADY_APPROVED',
    )
  })

  it('refuses approval dates that do not hold together', async () => {
    const res = await call(finance, 'POST', '/admin/kyc/1/approve', {
      verified_hectares: 3,
      contract_starts_on: day(0),
      contract_ends_on: day(-1),
      due_on: day(400),
    })
    expect(res.statusCode).toBe(400)
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['contract_ends_on', 'due_on'])
  })

  it('writes every decision to an append-only audit log that admins read', async () => {
    const log = (await call(admin, 'GET', '/admin/audit?subject_type=kyc_application')).json().data
    // Decisions, and before them finance's reading of a document.
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'kyc.approve',
      'kyc.reject',
      'kyc.request_documents',
      'file.read',
    ])
    expect(log[1]).toMatchObject({
      before: { state: 'submitted' },
      after: { state: 'rejected', decision_reason: 'x' },
    })
    await expect(t.db.db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toThrow()
    await expect(t.db.db.execute(sql`delete from audit_log`)).rejects.toThrow()
  })
})
