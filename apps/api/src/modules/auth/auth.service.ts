import { regionOfPostcode } from '@padi/domain/geo/regions'
import type { Db, DbHandle } from '@padi/db/client'
import { countryOfMobile } from '@padi/domain/auth/phone'
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@padi/domain/auth/rules'
import type { Login, OtpResend, OtpVerify, PasswordReset, Signup } from '@padi/domain/auth/schemas'
import type { Role } from '@padi/domain/auth/roles'
import type { Locale } from '@padi/domain/i18n/locales'
import type { User } from '@padi/domain/auth/user-schema'
import { resetAllowedInDemo } from '@padi/domain/demo/demo-mode'
import { DomainError } from '@padi/domain/errors'
import type { Clock } from '../../clock.ts'
import type { ApiConfig } from '../../config.ts'
import { createAuthRepository } from './auth.repository.ts'
import type { OtpService, SendContext } from './otp.service.ts'
import { checkPassword, hashPassword, hmac, randomToken, sha256 } from '../../secrets.ts'
import type { TokenSigner } from './tokens.ts'

export type Tokens = { access_token: string; refresh_token: string; expires_in: number }
export type AuthContext = { userId: number; sessionId: string; role: Role }
/**
 * A request whose token is checked (signature, expiry, audience, type) and whose session is yet
 * to be: a route that does the session check inside its own statement (POST /orders, ADR 040).
 */
export type TokenContext = AuthContext & { issuedAt: number; sessionChecked: false }

const WRONG_CREDENTIALS = 'The mobile number or password is incorrect'
const SUSPENDED = 'Your account is suspended'
const DAY_MS = 24 * 60 * 60 * 1000

type SignupPayload = Omit<Signup, 'password' | 'mobile'> & { passwordHash: string }

export function createAuthService(deps: {
  db: Db
  config: ApiConfig
  clock: Clock
  otp: OtpService
  tokens: TokenSigner
  /** Runs the session check as a named prepared statement (it runs on every call). */
  prepared: DbHandle['prepared']
}) {
  const { db, config, clock, otp, tokens, prepared } = deps
  /** On the pool, the session check prepared. */
  const repo = createAuthRepository(db, prepared)
  const now = () => clock.now()

  /**
   * docs/product/accounts.md: the session behind a valid token must live, its user must not be
   * suspended, and the token must be newer than the user's cut-off. place_order
   * (packages/db/sql/functions/place-order.sql) makes the same checks, in the same order, for
   * POST /orders.
   */
  async function checkSession(claims: {
    userId: number
    sessionId: string
    issuedAt: number
  }): Promise<AuthContext> {
    const row = await repo.sessionCheck(claims.sessionId)
    if (!row || row.user_id !== claims.userId)
      throw new DomainError('TOKEN_INVALID', 'Invalid access token')
    // docs/product/accounts.md: a suspended account answers 403 with 'suspended' in the message.
    if (row.status === 'suspended') throw new DomainError('ACCOUNT_SUSPENDED', SUSPENDED)
    if (row.revoked_at) throw new DomainError('SESSION_REVOKED', 'Session ended')
    const cutOff = row.tokens_valid_after ? new Date(row.tokens_valid_after) : null
    if (cutOff && claims.issuedAt + 1000 <= cutOff.getTime()) {
      throw new DomainError('SESSION_REVOKED', 'Session ended')
    }
    return { userId: row.user_id, sessionId: row.session_id, role: row.role }
  }

  async function openSession(
    tx: Db,
    user: { id: number; role: Role },
    userAgent?: string,
  ): Promise<Tokens> {
    const at = now()
    const sessionId = randomToken(18)
    const refresh = randomToken(32)
    const txRepo = createAuthRepository(tx)
    await txRepo.insertSession({
      id: sessionId,
      userId: user.id,
      createdAt: at,
      absoluteExpiresAt: new Date(at.getTime() + config.SESSION_ABSOLUTE_DAYS * DAY_MS),
      userAgent: userAgent?.slice(0, 200) ?? null,
    })
    await txRepo.insertRefreshToken({
      sessionId,
      tokenHash: sha256(refresh),
      createdAt: at,
      expiresAt: new Date(at.getTime() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    })
    return {
      access_token: await tokens.signAccess(
        { userId: user.id, sessionId, role: user.role },
        at.getTime(),
      ),
      refresh_token: refresh,
      expires_in: tokens.accessTtlSeconds,
    }
  }

  /** A successor derived from the token with a server key: the same token always has the same one. */
  const successorToken = (token: string) => hmac(config.jwtSecret, `refresh-successor:${token}`)

  /**
   * docs/product/demo-mode.md: the seeded staff, finance and admin accounts have published
   * passwords; in demo mode nobody may reset them and take the account over.
   */
  function refuseDemoReset(role: Role) {
    if (config.demoMode && !resetAllowedInDemo(role))
      throw new DomainError(
        'DEMO_RESET_REFUSED',
        'In the demo, the passwords of staff, finance and admin accounts cannot be reset.',
      )
  }

  async function userDto(userId: number): Promise<User> {
    const user = await repo.findUserDto(userId)
    if (!user) throw new DomainError('NOT_FOUND', 'User not found')
    return user
  }

  return {
    /**
     * docs/product/accounts.md sign-up flow: the account is created pending and a code is sent. A number that is
     * still pending resumes its verification (409 with a deviceId); an active one is refused.
     */
    async signup(input: Signup, ctx: SendContext) {
      if (!(await repo.branchExists(input.preferred_branch))) {
        throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
          extra: { errors: [{ field: 'preferred_branch', message: 'validation.branchRequired' }] },
        })
      }
      const passwordHash = await hashPassword(input.password)
      const { password: _password, mobile, ...profile } = input
      const payload: SignupPayload = { ...profile, passwordHash }
      const result = await db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx)
        const existing = await txRepo.findUserByMobile(mobile, true)
        if (existing && existing.status !== 'pending') {
          throw new DomainError('USER_EXISTS', 'User already exists')
        }
        let userId = existing?.id
        if (!userId) {
          userId = await txRepo.insertUser({
            mobile,
            passwordHash,
            fullName: input.full_name,
            email: input.email,
            postcode: input.postcode,
            area: input.area,
            district: input.district,
            market: countryOfMobile(mobile) === 'TH' ? 'TH' : 'MY',
            // docs/product/regions.md: the state or province comes from the postcode.
            state:
              regionOfPostcode(countryOfMobile(mobile) === 'TH' ? 'TH' : 'MY', input.postcode)
                ?.code ?? null,
            preferredBranchId: input.preferred_branch,
            // docs/product/notices.md: SMS notices are written in the sign-up's language.
            locale: ctx.locale,
            status: 'pending',
            createdAt: now(),
          })
        }
        // The details to activate travel with this challenge: a second sign-up for the same
        // pending number cannot change what the first one's code verifies.
        const challenge = await otp.issue(tx, { purpose: 'signup', mobile, userId, payload, ctx })
        return { ...challenge, userId, resumed: Boolean(existing) }
      })
      otp.dispatch(result.pending)
      const common = {
        preAuthSessionId: result.preAuthSessionId,
        deviceId: result.deviceId,
        access_token: await tokens.signPreAuth(result.preAuthSessionId, now().getTime()),
      }
      if (result.resumed) {
        throw new DomainError(
          'SIGNUP_PENDING',
          'This number is waiting for verification. A new code was sent.',
          {
            extra: common,
          },
        )
      }
      return {
        statusCode: 201 as const,
        message: 'Account created. Enter the code sent by SMS.',
        ...common,
        data: { id: result.userId, mobile, status: 'pending' as const },
      }
    },

    /** docs/product/accounts.md one-time code payload; status 'OK' activates the account and logs the user in. */
    async verifySignup(input: OtpVerify, userAgent?: string) {
      const result = await db.transaction(async (tx) => {
        const consumed = await otp.consume(tx, {
          preAuthSessionId: input.preAuthSessionId,
          deviceId: input.deviceId,
          code: input.userInputCode,
          purpose: 'signup',
        })
        if (!consumed.ok) return consumed
        const userId = consumed.challenge.userId
        const payload = consumed.challenge.payload as SignupPayload | null
        // docs/product/accounts.md: a missing user during verification does nothing.
        if (!userId || !payload)
          return {
            ok: false as const,
            failure: new DomainError('OTP_INVALID', 'The verification code is not valid'),
          }
        const at = now()
        const user = await createAuthRepository(tx).activatePendingUser(userId, {
          passwordHash: payload.passwordHash,
          fullName: payload.full_name,
          email: payload.email,
          postcode: payload.postcode,
          area: payload.area,
          district: payload.district,
          preferredBranchId: payload.preferred_branch,
          activatedAt: at,
          lastLoginAt: at,
        })
        if (!user)
          return {
            ok: false as const,
            failure: new DomainError('USER_EXISTS', 'User already exists'),
          }
        return {
          ok: true as const,
          tokens: await openSession(tx, user, userAgent),
          userId: user.id,
        }
      })
      if (!result.ok) throw result.failure
      return { status: 'OK' as const, ...result.tokens, data: await userDto(result.userId) }
    },

    async resend(input: OtpResend, ctx: SendContext) {
      const pending = await db.transaction((tx) => otp.resend(tx, { ...input, ctx }))
      otp.dispatch(pending)
      return { statusCode: 200 as const, message: 'A new code was sent' }
    },

    /**
     * docs/security.md rows 1 and 4: one answer for a wrong number and a wrong password, with the
     * same work done; 10 failures in a row lock the number for 30 minutes, known or not. Each
     * attempt is counted before the password is checked, in one atomic statement, so parallel
     * guesses cannot all slip in before the lock: of 100 at once, 10 are checked.
     */
    async login(input: Login, userAgent?: string, locale?: Locale) {
      const at = now()
      const attempt = await repo.reserveLoginAttempt(input.mobile, at, {
        maxFailures: LOGIN_MAX_FAILURES,
        lockMs: LOGIN_LOCK_MS,
      })
      if (attempt.lockedUntil && attempt.lockedUntil.getTime() > at.getTime()) {
        const wait = (attempt.lockedUntil.getTime() - at.getTime()) / 1000
        throw new DomainError('RATE_LIMITED', 'Too many requests', { retryAfterSeconds: wait })
      }
      const user = await repo.findUserByMobile(input.mobile)
      const usable = user && user.status !== 'pending' ? user : null
      const ok = await checkPassword(usable?.passwordHash ?? null, input.password)
      if (!ok || !usable) {
        if (attempt.failures >= LOGIN_MAX_FAILURES)
          await repo.lockLogin(input.mobile, new Date(at.getTime() + LOGIN_LOCK_MS))
        throw new DomainError('INVALID_CREDENTIALS', WRONG_CREDENTIALS)
      }
      if (usable.status === 'suspended') throw new DomainError('ACCOUNT_SUSPENDED', SUSPENDED)
      const issued = await db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx)
        await txRepo.clearLoginFailures(input.mobile)
        // docs/product/notices.md: notices follow the language the farmer logs in with.
        await txRepo.recordLogin(usable.id, { lastLoginAt: at, ...(locale ? { locale } : {}) })
        return openSession(tx, usable, userAgent)
      })
      return { ...issued, data: await userDto(usable.id) }
    },

    /**
     * Rotates a refresh token (ASVS 10.4.5). A token used twice revokes its whole session, except
     * within a few seconds of its rotation, when two tabs refreshed at once: then the second gets
     * the very successor the first got, so a session never has two live refresh tokens
     * (docs/security.md row 16).
     */
    async refresh(refreshToken: string) {
      const at = now()
      const result = await db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx)
        const row = await txRepo.lockRefreshToken(sha256(refreshToken))
        if (!row) return { error: new DomainError('REFRESH_INVALID', 'Invalid refresh token') }
        if (row.status === 'suspended')
          return { error: new DomainError('ACCOUNT_SUSPENDED', SUSPENDED) }
        const { token, session } = row
        if (
          session.revokedAt ||
          session.absoluteExpiresAt.getTime() <= at.getTime() ||
          token.expiresAt.getTime() <= at.getTime()
        ) {
          return { error: new DomainError('REFRESH_INVALID', 'Session expired') }
        }
        const next = successorToken(refreshToken)
        if (token.rotatedAt) {
          const sinceRotation = at.getTime() - token.rotatedAt.getTime()
          if (sinceRotation > config.REFRESH_REUSE_GRACE_SECONDS * 1000) {
            await txRepo.endSessionForReuse(session.id, at)
            return {
              error: new DomainError(
                'REFRESH_REUSED',
                'Refresh token reuse detected; the session was ended',
              ),
            }
          }
          // Inside the grace window: the successor already exists; hand out the same one.
        } else {
          await txRepo.markRefreshTokenRotated(token.id, at)
          await txRepo.insertRefreshToken({
            sessionId: session.id,
            tokenHash: sha256(next),
            parentId: token.id,
            createdAt: at,
            expiresAt: new Date(
              Math.min(
                at.getTime() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS,
                session.absoluteExpiresAt.getTime(),
              ),
            ),
          })
        }
        const access = await tokens.signAccess(
          { userId: row.userId, sessionId: session.id, role: row.role },
          at.getTime(),
        )
        return {
          tokens: {
            access_token: access,
            refresh_token: next,
            expires_in: tokens.accessTtlSeconds,
          },
        }
      })
      if ('error' in result) throw result.error
      return result.tokens
    },

    async logout(auth: AuthContext) {
      await repo.logOut(auth.sessionId, now())
      return { statusCode: 200 as const, message: 'Logged out' }
    },

    /** Same answer whether or not the number has an account (no enumeration). */
    async forgotPassword(mobile: string, ctx: SendContext) {
      const result = await db.transaction(async (tx) => {
        const user = await createAuthRepository(tx).findUserByMobile(mobile)
        const usable = user && user.status === 'active' ? user : null
        if (usable) refuseDemoReset(usable.role)
        return otp.issue(tx, {
          purpose: 'password_reset',
          mobile,
          userId: usable?.id ?? null,
          ctx,
          suppress: !usable,
        })
      })
      otp.dispatch(result.pending)
      return {
        statusCode: 200 as const,
        message: 'If this number has an account, a code was sent by SMS.',
        preAuthSessionId: result.preAuthSessionId,
        deviceId: result.deviceId,
      }
    },

    /** Sets the new password and ends every other session of the user (docs/product/accounts.md). */
    async resetPassword(input: PasswordReset, userAgent?: string) {
      const passwordHash = await hashPassword(input.password)
      const result = await db.transaction(async (tx) => {
        const consumed = await otp.consume(tx, {
          preAuthSessionId: input.preAuthSessionId,
          deviceId: input.deviceId,
          code: input.userInputCode,
          purpose: 'password_reset',
        })
        if (!consumed.ok) return consumed
        const userId = consumed.challenge.userId
        if (!userId)
          return {
            ok: false as const,
            failure: new DomainError('OTP_INVALID', 'The verification code is not valid'),
          }
        const at = now()
        const txRepo = createAuthRepository(tx)
        const user = await txRepo.setNewPassword(userId, passwordHash, at)
        if (!user)
          return {
            ok: false as const,
            failure: new DomainError('OTP_INVALID', 'The verification code is not valid'),
          }
        refuseDemoReset(user.role)
        await txRepo.revokeSessions(user.id, 'password_reset', at)
        await txRepo.clearLoginFailures(user.mobile)
        return {
          ok: true as const,
          tokens: await openSession(tx, user, userAgent),
          userId: user.id,
        }
      })
      if (!result.ok) throw result.failure
      return { status: 'OK' as const, ...result.tokens, data: await userDto(result.userId) }
    },

    /**
     * Checks an access token on every call: signature, expiry, audience and type, then that the
     * session lives, the user is not suspended, and the token is newer than the user's cut-off.
     */
    async authenticate(accessToken: string): Promise<AuthContext> {
      const claims = await tokens.verifyAccess(accessToken, now().getTime())
      return checkSession(claims)
    },

    /** The token alone; the caller checks the session (checkSession, or in its own statement). */
    async verifyToken(accessToken: string): Promise<TokenContext> {
      const claims = await tokens.verifyAccess(accessToken, now().getTime())
      return {
        userId: claims.userId,
        sessionId: claims.sessionId,
        role: claims.role,
        issuedAt: claims.issuedAt,
        sessionChecked: false,
      }
    },

    checkSession,

    me: userDto,

    /** A person by mobile number, whatever their role or state (callers decide who counts). */
    userByMobile(mobile: string) {
      return repo.findUserByMobile(mobile)
    },

    /**
     * Ends every session of a user inside the caller's transaction (`tx`), so a change of role
     * and the end of the sessions it invalidates commit together.
     */
    revokeSessions(tx: Db, userId: number, reason: 'role_changed', at: Date) {
      return createAuthRepository(tx).revokeSessions(userId, reason, at)
    },

    /** docs/product/accounts.md: suspending a user ends all of their sessions at once (ASVS 7.4.2). */
    async setSuspended(userId: number, suspended: boolean) {
      const at = now()
      await db.transaction(async (tx) => {
        const user = await createAuthRepository(tx).setStatus(
          userId,
          suspended ? { status: 'suspended', tokensValidAfter: at } : { status: 'active' },
        )
        if (!user) throw new DomainError('NOT_FOUND', 'User not found')
        if (suspended) await createAuthRepository(tx).revokeSessions(userId, 'suspended', at)
      })
      return userDto(userId)
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
