import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { completeKycDraft, day } from '../../../test/kyc-helpers.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer()

type Doc = { id: number; kind: string; review: string | null; review_reason: string | null }

/** docs/product/credit.md (KYC review): finance's word on each document, and the farmer's resend. */
describe('finance judges each KYC document', () => {
  let t: TestApp
  let siti: string
  let finance: string
  let admin: string
  let staff: string
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    staff = (await loginTokens(t.app, '+60120000003')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
    admin = (await loginTokens(t.app, '+60120000005')).access_token
  })
  afterAll(() => t.close())

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })
  const upload = async (kind: string, colour = '#3a7d2c') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/me/kyc/documents?kind=${kind}&name=${kind}.png`,
      headers: { ...bearer(siti), 'content-type': 'image/png' },
      payload: await png(colour),
    })
  const mine = async () => (await call(siti, 'GET', '/me/kyc')).json().application
  const judge = (token: string, id: number, doc: number, body: object) =>
    call(token, 'POST', `/admin/kyc/${id}/documents/${doc}/review`, body)

  let id: number
  let docs: Doc[]
  const docOf = (kind: string) => docs.find((d) => d.kind === kind)!

  it('is finance’s alone, on an application waiting for a decision', async () => {
    expect((await call(siti, 'PUT', '/me/kyc', completeKycDraft(2))).statusCode).toBe(200)
    for (const kind of ['id_front', 'id_back', 'selfie', 'land_document'])
      expect((await upload(kind)).statusCode).toBe(201)
    const draft = await mine()
    // Not while the farmer is still filling it in.
    expect(
      (await judge(finance, draft.id, draft.documents[0].id, { review: 'accepted' })).json().code,
    ).toBe('KYC_NOT_EDITABLE')
    expect((await call(siti, 'POST', '/me/kyc/submit?locale=bm')).statusCode).toBe(200)
    id = draft.id
    docs = (await call(finance, 'GET', `/admin/kyc/${id}`)).json().documents
    expect(docs.every((d) => d.review === null)).toBe(true)

    const body = { review: 'resend', reason: 'The photo is blurred' }
    for (const [token, status] of [
      [siti, 403],
      [staff, 403],
      [admin, 403],
      ['forged.token.here', 401],
    ] as const)
      expect((await judge(token, id, docOf('id_front').id, body)).statusCode).toBe(status)
    expect((await judge(finance, id, 999_999, body)).statusCode).toBe(404)
    expect((await judge(finance, 999_999, docOf('id_front').id, body)).statusCode).toBe(404)
  })

  it('refuses a ‘send again’ without its reason, or with one too long', async () => {
    for (const bad of [
      { review: 'resend' },
      { review: 'resend', reason: '   ' },
      { review: 'resend', reason: 'x'.repeat(501) },
      { review: 'maybe' },
    ]) {
      const res = await judge(finance, id, docOf('id_front').id, bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
    const [front] = (await call(finance, 'GET', `/admin/kyc/${id}`))
      .json()
      .documents.filter((d: Doc) => d.kind === 'id_front')
    expect(front.review).toBeNull()
  })

  it('marks documents, audited; the farmer reads the reason once it is sent back', async () => {
    const reason = 'The photo is blurred: the card number cannot be read.'
    const marked = await judge(finance, id, docOf('id_front').id, { review: 'resend', reason })
    expect(marked.statusCode).toBe(200)
    expect(marked.json()).toMatchObject({
      kind: 'id_front',
      review: 'resend',
      review_reason: reason,
    })
    expect(
      (await judge(finance, id, docOf('land_document').id, { review: 'accepted' })).json(),
    ).toMatchObject({ review: 'accepted', review_reason: null })

    // Finance may still change its mind: the farmer sees nothing yet.
    expect(((await mine()).documents as Doc[]).every((d) => d.review === null)).toBe(true)

    // In the audit log, in words the page can show.
    const entries = (
      await call(
        admin,
        'GET',
        `/admin/audit?subject_type=kyc_application&subject_id=${id}&action=kyc.document_review`,
      )
    ).json().data
    expect(entries).toHaveLength(2)
    const resend = entries.find((e: { after: { review: string } }) => e.after.review === 'resend')
    expect(resend.market).toBe('MY')
    expect(resend.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'kind', kind: 'code', after: 'id_front' }),
        expect.objectContaining({ field: 'review', kind: 'code', before: null, after: 'resend' }),
        expect.objectContaining({ field: 'reason', kind: 'text', before: null, after: reason }),
      ]),
    )

    // Not approved while a document is to be sent again.
    const approve = await call(finance, 'POST', `/admin/kyc/${id}/approve`, {
      verified_hectares: 2,
      contract_starts_on: day(0),
      contract_ends_on: day(365),
      due_on: day(120),
    })
    expect({ status: approve.statusCode, code: approve.json().code }).toEqual({
      status: 409,
      code: 'KYC_DOCUMENT_TO_RESEND',
    })

    // Sent back with nothing named: the marked document is asked for.
    const back = await call(finance, 'POST', `/admin/kyc/${id}/request-documents`, {
      documents: [],
    })
    expect(back.json()).toEqual({ id, state: 'insufficient_documents' })
    const app = await mine()
    expect(app.requested_documents).toEqual(['id_front'])
    const front = (app.documents as Doc[]).find((d) => d.kind === 'id_front')!
    expect(front).toMatchObject({ review: 'resend', review_reason: reason })
    expect((app.documents as Doc[]).find((d) => d.kind === 'land_document')!.review).toBe(
      'accepted',
    )
    expect(app.problems).toContainEqual({
      field: 'documents.id_front',
      message: 'kyc.errors.documentResend',
    })
    // Marks are finance's while it decides, not once the application is back with the farmer.
    expect((await judge(finance, id, front.id, { review: 'accepted' })).json().code).toBe(
      'KYC_NOT_EDITABLE',
    )
  })

  it('the farmer sends just that document again: it takes the old one’s place', async () => {
    expect((await call(siti, 'POST', '/me/kyc/submit')).json().code).toBe('VALIDATION_FAILED')
    const oldFront = docOf('id_front').id
    expect((await upload('id_front', '#aa3311')).statusCode).toBe(201)
    const app = await mine()
    const fronts = (app.documents as Doc[]).filter((d) => d.kind === 'id_front')
    expect(fronts).toHaveLength(1)
    expect(fronts[0]!.id).not.toBe(oldFront)
    expect(fronts[0]!.review).toBeNull()
    expect(app.documents).toHaveLength(4)
    expect(app.problems).toEqual([])
    expect((await call(siti, 'POST', '/me/kyc/submit')).statusCode).toBe(200)
    // Back with finance: the accepted document keeps its mark, the new one waits for one.
    const seen = (await call(finance, 'GET', `/admin/kyc/${id}`)).json().documents as Doc[]
    expect(seen.find((d) => d.kind === 'land_document')!.review).toBe('accepted')
    expect(seen.find((d) => d.kind === 'id_front')!.review).toBeNull()
    // The old file is no longer served to anyone.
    expect((await call(finance, 'GET', `/admin/kyc/${id}/documents/${oldFront}`)).statusCode).toBe(
      404,
    )
  })

  it('cannot send an application back with no document named and none marked', async () => {
    const res = await call(finance, 'POST', `/admin/kyc/${id}/request-documents`, {
      documents: [],
    })
    expect(res.statusCode).toBe(400)
    expect(fieldErrorKeys(res.json().errors)).toEqual([
      { field: 'documents', message: 'validation.required' },
    ])
    // And now it can be approved.
    const approve = await call(finance, 'POST', `/admin/kyc/${id}/approve`, {
      verified_hectares: 2,
      contract_starts_on: day(0),
      contract_ends_on: day(365),
      due_on: day(120),
    })
    expect(approve.json()).toEqual({ id, state: 'approved' })
  })
})
