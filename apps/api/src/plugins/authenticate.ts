import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { ROLES, type Role } from '@padi/domain/auth/roles'
import { DomainError } from '@padi/domain/errors'
import type { AuthContext, AuthService } from '../modules/auth/auth.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>
/**
 * Who a guard admits: the roles of an account's access token, or another credential (named, and
 * said in words for the document's description).
 */
type Admits =
  | { roles: readonly Role[] }
  | { credential: 'refresh' | 'late-repayment'; says: string }
  | { anyone: true }
const guardFunctions = new WeakMap<Guard, Admits>()

/**
 * Marks a function as a guard: it decides who may call a route from the request's headers alone,
 * and so runs as the route's onRequest hook, before the body is read (docs/security.md row 59).
 * `admits` is written into the API document for the route (`x-roles` and its description).
 */
export function guard(admits: Admits, check: (request: FastifyRequest) => Promise<void>): Guard {
  const fn: Guard = async (request) => check(request)
  guardFunctions.set(fn, admits)
  return fn
}

function whoMayCall(admits: Admits): string {
  if ('anyone' in admits) return 'Anyone; a bearer token, when sent, must be valid.'
  if ('credential' in admits) return `Who may call: ${admits.says}.`
  if (admits.roles.length === ROLES.length) return 'Who may call: any logged-in account.'
  return `Who may call: accounts with the role ${admits.roles.join(' or ')} (others get 403).`
}

function hooksOf(value: RouteOptions['onRequest'] | RouteOptions['preHandler']): unknown[] {
  if (!value) return []
  return Array.isArray(value) ? value : [value]
}

/**
 * docs/security.md row 59: who may call a route is settled before its body is read, parsed or
 * validated. An anonymous caller gets 401 and a caller without the role 403, never the body's
 * rules (which would also leave a client with an expired token at a 400 it cannot refresh from),
 * and an upload is not read for someone who may not send it. Checked once here for every route,
 * at start: a route whose document says it needs a bearer token must have a guard among its
 * onRequest hooks, and no guard may sit in a later hook.
 */
export function requireGuardsBeforeBody(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const where = `${String(route.method)} ${route.url}`
    const later = [route.preParsing, route.preValidation, route.preHandler].flatMap((h) =>
      hooksOf(h as RouteOptions['preHandler']),
    )
    if (later.some((h) => guardFunctions.has(h as Guard)))
      throw new Error(`${where}: a guard must run onRequest, before the body is parsed`)
    const security = (route.schema as { security?: Record<string, string[]>[] } | undefined)
      ?.security
    // A gateway's signed notice (gatewaySignature) is proven by its own onRequest check and its
    // signature over the body; bearer security needs one of these guards.
    const secured = security?.some((s) => 'bearer' in s) ?? false
    const admits = hooksOf(route.onRequest)
      .map((h) => guardFunctions.get(h as Guard))
      .find((a) => a !== undefined)
    if (secured && !admits)
      throw new Error(`${where}: declares bearer security but has no onRequest guard`)
    // The document says who may call each operation, so a client (and the test that walks the
    // document, input-boundary.routes.test.ts) knows which token to send.
    if (admits && route.schema && !route.schema.hide) {
      const schema = route.schema as Record<string, unknown>
      const description = typeof schema.description === 'string' ? `${schema.description}\n\n` : ''
      route.schema = {
        ...schema,
        description: `${description}${whoMayCall(admits)}`,
        ...('roles' in admits ? { 'x-roles': [...admits.roles] } : {}),
        ...('credential' in admits ? { 'x-credential': admits.credential } : {}),
      }
    }
  })
}

/**
 * Guards that authorise by role in the API (docs/product/accounts.md): every protected route
 * names the roles it admits; a customer never reaches a staff or finance endpoint.
 */
export function createGuards(auth: AuthService) {
  async function authenticateRequest(request: FastifyRequest) {
    const token = bearerToken(request)
    if (!token) throw new DomainError('UNAUTHENTICATED', 'Authentication required')
    request.auth = await auth.authenticate(token)
  }
  return {
    authenticate: guard({ roles: ROLES }, authenticateRequest),
    /** Anyone may call; a bearer token, when sent, must be valid and names the caller. */
    optional: guard({ anyone: true }, async (request) => {
      if (bearerToken(request)) await authenticateRequest(request)
    }),
    /**
     * The token only (signature, expiry, audience, type): for a route whose own statement checks
     * the session under the customer's lock, saving a round trip (POST /orders, ADR 040).
     */
    tokenOnly: guard({ roles: ROLES }, async (request) => {
      const token = bearerToken(request)
      if (!token) throw new DomainError('UNAUTHENTICATED', 'Authentication required')
      request.auth = await auth.verifyToken(token)
    }),
    requireRole(...roles: Role[]) {
      return guard({ roles }, async (request) => {
        await authenticateRequest(request)
        if (!request.auth || !roles.includes(request.auth.role)) {
          throw new DomainError('FORBIDDEN', 'You are not allowed to do this')
        }
      })
    },
  }
}
export type Guards = ReturnType<typeof createGuards>
