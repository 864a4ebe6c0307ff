import { jwtVerify, SignJWT, errors as joseErrors } from 'jose'
import { DomainError } from '@padi/domain/errors'
import type { Role } from '@padi/domain/auth/roles'

const ISSUER = 'padi-api'
const AUDIENCE = 'padi'

export type AccessClaims = {
  userId: number
  sessionId: string
  role: Role
  issuedAt: number
  expiresAt: number
}

/** Short-lived access JWTs (HS256) with typ and aud checked (docs/security.md). */
const VERIFIED_KEPT = 10_000
export const EXTENSION_TTL_SECONDS = 30 * 60

export function createTokenSigner(secret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(secret)
  /** Access tokens whose signature and claims were checked: the next call only checks expiry. */
  const verified = new Map<string, AccessClaims>()

  async function sign(
    claims: Record<string, unknown>,
    typ: string,
    subject: string,
    ttl: number,
    nowMs: number,
  ) {
    const iat = Math.floor(nowMs / 1000)
    return new SignJWT({ ...claims, typ })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(key)
  }

  return {
    /** How long an extension token lives (it is shown to the app as `expires_in`). */
    extensionTtlSeconds: EXTENSION_TTL_SECONDS,
    accessTtlSeconds,
    signAccess(input: { userId: number; sessionId: string; role: Role }, nowMs: number) {
      return sign(
        { sid: input.sessionId, role: input.role },
        'access',
        String(input.userId),
        accessTtlSeconds,
        nowMs,
      )
    },
    /** docs/product/accounts.md: sign-up answers an access token; this one only names the pending sign-up. */
    signPreAuth(preAuthSessionId: string, nowMs: number) {
      return sign({ psid: preAuthSessionId }, 'preauth', preAuthSessionId, 10 * 60, nowMs)
    },
    /**
     * docs/product/credit.md (Late repayment): the farmer who proved the mobile number with a code
     * may see and apply for an extension for 30 minutes, and do nothing else: a token of its own
     * type that no other route accepts.
     */
    signExtension(userId: number, nowMs: number) {
      return sign({}, 'extension', String(userId), EXTENSION_TTL_SECONDS, nowMs)
    },
    async verifyExtension(token: string, nowMs: number): Promise<{ userId: number }> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        })
        const userId = Number(payload.sub)
        if (payload.typ !== 'extension' || !Number.isSafeInteger(userId) || userId <= 0)
          throw new DomainError('TOKEN_INVALID', 'Invalid token')
        return { userId }
      } catch (error) {
        if (error instanceof DomainError) throw error
        throw new DomainError('TOKEN_INVALID', 'Invalid or expired token')
      }
    },
    async verifyAccess(token: string, nowMs: number): Promise<AccessClaims> {
      // A token whose signature was checked once is not checked again (it cannot have changed);
      // its expiry is, on every call, and the session behind it is checked by the caller.
      const known = verified.get(token)
      if (known) {
        if (known.expiresAt > nowMs) return known
        verified.delete(token)
        throw new DomainError('TOKEN_INVALID', 'Access token expired')
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        })
        if (
          payload.typ !== 'access' ||
          typeof payload.sid !== 'string' ||
          typeof payload.role !== 'string'
        ) {
          throw new DomainError('TOKEN_INVALID', 'Invalid access token')
        }
        const claims: AccessClaims = {
          userId: Number(payload.sub),
          sessionId: payload.sid,
          role: payload.role as Role,
          issuedAt: (payload.iat ?? 0) * 1000,
          expiresAt: (payload.exp ?? 0) * 1000,
        }
        verified.set(token, claims)
        if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value!)
        return claims
      } catch (error) {
        if (error instanceof DomainError) throw error
        if (error instanceof joseErrors.JWTExpired)
          throw new DomainError('TOKEN_INVALID', 'Access token expired')
        throw new DomainError('TOKEN_INVALID', 'Invalid access token')
      }
    },
  }
}
export type TokenSigner = ReturnType<typeof createTokenSigner>
