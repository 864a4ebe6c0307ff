import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import createClient, { type Middleware } from 'openapi-fetch'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { DEMO_PIN } from '@padi/db/seed/users'
import type { paths } from '../apps/web/app/utils/api-types.generated.ts'
import { createTestApp, type TestApp } from '../apps/api/test/test-app.ts'
import { packsAtOneBranch } from '../apps/api/test/order-fixtures.ts'
import { addStaff } from '../apps/api/test/staff-fixtures.ts'
import { SIGN_UP_BODY } from '../apps/api/src/modules/auth/auth-examples.ts'

/**
 * The API document as a contract (docs/decisions/075-the-web-as-the-documents-first-client.md):
 * the customer's money path driven over HTTP through a client generated from the document
 * (openapi-typescript's types, openapi-fetch's calls, no cast), every answer checked against the
 * document with Ajv. An answer whose status the operation does not declare, whose media type it
 * does not declare, or whose body is off its schema fails the test: what an app developer would
 * meet is found here first.
 */

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }
type Document = {
  paths: Record<string, Record<string, Operation>>
  components: object
  servers: { url: string }[]
}

describe('the money path through a client generated from the API document', () => {
  let t: TestApp
  let doc: Document
  let client: ReturnType<typeof createClient<paths>>
  const problems: string[] = []
  const answered: string[] = []
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const validators = new Map<string, ValidateFunction>()

  /** Checks every answer against the operation's declared statuses, media types and schemas. */
  const againstTheDocument: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const method = request.method.toLowerCase()
      const where = `${method.toUpperCase()} ${schemaPath} ${response.status}`
      answered.push(where)
      const declared = doc.paths[schemaPath]?.[method]?.responses?.[String(response.status)]
      if (!declared) {
        problems.push(`${where}: status not declared`)
        return
      }
      if (response.status === 204 || !declared.content) return
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
      const media = declared.content[type]
      if (!media) {
        problems.push(
          `${where}: ${type} not declared (${Object.keys(declared.content).join(', ')})`,
        )
        return
      }
      if (type !== 'application/json' || !media.schema) return
      let validate = validators.get(where)
      if (!validate) {
        validate = ajv.compile({ ...media.schema, components: doc.components })
        validators.set(where, validate)
      }
      const body: unknown = await response.clone().json()
      if (!validate(body))
        problems.push(
          `${where}: off schema ${ajv.errorsText(validate.errors, { separator: '; ' })}`,
        )
    },
  }

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    client = createClient<paths>({ baseUrl: `${address}${doc.servers[0]!.url}` })
    client.use(againstTheDocument)
  })
  afterAll(() => t.close())

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  it('signs up with the SMS code, logs in and refreshes', async () => {
    // The document's own sign-up example, sent for real: it is what an app developer copies first.
    const { mobile, password } = SIGN_UP_BODY
    const signup = await client.POST('/auth/signup', {
      params: { query: { locale: 'bm' } },
      body: SIGN_UP_BODY,
    })
    expect(signup.response.status).toBe(201)
    const outbox = await client.GET('/dev/sms', { params: { query: { to: mobile } } })
    const code = /\b(\d{6})\b/.exec(outbox.data?.data[0]?.body ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)
    const verified = await client.POST('/auth/otp/verify', {
      body: {
        preAuthSessionId: signup.data!.preAuthSessionId,
        deviceId: signup.data!.deviceId,
        userInputCode: code!,
      },
    })
    expect(verified.response.status).toBe(200)

    const wrong = await client.POST('/auth/login', {
      body: { mobile, password: 'not-the-password' },
    })
    expect(wrong.error?.code).toBe('INVALID_CREDENTIALS')
    const login = await client.POST('/auth/login', {
      body: { mobile, password },
    })
    expect(login.data?.data.mobile).toBe(mobile)
    const refreshed = await client.POST('/auth/refresh', {
      headers: bearer(login.data!.refresh_token),
    })
    expect(refreshed.data?.access_token).toBeTruthy()
    expect(problems).toEqual([])
  })

  it('buys on credit and with cash, is refused as the document says, and sends a receipt', async () => {
    const { branchId, packs } = await packsAtOneBranch(t.db.db, 20)
    const pack = packs[0]!
    const login = await client.POST('/auth/login', {
      body: { mobile: '+60120000001', password: 'demo2026' },
    })
    const auth = { headers: bearer(login.data!.access_token) }

    const found = await client.GET('/products', { params: { query: { q: 'karah' } } })
    expect(found.data?.data.length).toBeGreaterThan(0)
    const cart = await client.POST('/me/cart/lines', {
      ...auth,
      body: { variation_id: pack.id, count: 1 },
    })
    expect(cart.response.status).toBe(200)
    const credits = await client.GET('/me/credits', auth)
    expect(credits.response.status).toBe(200)

    const order = (key: string, pin: string, count = 1) =>
      client.POST('/orders', {
        ...auth,
        params: { header: { 'idempotency-key': key } },
        body: {
          fulfilment: 'pickup',
          payment: 'credits',
          branch_id: branchId,
          pin,
          lines: [{ variation_id: pack.id, count }],
        },
      })
    const wrongPin = await order('contract-wrong-pin', '000000')
    expect({ status: wrongPin.response.status, code: wrongPin.error?.code }).toEqual({
      status: 403,
      code: 'PIN_INVALID',
    })
    const tooMuch = await order('contract-too-much', DEMO_PIN, 999)
    // More packs than the branch holds: 409 OUT_OF_STOCK naming the pack (its extra fields are
    // checked against the document's Error schema by the middleware).
    expect({
      status: tooMuch.response.status,
      code: tooMuch.error?.code,
      packs: (tooMuch.error as { variation_ids?: number[] } | undefined)?.variation_ids,
    }).toEqual({ status: 409, code: 'OUT_OF_STOCK', packs: [pack.id] })
    const placed = await order('contract-credit-1', DEMO_PIN)
    expect(placed.response.status).toBe(201)
    const replay = await order('contract-credit-1', DEMO_PIN)
    expect({ status: replay.response.status, id: replay.data?.id }).toEqual({
      status: 200,
      id: placed.data!.id,
    })
    const cash = await client.POST('/orders', {
      ...auth,
      params: { header: { 'idempotency-key': 'contract-cash-1' } },
      body: {
        fulfilment: 'pickup',
        payment: 'cash',
        branch_id: branchId,
        lines: [{ variation_id: pack.id, count: 1 }],
      },
    })
    expect(cash.response.status).toBe(201)
    const mine = await client.GET('/me/orders', auth)
    expect(mine.data?.data.map((o) => o.id)).toEqual(
      expect.arrayContaining([placed.data!.id, cash.data!.id]),
    )

    // The repayment receipt: a PNG sent as the body, read back as that picture.
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#2c5d7d' },
    })
      .png()
      .toBuffer()
    const receipt = await client.POST('/me/receipts', {
      ...auth,
      params: {
        query: {
          method: 'bank_transfer',
          bank: 'Bank Rakyat',
          amount: '20.50',
          paid_on: new Date().toISOString().slice(0, 10),
          reference: 'FT2611200001',
          name: 'slip.png',
        },
        header: { 'idempotency-key': 'contract-receipt-1' },
      },
      body: new Blob([new Uint8Array(png)], { type: 'image/png' }),
      bodySerializer: (body) => body,
      headers: { ...auth.headers, 'content-type': 'image/png' },
    })
    expect(receipt.response.status).toBe(201)
    const file = await client.GET('/me/receipts/{id}/file', {
      ...auth,
      params: { path: { id: receipt.data!.id } },
      parseAs: 'arrayBuffer',
    })
    expect(file.response.headers.get('content-type')).toMatch(/^image\/png/)
    // The API keeps the picture, not the upload's bytes: images are decoded and encoded again,
    // which drops their metadata (docs/product/credit.md, KYC documents). The picture is compared.
    const kept = await sharp(Buffer.from(file.data!)).metadata()
    expect({ format: kept.format, width: kept.width, height: kept.height }).toEqual({
      format: 'png',
      width: 40,
      height: 30,
    })
    const forged = await client.GET('/me/receipts/{id}/file', {
      ...auth,
      params: { path: { id: 2 ** 31 - 1 } },
      parseAs: 'arrayBuffer',
    })
    expect(forged.response.status).toBe(404)

    const vouchers = await client.GET('/me/vouchers', auth)
    expect(vouchers.response.status).toBe(200)
    const counterCode = await client.GET('/me/counter-code', auth)
    expect(counterCode.response.status).toBe(200)
    expect(problems).toEqual([])
  })

  it('at the counter: the clerk finds the customer by the code the phone shows and sells for cash', async () => {
    const { branchId, packs } = await packsAtOneBranch(t.db.db, 20)
    const pack = packs[0]!
    await addStaff(t.db.db, '+60120000098', branchId)
    const clerk = await client.POST('/auth/login', {
      body: { mobile: '+60120000098', password: 'demo2026' },
    })
    const customer = await client.POST('/auth/login', {
      body: { mobile: '+60120000001', password: 'demo2026' },
    })
    const staff = { headers: bearer(clerk.data!.access_token) }
    const shown = await client.GET('/me/counter-code', {
      headers: bearer(customer.data!.access_token),
    })
    const found = await client.POST('/staff/counter/lookup', {
      ...staff,
      body: { token: shown.data!.token },
    })
    expect(found.data?.mobile).toBe('+60•••••0001')
    const sale = await client.POST('/staff/counter/purchases', {
      ...staff,
      params: { header: { 'idempotency-key': 'contract-counter-1' } },
      body: { token: shown.data!.token, lines: [{ variation_id: pack.id, count: 1 }] },
    })
    expect(sale.response.status).toBe(201)
    expect(sale.data?.cash).toEqual(sale.data?.total)
    const used = await client.POST('/staff/counter/purchases', {
      ...staff,
      params: { header: { 'idempotency-key': 'contract-counter-2' } },
      body: { token: shown.data!.token, lines: [{ variation_id: pack.id, count: 1 }] },
    })
    expect(used.error?.code).toBe('QR_USED')
    expect(problems).toEqual([])
  })

  it('shows a worked example of every request and answer of the money path and the counter, each fitting its schema', () => {
    type Media = { schema?: object; examples?: Record<string, { value: unknown }> }
    type Op = {
      operationId: string
      requestBody?: { content?: Record<string, Media> }
      responses: Record<string, { content?: Record<string, Media> }>
    }
    const ops = new Map<string, Op>()
    for (const item of Object.values(doc.paths as unknown as Record<string, Record<string, Op>>))
      for (const op of Object.values(item)) ops.set(op.operationId, op)
    // docs/decisions/076-worked-examples-in-the-api-document.md: the operations an app needs to
    // sign a farmer up, sell on credit or for cash, take a receipt and serve the counter.
    const moneyPath = {
      signUp: '201',
      verifySignupCode: '200',
      logIn: '200',
      refreshTokens: '200',
      getMyCart: '200',
      addToMyCart: '200',
      quoteCheckout: '200',
      placeOrder: '201',
      listMyCredits: '200',
      uploadMyReceipt: '201',
      listMyVouchers: '200',
      getMyCounterCode: '200',
      counterLookup: '200',
      counterPurchase: '201',
    }
    const missing: string[] = []
    for (const [id, success] of Object.entries(moneyPath)) {
      const op = ops.get(id)
      const request = op?.requestBody?.content?.['application/json']
      if (request && !request.examples) missing.push(`${id} request`)
      if (!op?.responses[success]?.content?.['application/json']?.examples)
        missing.push(`${id} ${success}`)
    }
    expect(missing).toEqual([])
    // Every example in the document, read by a validator that knows unicode patterns (Spectral's
    // reads them without, in npm run lint:openapi): both must accept it.
    let checked = 0
    for (const op of ops.values()) {
      const media = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses).flatMap((answer) => Object.values(answer.content ?? {})),
      ]
      for (const { schema, examples } of media)
        for (const [name, { value }] of Object.entries(examples ?? {})) {
          const validate = ajv.compile({ ...schema, components: doc.components })
          checked += 1
          if (!validate(value))
            problems.push(
              `${op.operationId} example ${name}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`,
            )
        }
    }
    expect(checked).toBeGreaterThanOrEqual(30)
    expect(problems).toEqual([])
  })

  it('refuses what it cannot read before any route runs in the Error shape, as the document declares', async () => {
    // Headers over Node's 16 KB: 431 HEADERS_TOO_LARGE (Node's own answer has no code).
    const padded = await client.GET('/healthz', {
      headers: { 'x-padding': 'a'.repeat(20_000) },
    })
    // The health check's other refusal (503) is its own shape, without a code.
    const refusal = padded.error && 'code' in padded.error ? padded.error.code : undefined
    expect({ status: padded.response.status, code: refusal }).toEqual({
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    })
    // A path part longer than any name: 414 URI_TOO_LONG (Fastify's router's own has FST_ERR_…).
    const long = await client.GET('/product-photos/{name}/{size}', {
      params: { path: { name: 'a'.repeat(600), size: '320' } },
      parseAs: 'arrayBuffer',
    })
    expect({ status: long.response.status, code: long.error?.code }).toEqual({
      status: 414,
      code: 'URI_TOO_LONG',
    })
    // A body of a type no route reads, and one over the 1 MB every JSON operation takes.
    const login = { mobile: '+60120000001', password: 'demo2026' }
    const xml = await client.POST('/auth/login', {
      body: login,
      bodySerializer: () => '<login/>',
      headers: { 'content-type': 'application/xml' },
    })
    expect({ status: xml.response.status, code: xml.error?.code }).toEqual({
      status: 415,
      code: 'CONTENT_TYPE_UNSUPPORTED',
    })
    const large = await client.POST('/auth/login', {
      body: { ...login, password: 'a'.repeat(1_100_000) },
    })
    expect({ status: large.response.status, code: large.error?.code }).toEqual({
      status: 413,
      code: 'BODY_TOO_LARGE',
    })
    expect(problems).toEqual([])
  })

  it('checked every answer it met', () => {
    expect(answered.length).toBeGreaterThanOrEqual(20)
    expect(problems).toEqual([])
  })
})
