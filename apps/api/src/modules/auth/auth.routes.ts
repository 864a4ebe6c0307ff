import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
} from '@padi/domain/auth/rules'
import {
  LoginSchema,
  OtpResendSchema,
  OtpVerifySchema,
  PasswordForgotSchema,
  PasswordResetSchema,
  SignupSchema,
} from '@padi/domain/auth/schemas'
import { UserSchema } from '@padi/domain/auth/user-schema'
import { LocaleSchema } from '@padi/domain/i18n/locale-schemas'
import { DomainError } from '@padi/domain/errors'
import { ErrorResponseSchema } from '../../error-schema.ts'
import { bearerToken, guard, type Guards } from '../../plugins/authenticate.ts'
import type { AuthService } from './auth.service.ts'
import {
  LOG_IN_EXAMPLES,
  REFRESH_EXAMPLES,
  SIGN_UP_EXAMPLES,
  VERIFY_EXAMPLES,
} from './auth-examples.ts'

const TokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().describe('Seconds until the access token expires'),
})
const LoggedInSchema = TokensSchema.extend({ data: UserSchema }).meta({ id: 'LoggedIn' })
const VerifiedSchema = LoggedInSchema.extend({ status: z.literal('OK') }).meta({ id: 'Verified' })
const ChallengeSchema = z.object({ preAuthSessionId: z.string(), deviceId: z.string() })
const MessageSchema = z.object({ statusCode: z.number().int(), message: z.string() })
const LocaleQuery = z.object({ locale: LocaleSchema.default('en') })
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
}

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService
  guards: Guards
  loginRateLimit: number
  authRateLimit: number
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { auth } = opts
  const ctx = (request: FastifyRequest, locale: z.infer<typeof LocaleSchema>) => ({
    clientIp: request.clientIp,
    locale,
  })
  const limited = { rateLimit: { max: opts.authRateLimit, timeWindow: 60_000 } }
  const ua = (request: FastifyRequest) => request.headers['user-agent']

  r.post(
    '/auth/signup',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        operationId: 'signUp',
        ...SIGN_UP_EXAMPLES,
        description: `Creates a pending account and sends a sign-up code by SMS (${OTP_LENGTH} digits, valid ${OTP_TTL_MS / 60_000} minutes). The answer's access_token names only this sign-up (for verifySignupCode and resendCode); the account can log in once the code is verified. A number that has an account is refused.`,
        security: [],
        summary:
          'Create a pending account and send a code by SMS (docs/product/accounts.md sign-up flow)',
        querystring: LocaleQuery,
        body: SignupSchema,
        response: {
          201: MessageSchema.extend(ChallengeSchema.shape).extend({
            access_token: z.string().describe('A pre-auth token naming this sign-up'),
            data: z.object({
              id: z.number().int(),
              mobile: z.string(),
              status: z.literal('pending'),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await auth.signup(request.body, ctx(request, request.query.locale))),
  )

  r.post(
    '/auth/otp/verify',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        operationId: 'verifySignupCode',
        ...VERIFY_EXAMPLES,
        description: `Checks the sign-up code (void after ${OTP_MAX_ATTEMPTS} wrong tries or ${OTP_TTL_MS / 60_000} minutes) and activates the account: the answer holds its access and refresh tokens, as a login does.`,
        security: [],
        summary: 'Verify the sign-up code',
        body: OtpVerifySchema,
        response: { 200: VerifiedSchema, ...errors },
      },
    },
    async (request) => auth.verifySignup(request.body, ua(request)),
  )

  r.post(
    '/auth/otp/resend',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        operationId: 'resendCode',
        description:
          'Sends a new code for a pending sign-up and the old one stops working. A number gets one only after the cool-down since the last (OTP_RESEND_COOLDOWN_SECONDS, 60 by default): before that, 429 OTP_COOLDOWN with the seconds to wait in Retry-After.',
        security: [],
        summary: 'Send a new code after the cool-down',
        querystring: LocaleQuery,
        body: OtpResendSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => auth.resend(request.body, ctx(request, request.query.locale)),
  )

  r.post(
    '/auth/login',
    {
      config: { rateLimit: { max: opts.loginRateLimit, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        operationId: 'logIn',
        ...LOG_IN_EXAMPLES,
        description: `Mobile number and password. Answers an access token and a refresh token (rotate it with refreshTokens). After ${LOGIN_MAX_FAILURES} failures in a row the account is locked for ${LOGIN_LOCK_MS / 60_000} minutes; the answer never says whether the number has an account.`,
        security: [],
        summary: 'Log in with mobile number and password',
        body: LoginSchema,
        querystring: z.object({
          locale: LocaleSchema.optional().describe('The language SMS notices are sent in from now'),
        }),
        response: { 200: LoggedInSchema, ...errors },
      },
    },
    async (request) => auth.login(request.body, ua(request), request.query.locale),
  )

  r.post(
    '/auth/refresh',
    {
      config: limited,
      // The refresh token itself is the credential: its presence is checked before anything else;
      // the rotation (which checks and spends it) is the handler's work.
      onRequest: guard(
        { credential: 'refresh', says: 'the refresh token, as the bearer token' },
        async (request) => {
          if (!bearerToken(request))
            throw new DomainError('REFRESH_INVALID', 'Refresh token required')
        },
      ),
      schema: {
        tags: ['auth'],
        operationId: 'refreshTokens',
        ...REFRESH_EXAMPLES,
        summary: 'Rotate the refresh token (sent as the Bearer token) for new tokens',
        security: [{ bearer: [] }],
        response: { 200: TokensSchema, ...errors },
      },
    },
    async (request) => {
      const token = bearerToken(request)
      if (!token) throw new DomainError('REFRESH_INVALID', 'Refresh token required')
      return auth.refresh(token)
    },
  )

  r.post(
    '/auth/logout',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'logOut',
        summary: 'End this session',
        security: [{ bearer: [] }],
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => auth.logout(request.auth!),
  )

  r.post(
    '/auth/password/forgot',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        description: `Sends a reset code by SMS (${OTP_LENGTH} digits, valid ${OTP_TTL_MS / 60_000} minutes) to a number with an account; a number without one gets the same answer and no SMS, so the answer tells nobody who has an account.`,
        security: [],
        summary: 'Send a password reset code (same answer for numbers without an account)',
        querystring: LocaleQuery,
        body: PasswordForgotSchema,
        response: { 200: MessageSchema.extend(ChallengeSchema.shape), ...errors },
      },
    },
    async (request) => auth.forgotPassword(request.body.mobile, ctx(request, request.query.locale)),
  )

  r.post(
    '/auth/password/reset',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        description: `Sets a new password with the reset code (void after ${OTP_MAX_ATTEMPTS} wrong tries) and ends every other session of the account; the answer holds new tokens for this one.`,
        security: [],
        summary: 'Set a new password with the code; ends every other session',
        body: PasswordResetSchema,
        response: { 200: VerifiedSchema, ...errors },
      },
    },
    async (request) => auth.resetPassword(request.body, ua(request)),
  )

  r.get(
    '/me',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        tags: ['users'],
        operationId: 'getMe',
        summary: 'The logged-in user (docs/product/accounts.md User and profile)',
        security: [{ bearer: [] }],
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => auth.me(request.auth!.userId),
  )
}
