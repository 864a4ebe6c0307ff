import type { SwaggerTransform } from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from './error-schema.ts'

/**
 * The zod type provider names every registered schema twice, `X` for answers and `XInput` for
 * requests, whether or not a route uses both (a known limit of fastify-type-provider-zod). The document is
 * a contract for the mobile app and branch devices, so schemas nothing refers to are left out: a
 * generated client then has one type per thing, and the linter has nothing to warn about.
 */
export function withoutUnusedSchemas<T>(document: T): T {
  const doc = document as {
    paths?: unknown
    components?: { schemas?: Record<string, unknown> }
  }
  const schemas = doc.components?.schemas
  if (!schemas) return document
  const used = new Set<string>()
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item)
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = /^#\/components\/schemas\/(.+)$/.exec(value)?.[1]
          if (name && !used.has(name)) {
            used.add(name)
            visit(schemas[name])
          }
        } else visit(value)
      }
  }
  visit(doc.paths)
  doc.components!.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(name)),
  )
  return document
}

/** What a route that takes a file as its body declares (see withFileBodies). */
type FileBody = {
  types: readonly string[]
  maxBytes: number
  description: string
  /** For a JSON body read as bytes (a signed notice): its shape, for the document only. */
  schema?: Record<string, unknown>
}
/** What a route that answers with a file declares (see withFileBodies). */
type FileAnswer = { status: number; types: readonly string[]; description: string }

/**
 * A route whose body is one file (a receipt, a KYC document, a product photo): the media types it
 * takes and its size limit. The body is read as bytes by the module's own content-type parser,
 * so there is no schema to validate it with; this puts it in the document (withFileBodies).
 */
export function fileBody(types: readonly string[], maxBytes: number, description: string) {
  return { 'x-file-body': { types, maxBytes, description } satisfies FileBody }
}

/**
 * A route whose JSON body is read as bytes, because a signature covers those exact bytes (a
 * payment gateway's notice): its shape goes in the document; the route checks the signature
 * before it reads it.
 */
export function signedJsonBody(
  maxBytes: number,
  description: string,
  schema: Record<string, unknown>,
) {
  return {
    'x-file-body': {
      types: ['application/json'],
      maxBytes,
      description,
      schema,
    } satisfies FileBody,
  }
}

/** A route that answers `status` with a file of one of `types` (a download, a photo). */
export function fileAnswer(types: readonly string[], description: string, status = 200) {
  return { 'x-file-answer': { status, types, description } satisfies FileAnswer }
}

/** One worked example: what it shows, in a line, and the JSON itself. */
export type Example = { summary: string; value: unknown }
/** The examples of one operation: its JSON request, and its answers by status. */
type OperationExamples = {
  request?: Record<string, Example>
  answers: Partial<Record<number, Record<string, Example>>>
}

/** An example's amount in ringgit, in sen, as every answer gives money (integer minor units). */
export const ringgit = (amount_minor: number) => ({ amount_minor, currency: 'MYR' as const })

/**
 * Worked examples of an operation (the money path's: docs/decisions/076-worked-examples-in-the-api-document.md),
 * put in the document by withExamples. Each is named, and its value is typed by the module with
 * the schema's own type, so an example that no longer fits does not compile; the linters check
 * each one against the document too (Spectral's oas3-valid-media-example).
 */
export function operationExamples(examples: OperationExamples) {
  return { 'x-examples': examples }
}

/**
 * The examples declared with operationExamples become the media types' own `examples`. One
 * declared for a request or answer the operation does not have in JSON is an error here, so an
 * example cannot be left out of the document unseen.
 */
export function withExamples<T>(document: T): T {
  type Media = { examples?: Record<string, Example> }
  type Content = { content?: Record<string, Media> }
  const paths = (document as { paths?: Record<string, Record<string, Record<string, unknown>>> })
    .paths
  for (const [path, operations] of Object.entries(paths ?? {}))
    for (const [method, operation] of Object.entries(operations)) {
      const examples = operation['x-examples'] as OperationExamples | undefined
      if (!examples) continue
      delete operation['x-examples']
      const where = `${method.toUpperCase()} ${path}`
      const json = (holder: Content | undefined, what: string) => {
        const media = holder?.content?.['application/json']
        if (!media) throw new Error(`${where}: an example for ${what}, which is not JSON`)
        return media
      }
      if (examples.request)
        json(operation.requestBody as Content | undefined, 'the request').examples =
          examples.request
      const responses = (operation.responses ?? {}) as Record<string, Content>
      for (const [status, named] of Object.entries(examples.answers))
        json(responses[status], `the ${status} answer`).examples = named
    }
  return document
}

/** A body or answer that is one file, of any of `types`. */
const binaryContent = (types: readonly string[]) =>
  Object.fromEntries(
    types.map((type) => [
      type,
      { schema: { type: 'string', format: 'binary', contentMediaType: type } },
    ]),
  )

/**
 * The file bodies and file answers declared with fileBody and fileAnswer become the document's
 * own: a `requestBody` with each media type as binary (and the limit in its description), and the
 * file answer's content in its media types instead of JSON. A client generated from the document
 * can then send a receipt without a cast and read a PDF without parsing it as JSON.
 */
export function withFileBodies<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Record<string, unknown>>> })
    .paths
  for (const operations of Object.values(paths ?? {}))
    for (const operation of Object.values(operations)) {
      const body = operation['x-file-body'] as FileBody | undefined
      if (body) {
        delete operation['x-file-body']
        operation.requestBody = {
          required: true,
          description: `${body.description} At most ${body.maxBytes} bytes (413 above).`,
          content: body.schema
            ? Object.fromEntries(body.types.map((type) => [type, { schema: body.schema }]))
            : binaryContent(body.types),
        }
      }
      const answer = operation['x-file-answer'] as FileAnswer | undefined
      if (answer) {
        delete operation['x-file-answer']
        const responses = (operation.responses ?? {}) as Record<string, unknown>
        responses[String(answer.status)] = {
          description: answer.description,
          content: binaryContent(answer.types),
        }
        operation.responses = responses
      }
    }
  return document
}

/**
 * The document's tags, each with what its operations are for (every tag an operation uses is
 * declared here: app.test.ts checks it). In the order an app developer meets them.
 */
export const API_TAGS = [
  { name: 'health', description: 'Whether the API and its database answer.' },
  { name: 'branches', description: 'The branches, and the version of what visitors see.' },
  {
    name: 'interest',
    description: 'A visitor registering interest before the shop opens in their area.',
  },
  {
    name: 'auth',
    description: 'Sign-up with an SMS code, login, token refresh, logout and password reset.',
  },
  {
    name: 'users',
    description: 'The customer’s own account: profile, SMS reminders, mobile number.',
  },
  { name: 'addresses', description: 'The customer’s delivery addresses.' },
  {
    name: 'catalogue',
    description: 'Products, their search, brands, photos and suggestions. No login needed.',
  },
  { name: 'cart', description: 'The customer’s cart, kept by the API.' },
  {
    name: 'orders',
    description:
      'Checkout quotes and orders paid in cash or on credit (with the PIN or a registered phone).',
  },
  {
    name: 'payment',
    description: 'The payment PIN and the phones registered to pay with a fingerprint or face.',
  },
  { name: 'credit', description: 'The customer’s credit lines and what is owed.' },
  { name: 'kyc', description: 'The customer’s application for credit, with its documents.' },
  {
    name: 'repayments',
    description: 'Repayment receipts the customer sends for finance to check.',
  },
  {
    name: 'late repayment',
    description: 'A farmer asking for more time to repay, reached with an SMS code.',
  },
  { name: 'renewal', description: 'Renewing a credit contract, with its signature.' },
  {
    name: 'vouchers',
    description: 'The customer’s vouchers, counter code (QR) and counter transactions.',
  },
  {
    name: 'branch counter',
    description: 'The branch clerk serving a customer at the counter: lookup, purchase, close.',
  },
  { name: 'staff', description: 'The branch clerk finding a customer by mobile number.' },
  { name: 'kyc review', description: 'Finance checking credit applications and their documents.' },
  { name: 'repayments review', description: 'Finance approving or rejecting repayment receipts.' },
  {
    name: 'payment gateway',
    description:
      'Signed notices from the payment gateway that runs the collecting account (not for apps).',
  },
  {
    name: 'late repayment review',
    description: 'Finance deciding requests for more time to repay.',
  },
  { name: 'renewal review', description: 'Finance approving or rejecting contract renewals.' },
  { name: 'vouchers admin', description: 'Issuing vouchers to customers, previewed first.' },
  {
    name: 'back office',
    description:
      'The admin desk: products, stock, branches, orders, users, feedback, jobs and the audit log.',
  },
  { name: 'admin', description: 'An admin reading a user and setting a legal hold.' },
  { name: 'feedback', description: 'Bug reports and feedback from the shop’s pages.' },
  {
    name: 'dev',
    description:
      'Demo mode only (DEMO_MODE): the SMS outbox and a demo credit line. Absent in production.',
  },
] as const

/**
 * Component schemas as the zod type provider writes them carry `"$id": "#/components/schemas/X"`,
 * an `$id` with a fragment, which JSON Schema 2020-12 (and so OpenAPI 3.1) forbids; the `$ref`s
 * name the schemas already, so the ids are left out.
 */
export function withoutSchemaIds<T>(document: T): T {
  const schemas = (
    document as { components?: { schemas?: Record<string, Record<string, unknown>> } }
  ).components?.schemas
  for (const schema of Object.values(schemas ?? {})) delete schema.$id
  return document
}

const SUCCESS: Record<string, string> = {
  '200': 'OK: the answer below.',
  '201': 'Created: what was made, below.',
  '202': 'Accepted: the work is under way.',
  '204': 'Done; nothing to send back.',
}

/**
 * Answers the routes declare without saying what they mean (Fastify's "Default Response") say it:
 * a success by its status, an error by the codes this API answers with that status (from the one
 * code-to-status table, so they cannot drift); the operation's own description names the ones it
 * gives and their extra fields.
 */
export function withAnswerDescriptions<T>(document: T, statusOf: Record<string, number>): T {
  const codesOf = new Map<number, string[]>()
  for (const [code, status] of Object.entries(statusOf))
    codesOf.set(status, [...(codesOf.get(status) ?? []), code])
  const paths = (
    document as {
      paths?: Record<
        string,
        Record<string, { responses?: Record<string, { description?: string }> }>
      >
    }
  ).paths
  for (const operations of Object.values(paths ?? {}))
    for (const operation of Object.values(operations))
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description !== 'Default Response') continue
        const codes = codesOf.get(Number(status))
        answer.description =
          SUCCESS[status] ??
          (codes
            ? `A refusal in the Error shape; its code is one of ${codes.join(', ')} (the operation's description says which it gives, and their extra fields).`
            : 'A refusal in the Error shape.')
      }
  return document
}

/**
 * Refusals any operation can meet before its route runs, declared on each so an app handles
 * them from the document (docs/product/errors.md): 408 REQUEST_TIMEOUT and 431 HEADERS_TOO_LARGE
 * from Node, 414 URI_TOO_LONG where the path has a parameter, 413 BODY_TOO_LARGE and 415
 * CONTENT_TYPE_UNSUPPORTED from Fastify's body parser on every method that can carry a body, and
 * 429 RATE_LIMITED from the shop-wide limit on every route it covers. A route's own declaration
 * of one of them is kept.
 */
/** The methods whose body Fastify reads, and so can refuse as too large or of an unread type. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const withRefusalsBeforeAnyRoute: SwaggerTransform = (input) => {
  const schema = (input.schema ?? {}) as { response?: Record<string, unknown> }
  const route = input.route as { config?: { rateLimit?: unknown }; method: string | string[] }
  const config = route.config
  const before: Record<string, unknown> = { 408: ErrorResponseSchema, 431: ErrorResponseSchema }
  if (input.url.includes(':')) before[414] = ErrorResponseSchema
  if ([route.method].flat().some((m) => BODY_METHODS.has(m.toUpperCase()))) {
    before[413] = ErrorResponseSchema
    before[415] = ErrorResponseSchema
  }
  if (config?.rateLimit !== false) before[429] = ErrorResponseSchema
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, response: { ...before, ...schema.response } },
  } as never)
}

/**
 * The document names the API base once, as its server (`/api/v1`, on the host that serves the
 * document), and its paths are written from there: `/orders`, not `/api/v1/orders`. A client
 * generated from it is given the base once, as the mobile app and branch devices expect. Every
 * operation the API documents is under the base; one that is not stops the document being built.
 */
export function withApiBase<T>(document: T, base: string): T {
  const doc = document as { paths?: Record<string, unknown>; servers?: unknown }
  doc.paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).map(([path, item]) => {
      if (!path.startsWith(`${base}/`)) throw new Error(`${path} is not under ${base}`)
      return [path.slice(base.length), item]
    }),
  )
  doc.servers = [
    {
      url: base,
      description: `The API base on the host serving this document; every path below is under ${base}.`,
    },
  ]
  return document
}
