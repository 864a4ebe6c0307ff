import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { hasForbiddenControlCharacter, INT4_MAX } from '@padi/domain/input-schemas'
import { ROLES, type Role } from '@padi/domain/auth/roles'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { bearer, loginTokens } from '../test/auth-helpers.ts'
import { extensionToken } from '../test/late-repayment-helpers.ts'

/**
 * docs/security.md rows 57-59: the boundary, walked over the document the API serves, so that an
 * operation added tomorrow is covered without anyone writing a test for it. Nothing here knows an
 * operation by name: the document says each one's inputs, their bounds and who may call it.
 */

type Schema = Record<string, unknown>
type Operation = {
  method: string
  path: string
  operationId: string
  secured: boolean
  /** Proven by a payment gateway's signature over the body instead of a token. */
  signed: boolean
  roles: Role[] | null
  /** Another credential than an access token (`x-credential`): 'late-repayment', 'refresh'. */
  credential: string | null
  parameters: { name: string; in: string; required?: boolean; schema: Schema }[]
  body: Schema | null
  /** The statuses the document says the operation answers with. */
  statuses: string[]
}
type Place = 'path' | 'query' | 'header' | 'body'
/** One value a client sends: where, the field's name as field errors give it, and its schema. */
type Leaf = { place: Place; name: string; keys: (string | number)[]; schema: Schema }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
/** The payment gateway's webhook secret in this walk's shop. */
const GATEWAY_SECRET = randomBytes(32).toString('base64')
const ACCOUNTS: Record<Role, string> = {
  customer: '+60120000001',
  staff: '+60120000003',
  finance: '+60120000004',
  admin: '+60120000005',
}

let components: Record<string, Schema> = {}
function resolve(schema: Schema): Schema {
  const ref = schema.$ref
  if (typeof ref === 'string') return resolve(components[ref.split('/').pop()!]!)
  return schema
}
const branches = (s: Schema) => (s.anyOf ?? s.oneOf ?? s.allOf) as Schema[] | undefined
/** The branch of a union the base value takes: the first that is not null. */
function chosen(schema: Schema): Schema {
  const s = resolve(schema)
  const options = branches(s)
  if (!options) return s
  return chosen(options.find((o) => resolve(o).type !== 'null') ?? options[0]!)
}
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type)

const STRING_CANDIDATES = ['a', 'abcdefgh', '123456', '12345678', '06000', 'MY-02', 'A1', 'x-1']
/** A plausible value for a schema, so that a mutated field is the one thing wrong in a request. */
function sample(schema: Schema): unknown {
  const s = chosen(schema)
  if ('const' in s) return s.const
  if (Array.isArray(s.enum)) return s.enum[0]
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0]
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
        out[k] = sample(v)
      return out
    }
    case 'array':
      return s.items ? [sample(s.items as Schema)] : []
    case 'integer':
    case 'number': {
      const min = (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number) + 1
      return Number.isFinite(min) ? Math.max(min, 1) : 1
    }
    case 'boolean':
      return true
    case 'null':
      return null
    default: {
      if (s.format === 'date') return '2026-12-01'
      if (s.format === 'date-time') return '2026-12-01T00:00:00.000Z'
      if (s.format === 'email') return 'a@example.com'
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000'
      if (s.format === 'uri') return 'https://example.com/'
      const min = (s.minLength as number | undefined) ?? 0
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null
      const fit = STRING_CANDIDATES.find((c) => c.length >= min && (!pattern || pattern.test(c)))
      return fit ?? 'a'.repeat(Math.max(min, 1))
    }
  }
}

/** Every text and number inside a schema, with the keys that reach it in the sampled value. */
function leavesOf(schema: Schema, keys: (string | number)[], out: [typeof keys, Schema][]) {
  const s = chosen(schema)
  if ('const' in s) return
  const type = typeOf(s)
  if (type === 'object')
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
      leavesOf(v, [...keys, k], out)
  else if (type === 'array' && s.items) leavesOf(s.items as Schema, [...keys, 0], out)
  else if (type === 'string' || type === 'integer' || type === 'number') out.push([keys, s])
}

function leaves(op: Operation): Leaf[] {
  const out: Leaf[] = []
  for (const p of op.parameters) {
    const found: [(string | number)[], Schema][] = []
    leavesOf(p.schema, [], found)
    for (const [, schema] of found)
      out.push({ place: p.in as Place, name: p.name, keys: [p.name], schema })
  }
  if (op.body) {
    const found: [(string | number)[], Schema][] = []
    leavesOf(op.body, [], found)
    for (const [keys, schema] of found)
      out.push({ place: 'body', name: keys.join('.'), keys, schema })
  }
  return out
}

function setAt(target: unknown, keys: (string | number)[], value: unknown) {
  let at = target as Record<string | number, unknown>
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string | number, unknown>
  at[keys.at(-1)!] = value
}

describe('the API boundary over every operation of the served document (rows 57-59)', () => {
  let t: TestApp
  let operations: Operation[]
  const tokens = {} as Record<Role | 'late-repayment', string>

  beforeAll(async () => {
    // Limits high enough that the walk meets the rules it tests, not the shop's rate limits.
    const many = '1000000'
    t = await createTestApp({
      DEMO_MODE: 'true',
      RATE_LIMIT_MAX: many,
      LOGIN_RATE_LIMIT_MAX: many,
      AUTH_RATE_LIMIT_MAX: many,
      INTEREST_RATE_LIMIT_MAX: many,
      FEEDBACK_RATE_LIMIT_MAX: many,
      OPN_WEBHOOK_SECRET: GATEWAY_SECRET,
    })
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    components = doc.components?.schemas ?? {}
    operations = []
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>))
      for (const method of METHODS) {
        const op = item[method]
        if (!op) continue
        const security = (op.security ?? doc.security ?? []) as Record<string, unknown>[]
        operations.push({
          method: method.toUpperCase(),
          // The document's paths are under its server, the API base.
          path: `${doc.servers[0].url}${path}`,
          operationId: op.operationId as string,
          secured: security.some((s) => Object.keys(s).length > 0),
          signed: security.some((s) => 'gatewaySignature' in s),
          roles: (op['x-roles'] as Role[] | undefined) ?? null,
          credential: (op['x-credential'] as string | undefined) ?? null,
          parameters: (op.parameters ?? []) as Operation['parameters'],
          statuses: Object.keys((op.responses ?? {}) as Schema),
          body: (
            (op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined
          )?.['application/json']?.schema as Schema | null,
        })
      }
    for (const role of ROLES) tokens[role] = (await loginTokens(t.app, ACCOUNTS[role])).access_token
    tokens['late-repayment'] = await extensionToken(t.app, ACCOUNTS.customer)
  })
  afterAll(() => t?.close())

  /** The token of a caller the operation admits: the least privileged role it names. */
  function tokenFor(op: Operation): string | null {
    if (!op.secured || op.signed) return null
    if (op.credential === 'late-repayment') return tokens['late-repayment']
    const role = ROLES.find((r) => op.roles?.includes(r)) ?? 'customer'
    return tokens[role]
  }

  async function send(op: Operation, leaf: Leaf | null, value: unknown, token: string | null) {
    const values = (place: Place) =>
      op.parameters
        .filter((p) => p.in === place)
        .map((p) => [
          p.name,
          leaf?.place === place && leaf.name === p.name ? value : sample(p.schema),
        ])
    let url = op.path
    for (const [name, v] of values('path'))
      url = url.replace(`{${name}}`, encodeURIComponent(String(v)))
    const query = new URLSearchParams(values('query').map(([k, v]) => [k as string, String(v)]))
    const headers: Record<string, string> = Object.fromEntries(
      values('header').map(([k, v]) => [k as string, String(v)]),
    )
    if (token) Object.assign(headers, bearer(token))
    let payload: string | undefined
    if (op.body) {
      const body = sample(op.body)
      if (leaf?.place === 'body') setAt(body, leaf.keys, value)
      payload = JSON.stringify(body)
      headers['content-type'] = 'application/json'
    }
    // A gateway's notice is signed as the gateway signs it, so the walk reaches its fields.
    if (op.signed) {
      const timestamp = String(Math.floor(Date.now() / 1000))
      headers['omise-signature'] = createHmac('sha256', Buffer.from(GATEWAY_SECRET, 'base64'))
        .update(`${timestamp}.${payload ?? ''}`)
        .digest('hex')
      headers['omise-signature-timestamp'] = timestamp
    }
    return t.app.inject({
      method: op.method as 'GET',
      url: `${url}${query.size ? `?${query}` : ''}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    })
  }

  it('the document bounds every integer by its column and gives every text its rule (rows 57, 58)', () => {
    const unbounded: string[] = []
    for (const op of operations)
      for (const leaf of leaves(op)) {
        const s = leaf.schema
        const where = `${op.method} ${op.path} ${leaf.place}:${leaf.name}`
        const type = typeOf(s)
        if (type === 'integer' || type === 'number') {
          const max = s.maximum ?? s.exclusiveMaximum
          const min = s.minimum ?? s.exclusiveMinimum
          if (
            typeof max !== 'number' ||
            max > INT4_MAX ||
            typeof min !== 'number' ||
            min < -INT4_MAX
          )
            unbounded.push(`${where} [${min}, ${max}]`)
        } else if (
          leaf.place !== 'header' &&
          !('enum' in s) &&
          !('pattern' in s) &&
          !['date', 'date-time', 'email', 'uuid', 'uri'].includes(s.format as string)
        )
          unbounded.push(`${where} (text without a pattern)`)
      }
    expect(unbounded).toEqual([])
  })

  it('every secured operation answers 401 to no token and 403 to a role it does not admit, before reading the body (row 59)', async () => {
    const wrong: string[] = []
    for (const op of operations.filter((o) => o.secured)) {
      const anonymous = await t.app.inject({
        method: op.method as 'POST',
        url: op.path.replaceAll(/\{[^}]+\}/g, '1'),
        ...(op.method === 'GET' ? {} : { payload: {} }),
      })
      if (anonymous.statusCode !== 401 || !op.statuses.includes('401'))
        wrong.push(`${op.method} ${op.path}: anonymous ${anonymous.statusCode} ${anonymous.body}`)
      for (const role of ROLES.filter((r) => op.roles && !op.roles.includes(r))) {
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: op.path.replaceAll(/\{[^}]+\}/g, '1'),
          headers: bearer(tokens[role]),
          ...(op.method === 'GET' ? {} : { payload: {} }),
        })
        if (res.statusCode !== 403 || !op.statuses.includes('403'))
          wrong.push(`${op.method} ${op.path}: ${role} ${res.statusCode} ${res.body}`)
      }
    }
    // The walk covered the back office, not just the customer's routes.
    expect(
      operations.filter((o) => o.roles && !o.roles.includes('customer')).length,
    ).toBeGreaterThan(30)
    expect(wrong).toEqual([])
  })

  /**
   * Each text gets U+0000 and each number 2^31, 2^53 and -1, one field at a time, with a token the
   * operation admits: never a 5xx, and a value outside the documented bounds is a 400 naming the
   * field (the rest of the request is a sampled valid-looking value, so that field is the reason).
   */
  it('NUL in every text and 2^31, 2^53, -1 in every number answer 4xx naming the field, never 5xx (rows 57, 58)', async () => {
    const wrong: string[] = []
    let sent = 0
    for (const op of operations) {
      const token = tokenFor(op)
      for (const leaf of leaves(op)) {
        const type = typeOf(leaf.schema)
        const values: unknown[] =
          type === 'string' ? ['a\u0000b', '\u0000'] : [2 ** 31, 2 ** 53, -1]
        for (const value of values) {
          const res = await send(op, leaf, value, token)
          sent++
          const where = `${op.method} ${op.path} ${leaf.place}:${leaf.name}=${JSON.stringify(value)}`
          if (res.statusCode >= 500) wrong.push(`${where}: ${res.statusCode} ${res.body}`)
          // The document is a contract: every status the operation answers is one it declares.
          else if (!op.statuses.includes(String(res.statusCode)))
            wrong.push(`${where}: ${res.statusCode} is not in the document`)
          else if (outOfBounds(leaf.schema, value) && leaf.place !== 'header') {
            const body = res.json() as { errors?: { field: string }[] }
            if (res.statusCode !== 400 || !body.errors?.some((e) => e.field === leaf.name))
              wrong.push(`${where}: ${res.statusCode} ${res.body.slice(0, 300)}`)
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(300)
    expect(wrong).toEqual([])
  })

  it('random control characters and out-of-range numbers never answer 5xx (fast-check, rows 57, 58)', async () => {
    const pairs = operations.flatMap((op) => leaves(op).map((leaf) => ({ op, leaf })))
    const control = fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f)
    const badText = fc
      .tuple(fc.string({ maxLength: 20 }), control, fc.string({ maxLength: 20 }))
      .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`)
    const badNumber = fc.oneof(
      fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -(2 ** 31) - 1 }),
      fc.constantFrom(1e300, -0.5, 2.5),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pairs),
        badText,
        badNumber,
        async ({ op, leaf }, text, n) => {
          const value = typeOf(leaf.schema) === 'string' ? text : n
          const res = await send(op, leaf, value, tokenFor(op))
          expect(
            res.statusCode,
            `${op.method} ${op.path} ${leaf.name}=${JSON.stringify(value)}`,
          ).toBeLessThan(500)
        },
      ),
      { numRuns: 1000 },
    )
  })
})

/** Whether a value breaks the rule the document gives its field. */
function outOfBounds(schema: Schema, value: unknown): boolean {
  if (typeof value === 'string') return hasForbiddenControlCharacter(value)
  if (typeof value !== 'number') return false
  const max = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined
  const min = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined
  if (max !== undefined && (value > max || (schema.exclusiveMaximum !== undefined && value >= max)))
    return true
  if (min !== undefined && (value < min || (schema.exclusiveMinimum !== undefined && value <= min)))
    return true
  return max === undefined || min === undefined
}
