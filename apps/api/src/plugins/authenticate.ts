import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Role } from '@padi/domain/auth/roles'
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

/**
 * preHandlers that authorise by role in the API (docs/product/accounts.md): every protected route names the roles
 * it admits; a customer never reaches a staff or finance endpoint.
 */
export function createGuards(auth: AuthService) {
  async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request)
    if (!token) throw new DomainError('UNAUTHENTICATED', 'Authentication required')
    request.auth = await auth.authenticate(token)
  }
  /**
   * The token only (signature, expiry, audience, type): for a route whose own statement checks
   * the session under the customer's lock, saving a round trip (POST /orders, ADR 040).
   */
  async function tokenOnly(request: FastifyRequest) {
    const token = bearerToken(request)
    if (!token) throw new DomainError('UNAUTHENTICATED', 'Authentication required')
    request.auth = await auth.verifyToken(token)
  }
  return {
    authenticate,
    tokenOnly,
    requireRole(...roles: Role[]) {
      return async (request: FastifyRequest, _reply: FastifyReply) => {
        await authenticate(request)
        if (!request.auth || !roles.includes(request.auth.role)) {
          throw new DomainError('FORBIDDEN', 'You are not allowed to do this')
        }
      }
    },
  }
}
export type Guards = ReturnType<typeof createGuards>
