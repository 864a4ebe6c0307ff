import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { kycDocuments } from '@padi/db/schema/kyc'
import { KYC_LIMITS } from '@padi/domain/kyc/kyc-documents'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { createEncryptedFileStore } from '../files/encrypted-file-store.ts'
import { sweepUnreferencedFiles } from './kyc-file-sweep.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

const png = (w = 40) =>
  sharp({ create: { width: w, height: 30, channels: 3, background: '#3a7d2c' } })
    .png()
    .toBuffer()
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8b560' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'FarmPhone', Model: 'X1' } })
    .toBuffer()
const pdf = (size = 0) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n'),
    Buffer.alloc(size, 0x20),
    Buffer.from('%%EOF\n'),
  ])
const program = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(120),
])

describe('KYC application: draft, documents, submission (docs/product/credit.md: KYC)', () => {
  let t: TestApp
  let siti: string
  let ahmad: string
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  })
  afterAll(() => t.close())

  const upload = (
    token: string,
    kind: string,
    name: string,
    body: Buffer,
    type = 'application/octet-stream',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/me/kyc/documents?kind=${kind}&name=${encodeURIComponent(name)}`,
      headers: { ...bearer(token), 'content-type': type, ...headers },
      payload: body,
    })
  const kyc = (token: string) => t.app.inject({ url: '/api/v1/me/kyc', headers: bearer(token) })
  const storedFiles = async () =>
    (await readdir(t.config.filesDir, { recursive: true, withFileTypes: true })).filter(
      (e) => e.isFile() && !e.parentPath.endsWith('tmp'),
    ).length
  const documentRows = async () => (await t.db.db.select({ n: count() }).from(kycDocuments))[0]!.n
  /** A refused upload answers its code and keeps nothing: no row, no file. */
  const refusedAndNothingKept = async (
    res: Awaited<ReturnType<typeof upload>>,
    status: number,
    code: string,
  ) => {
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code })
    expect(await documentRows()).toBe(rowsBefore)
    expect(await storedFiles()).toBe(filesBefore)
  }
  let rowsBefore = 0
  let filesBefore = 0

  it('keeps the answers saved step by step, and says what a submission still needs', async () => {
    const empty = (await kyc(siti)).json()
    expect(empty).toMatchObject({ application: null, may_apply: true, can_resubmit_at: null })
    expect(empty.limits).toEqual({
      max_files: KYC_LIMITS.maxFiles,
      max_file_bytes: KYC_LIMITS.maxFileBytes,
      max_total_bytes: KYC_LIMITS.maxTotalBytes,
      file_types: ['application/pdf', 'image/jpeg', 'image/png'],
    })
    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/kyc',
      headers: bearer(siti),
      payload: { full_name: 'Siti binti Abdullah', consents: { terms: true } },
    })
    expect(first.statusCode).toBe(200)
    const second = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/kyc',
      headers: bearer(siti),
      payload: { id_number: '820907-09-6124', hectares: 3, consents: { data_processing: true } },
    })
    const app = second.json().application
    expect(app.state).toBe('draft')
    expect(app.details).toMatchObject({
      full_name: 'Siti binti Abdullah',
      id_number: '820907-09-6124',
      hectares: 3,
      consents: { terms: true, data_processing: true },
    })
    expect(app.problems.map((p: { field: string }) => p.field)).toEqual(
      expect.arrayContaining(['planting_date', 'consents', 'documents.id_front', 'documents']),
    )
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/kyc',
      headers: bearer(siti),
      payload: { hectares: -1, planting_date: 'yesterday' },
    })
    expect(bad.statusCode).toBe(400)
    expect((await kyc(siti)).json().application.details.hectares).toBe(3)
  })

  it('refuses a PNG named .pdf, a program named .png, an empty file, the virus test file, one byte too many and one file too many, keeping nothing', async () => {
    rowsBefore = await documentRows()
    filesBefore = await storedFiles()
    await refusedAndNothingKept(
      await upload(siti, 'bank_statement', 'statement.pdf', await png()),
      415,
      'UPLOAD_INVALID_TYPE',
    )
    await refusedAndNothingKept(
      await upload(siti, 'id_front', 'card.png', program),
      415,
      'UPLOAD_INVALID_TYPE',
    )
    await refusedAndNothingKept(
      await upload(siti, 'id_front', 'card.png', Buffer.alloc(0)),
      400,
      'UPLOAD_EMPTY',
    )
    // A real PDF that carries the antivirus test file is refused by the scan (ADR 043).
    const eicar = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'
    await refusedAndNothingKept(
      await upload(
        siti,
        'bank_statement',
        'statement.pdf',
        Buffer.concat([pdf(), Buffer.from(eicar)]),
      ),
      422,
      'UPLOAD_INFECTED',
    )
    const atLimit = pdf(KYC_LIMITS.maxFileBytes - pdf().length)
    expect(atLimit.length).toBe(KYC_LIMITS.maxFileBytes)
    await refusedAndNothingKept(
      await upload(siti, 'land_document', 'land.pdf', Buffer.concat([atLimit, Buffer.from(' ')])),
      413,
      'UPLOAD_TOO_LARGE',
    )
    const fits = await upload(siti, 'land_document', 'land.pdf', atLimit, 'application/pdf')
    expect(fits.statusCode).toBe(201)
    // Up to the count: the next is refused.
    for (let i = 1; i < KYC_LIMITS.maxFiles; i++)
      expect(
        (await upload(siti, 'harvest_sales', `sales-${i}.png`, await png(20 + i))).statusCode,
      ).toBe(201)
    rowsBefore = await documentRows()
    filesBefore = await storedFiles()
    await refusedAndNothingKept(
      await upload(siti, 'harvest_sales', 'one-more.png', await png()),
      409,
      'UPLOAD_LIMIT',
    )
    // Make room again for the next test.
    const docs = (await kyc(siti)).json().application.documents as { id: number; kind: string }[]
    for (const d of docs.filter((d) => d.kind === 'harvest_sales'))
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/v1/me/kyc/documents/${d.id}`,
            headers: bearer(siti),
          })
        ).statusCode,
      ).toBe(204)
  })

  it('serves a document only to its owner, as an attachment, without the camera’s metadata', async () => {
    const res = await upload(siti, 'selfie', 'me.jpg', await photo())
    expect(res.statusCode).toBe(201)
    const { id } = res.json()
    const mine = await t.app.inject({
      url: `/api/v1/me/kyc/documents/${id}`,
      headers: bearer(siti),
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('image/jpeg')
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="me.jpg"/)
    expect(mine.headers['content-security-policy']).toBe('sandbox')
    expect(mine.headers['x-content-type-options']).toBe('nosniff')
    expect(mine.headers['cache-control']).toBe('private, no-store')
    expect((await sharp(mine.rawPayload).metadata()).exif).toBeUndefined()
    const theirs = await t.app.inject({
      url: `/api/v1/me/kyc/documents/${id}`,
      headers: bearer(ahmad),
    })
    expect(theirs.statusCode).toBe(404)
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/kyc/documents/${id}`,
      headers: bearer(ahmad),
    })
    expect(gone.statusCode).toBe(404)
    // The file on the disk is not the picture: it is encrypted.
    const [anyFile] = (
      await readdir(t.config.filesDir, { recursive: true, withFileTypes: true })
    ).filter((e) => e.isFile())
    const { readFile } = await import('node:fs/promises')
    const raw = await readFile(join(anyFile!.parentPath, anyFile!.name))
    expect(raw.subarray(0, 3).toString()).toBe('PF1')
  })

  it('sweeps, once an hour old, files no record points at, and keeps every recorded one', async () => {
    const store = createEncryptedFileStore({ dir: t.config.filesDir, key: t.config.fileKey })
    // As if the API stopped between the store and the record.
    const orphan = await store.put(Buffer.from('a file whose record was never written'))
    const recorded = await upload(siti, 'utility_bill', 'bill.png', await png())
    expect(recorded.statusCode).toBe(201)
    const before = await storedFiles()
    const soon = new Date(Date.now() + 30 * 60 * 1000)
    expect(await sweepUnreferencedFiles(t.db.db, store, soon)).toBe(0)
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000)
    expect(await sweepUnreferencedFiles(t.db.db, store, later)).toBe(1)
    expect(await store.get(orphan.key)).toBeNull()
    expect(await storedFiles()).toBe(before - 1)
    const mine = await t.app.inject({
      url: `/api/v1/me/kyc/documents/${recorded.json().id}`,
      headers: bearer(siti),
    })
    expect(mine.statusCode).toBe(200)
  })

  it('keeps one document and one file for a file sent ten times with one Idempotency-Key', async () => {
    rowsBefore = await documentRows()
    filesBefore = await storedFiles()
    const statement = await png(77)
    const withKey = { 'idempotency-key': `kyc-${Date.now()}-bank_statement` }
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        upload(siti, 'bank_statement', 'statement.png', statement, undefined, withKey),
      ),
    )
    const created = tries.filter((r) => r.statusCode === 201)
    // Each try answers the document or, while the first is under way, 409 (try again).
    expect(created.length + tries.filter((r) => r.statusCode === 409).length).toBe(10)
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1)
    expect(await documentRows()).toBe(rowsBefore + 1)
    // The tries' copies of the file were removed: one file, counted once toward the limits.
    expect(await storedFiles()).toBe(filesBefore + 1)
    const listed = (await kyc(siti)).json().application.documents as { kind: string }[]
    expect(listed.filter((d) => d.kind === 'bank_statement')).toHaveLength(1)
    // The same key for another file is refused and keeps nothing.
    rowsBefore = await documentRows()
    filesBefore = await storedFiles()
    await refusedAndNothingKept(
      await upload(siti, 'bank_statement', 'other.png', await png(78), undefined, withKey),
      422,
      'IDEMPOTENCY_MISMATCH',
    )
  })

  it('submits when everything is there, and then cannot be changed', async () => {
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/kyc/submit',
      headers: bearer(siti),
    })
    expect(early.statusCode).toBe(400)
    expect(early.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['planting_date', 'documents.id_front']),
    )
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/kyc',
      headers: bearer(siti),
      payload: {
        planting_date: '2026-09-01',
        harvest_date: '2027-01-15',
        owns_mist_drone: false,
        visited_centre: true,
        consents: { credit_check: true },
      },
    })
    for (const kind of ['id_front', 'id_back'])
      expect((await upload(siti, kind, `${kind}.png`, await png())).statusCode).toBe(201)
    expect((await upload(siti, 'selfie', 'selfie.jpg', await photo())).statusCode).toBe(201)
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/kyc/submit',
      headers: bearer(siti),
    })
    expect(done.statusCode).toBe(200)
    expect(done.json().application).toMatchObject({ state: 'submitted', problems: [] })
    const me = (await t.app.inject({ url: '/api/v1/me', headers: bearer(siti) })).json()
    expect(me.kyc_status).toBe('INCOMPLETE')
    const late = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/kyc',
      headers: bearer(siti),
      payload: { hectares: 30 },
    })
    expect({ status: late.statusCode, code: late.json().code }).toEqual({
      status: 409,
      code: 'KYC_NOT_EDITABLE',
    })
    expect((await upload(siti, 'utility_bill', 'bill.png', await png())).statusCode).toBe(409)
  })
})
