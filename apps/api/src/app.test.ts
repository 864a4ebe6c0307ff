import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Validator } from '@seriousme/openapi-schema-validator'
import { createTestApp, type TestApp } from '../test/test-app.ts'

describe('API shell', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers /healthz with 200 while the database is reachable', async () => {
    for (const url of ['/healthz', '/api/v1/healthz']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ status: 'ok' })
    }
  })

  // docs/reliability.md (Rolling restarts): the load balancer's check.
  it('answers /readyz 200 while taking requests and 503 once draining, still serving meanwhile', async () => {
    const other = await createTestApp()
    expect((await other.app.inject({ url: '/readyz' })).statusCode).toBe(200)
    other.app.drain()
    const draining = await other.app.inject({ url: '/readyz' })
    expect(draining.statusCode).toBe(503)
    expect(draining.json()).toEqual({ status: 'stopping' })
    expect((await other.app.inject({ url: '/api/v1/branches' })).statusCode).toBe(200)
    await other.close()
  })

  it('answers /healthz with 503 once the database is gone', async () => {
    const other = await createTestApp()
    await other.db.close()
    const res = await other.app.inject({ url: '/healthz' })
    expect(res.statusCode).toBe(503)
    await other.app.close()
    await other.db.drop().catch(() => undefined)
  })

  it('publishes a valid OpenAPI 3.1 document listing the interest endpoint with its schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\.1\./)
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    const post = doc.paths['/interest'].post
    expect(post.requestBody.content['application/json'].schema).toBeDefined()
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '429']))
    const schemaText = JSON.stringify(doc)
    for (const field of ['full_name', 'postcode', 'area', 'district'])
      expect(schemaText).toContain(field)
    expect(doc.paths['/branches'].get).toBeDefined()
  })

  it('gives every operation a summary, a unique operationId and its security (the mobile app’s contract)', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const ids: string[] = []
    for (const [path, item] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { summary?: string; operationId?: string; security?: unknown[] }>
      >,
    ))
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`
        expect(op.summary, where).toEqual(expect.any(String))
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/)
        expect(op.security, where).toBeDefined()
        // A route that checks a token says so; a gateway's notice, its signature; others none.
        const security = JSON.stringify(op.security)
        const bearer = security === JSON.stringify([{ bearer: [] }])
        const signed = security === JSON.stringify([{ gatewaySignature: [] }])
        expect(bearer || signed || op.security?.length === 0, where).toBe(true)
        ids.push(op.operationId!)
      }
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(
      expect.arrayContaining(['listMyCredits', 'setMyPin', 'logIn', 'listProducts']),
    )
  })

  it('declares every file the API takes or gives with its media types, so a generated client can send and read them', async () => {
    type Op = {
      operationId: string
      requestBody?: { content: Record<string, { schema: { format?: string } }> }
      responses: Record<string, { content?: Record<string, { schema?: { format?: string } }> }>
    }
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const ops = new Map<string, Op>()
    for (const item of Object.values(doc.paths as Record<string, Record<string, Op>>))
      for (const op of Object.values(item)) ops.set(op.operationId, op)
    const uploads = {
      uploadMyReceipt: ['application/pdf', 'image/jpeg', 'image/png'],
      uploadMyKycDocument: ['application/pdf', 'image/jpeg', 'image/png'],
      uploadLateRepaymentDocument: ['application/pdf', 'image/jpeg', 'image/png'],
      setProductPhoto: ['image/jpeg', 'image/png', 'image/webp'],
    }
    for (const [id, types] of Object.entries(uploads)) {
      const content = ops.get(id)?.requestBody?.content ?? {}
      expect(Object.keys(content), id).toEqual(expect.arrayContaining(types))
      for (const type of types) expect(content[type]?.schema.format, id).toBe('binary')
    }
    const downloads = {
      downloadMyReceipt: 'application/pdf',
      downloadReceipt: 'image/png',
      downloadMyKycDocument: 'image/jpeg',
      downloadKycDocument: 'application/pdf',
      downloadMyRenewalContract: 'application/pdf',
      downloadRenewalContract: 'application/pdf',
      downloadLateRepaymentDocument: 'image/png',
      getProductPhoto: 'image/webp',
    }
    for (const [id, type] of Object.entries(downloads)) {
      const content = ops.get(id)?.responses['200']?.content ?? {}
      expect(content[type]?.schema?.format, id).toBe('binary')
      expect(content['application/json'], id).toBeUndefined()
    }
    // The marks the routes use to declare them do not stay in the document.
    expect(JSON.stringify(doc)).not.toContain('x-file-')
  })

  it('declares every tag its operations use, and names no schema by an id with a fragment', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const declared = new Set(
      (doc.tags as { name: string; description: string }[]).map((t) => t.name),
    )
    for (const item of Object.values(
      doc.paths as Record<string, Record<string, { tags?: string[] }>>,
    ))
      for (const op of Object.values(item))
        for (const tag of op.tags ?? []) expect(declared.has(tag), tag).toBe(true)
    expect(JSON.stringify(doc.components.schemas)).not.toContain('"$id"')
    // Every answer says what it means (no Fastify placeholder left).
    expect(JSON.stringify(doc.paths)).not.toContain('Default Response')
    expect(doc.info.contact).toBeDefined()
  })

  it('declares on every operation the refusals met before its route runs (docs/product/errors.md)', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const missing: string[] = []
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string; responses: object }>>,
    ))
      for (const [method, op] of Object.entries(item)) {
        const declared = Object.keys(op.responses)
        const wanted = ['408', '431', ...(path.includes('{') ? ['414'] : [])]
        if (['post', 'put', 'patch', 'delete'].includes(method)) wanted.push('413', '415')
        // Outside the shop-wide limit: the health check, and demo mode's SMS outbox and credit
        // line (used by tests and demos in bursts).
        if (!['getHealth', 'getDemoSmsOutbox', 'grantDemoCreditLine'].includes(op.operationId))
          wanted.push('429')
        for (const status of wanted)
          if (!declared.includes(status)) missing.push(`${op.operationId} ${status}`)
      }
    expect(missing).toEqual([])
  })

  it('refuses a body it cannot take with the code of its status (docs/product/errors.md)', async () => {
    const post = (payload: string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/interest',
        headers: { 'content-type': contentType },
        payload,
      })
    const tooLarge = await post(JSON.stringify({ name: 'a'.repeat(1_100_000) }), 'application/json')
    expect({ status: tooLarge.statusCode, body: tooLarge.json() }).toEqual({
      status: 413,
      body: {
        statusCode: 413,
        code: 'BODY_TOO_LARGE',
        message: 'The request body is larger than this operation takes',
      },
    })
    const text = await post('<name>Ahmad</name>', 'application/xml')
    expect({ status: text.statusCode, code: text.json().code }).toEqual({
      status: 415,
      code: 'CONTENT_TYPE_UNSUPPORTED',
    })
    const broken = await post('{"name":', 'application/json')
    expect({ status: broken.statusCode, code: broken.json().code }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    })
  })

  it('serves the API docs page', async () => {
    const res = await t.app.inject({ url: '/api/docs/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
  })

  it('answers unknown routes with the one error shape', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'Route not found: GET /api/v1/nothing-here',
    })
  })
})
