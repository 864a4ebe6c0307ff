import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as LoginPage from '../auth/login.tsx'
import type * as KycPage from './kyc.tsx'
import type { KycAnswer } from '@padi/domain/kyc/kyc-schemas'
import {
  aBrowser,
  apiJson,
  inEveryCatalogue,
  say,
  startApi,
  tokenOf,
  type TestApi,
} from '../+shared/route-harness.server.ts'

// docs/product/credit.md (KYC): the application wizard's action, on the real API and database,
// for the demo customer without KYC (docs/product/demo-mode.md, Demo data).
const FARMER = '+60120000002'
const KYC = '/en/kyc'

type ActionData = {
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
  formError?: { key: string }
  problems?: { field: string; message: string }[]
}

// The pages' modules are loaded once the web talks to the test API (startApi).
let login: typeof LoginPage
let kyc: typeof KycPage
let api: TestApi
let token: string
const farmer = aBrowser()
const application = async () => (await apiJson<KycAnswer>(api, '/me/kyc', { token })).application

beforeAll(async () => {
  api = await startApi()
  ;[login, kyc] = await Promise.all([import('../auth/login.tsx'), import('./kyc.tsx')])
  token = await tokenOf(api, FARMER)
  const loggedIn = await farmer.post(login, 'public', '/en/login', {
    mobile: FARMER,
    password: 'demo2026',
  })
  expect(loggedIn.status).toBe(302)
})

afterAll(() => api?.stop())

describe('the KYC wizard (kyc/kyc.tsx action)', () => {
  it('says under the field what is wrong with the farm’s answers, and keeps nothing', async () => {
    const before = await application()
    const answer = await farmer.post<ActionData>(kyc, 'protected', KYC, {
      step: 2,
      planting_date: '2026-13-01x',
      harvest_date: '',
      owns_mist_drone: 'yes',
      visited_centre: '',
      hectares: '-1',
    })
    expect(answer.status).toBe(400)
    expect(answer.data.fieldErrors).toEqual({
      planting_date: 'kyc.errors.date',
      hectares: 'kyc.errors.hectaresPositive',
    })
    expect(say(answer.data.fieldErrors!.hectares!)).toBe(
      'Enter the hectares of paddy you own (more than 0).',
    )
    expect(inEveryCatalogue('kyc.errors.hectaresPositive')).toBe(true)
    // What was typed comes back to the form as typed.
    expect(answer.data.values).toMatchObject({ planting_date: '2026-13-01x', hectares: '-1' })
    expect(await application()).toEqual(before)
  })

  it('keeps the identity step and goes on to the farm', async () => {
    const answer = await farmer.post(kyc, 'protected', KYC, {
      step: 1,
      full_name: '  Siti Aminah binti Yusof ',
      id_number: '750312-02-5331',
    })
    expect(answer).toMatchObject({ status: 303, location: `${KYC}?step=2` })
    expect((await application())?.details).toMatchObject({
      full_name: 'Siti Aminah binti Yusof',
      id_number: '750312-02-5331',
    })
  })

  it('reads the hectares with a decimal comma, and the yes/no answers', async () => {
    const answer = await farmer.post(kyc, 'protected', KYC, {
      step: 2,
      planting_date: '2026-03-01',
      harvest_date: '2026-07-15',
      owns_mist_drone: 'no',
      visited_centre: 'yes',
      hectares: '1,5',
    })
    expect(answer).toMatchObject({ status: 303, location: `${KYC}?step=3` })
    expect((await application())?.details).toMatchObject({
      hectares: 1.5,
      owns_mist_drone: false,
      visited_centre: true,
    })
  })

  it('takes one file at a time from the form without scripts, and keeps none of two', async () => {
    const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'a.jpg')
    const answer = await farmer.post<ActionData>(kyc, 'protected', KYC, {
      kind: 'id_front',
      file: [jpeg(), jpeg()],
      attempt: 'attempt-0001',
    })
    expect(answer.status).toBe(400)
    expect(answer.data).toEqual({ formError: { key: 'kyc.upload.oneAtATime' } })
    expect(inEveryCatalogue('kyc.upload.oneAtATime')).toBe(true)
    expect((await application())?.documents).toEqual([])
  })

  it('shows what the API says is still missing when the application is sent too soon', async () => {
    const answer = await farmer.post<ActionData>(kyc, 'protected', KYC, {
      step: 4,
      terms: 'on',
      data_processing: 'on',
      credit_check: 'on',
      intent: 'submit',
    })
    expect(answer.status).toBe(400)
    const missing = answer.data.problems ?? []
    expect(missing.map((p) => p.field)).toEqual(
      expect.arrayContaining(['documents.id_front', 'documents.selfie']),
    )
    for (const p of missing) expect(say(p.message)).not.toBe(p.message)
    // The consents were kept; the application was not sent.
    const app = await application()
    expect(app?.state).not.toBe('submitted')
    expect(app?.details.consents).toEqual({
      terms: true,
      data_processing: true,
      credit_check: true,
    })
  })
})
